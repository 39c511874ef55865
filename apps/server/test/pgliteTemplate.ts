/**
 * A migrated PGlite database, dumped once and reused: booting a fresh PGlite takes seconds,
 * loading a dump well under one. The dump is cached under node_modules/.cache, keyed by the
 * migrations' source and the PGlite version, and built by whichever test file needs it first
 * (others wait on a lock directory).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..', '..');
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'dotink-server');
const migrationsDir = resolve(here, '..', 'src', 'db', 'migrations');
// the repository's `test-support/makeOnce.ts`, loaded by URL: it lies outside this project's root
const { makeOnce } = (await import(new URL('../../../test-support/makeOnce.ts', import.meta.url).href)) as {
  makeOnce(target: string, make: (tmp: string) => Promise<void>): Promise<string>;
};

function templateKey(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(migrationsDir).sort()) {
    if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
    h.update(f).update(readFileSync(join(migrationsDir, f)));
  }
  const pkg = JSON.parse(
    readFileSync(join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  h.update(pkg.version);
  return h.digest('hex').slice(0, 16);
}

async function build(target: string): Promise<void> {
  const pglite = new PGlite();
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(target, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
    if (!pglite.closed) await pglite.close();
  }
}

let cached: Promise<Blob> | undefined;

/** The template dump as a Blob, for `new PGlite({ loadDataDir })`. */
export function pgliteTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const file = await makeOnce(join(cacheDir, `pglite-template-${templateKey()}.tar`), build);
    return new Blob([readFileSync(file)]);
  })();
  return cached;
}
