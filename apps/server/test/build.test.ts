/**
 * The server's JavaScript build (scripts/build.mjs): what `npm start` and the container image
 * (deploy/Dockerfile) run with plain `node`, on the production dependencies only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildMetafile, buildServer } from '../scripts/build.mjs';
import { describeEachDatabase } from './harness';
import { createPostgresDatabase } from './postgresDatabase';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = fileURLToPath(new URL('../../..', import.meta.url));

type PackageJson = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const packageJson = (dir: string): PackageJson => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** The packages the server may import at run time: its dependencies and those of the workspace packages it bundles. */
function productionPackages(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const name of Object.keys(packageJson(dir).dependencies ?? {})) {
      if (name.startsWith('@dotink/')) visit(join(repoDir, 'packages', name.slice('@dotink/'.length)));
      else names.add(name);
    }
  };
  visit(serverDir);
  return names;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (path: string) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const outdir = join(serverDir, 'dist', `test-${process.pid}`);
let metafile: BuildMetafile;

beforeAll(async () => {
  metafile = await buildServer(outdir);
}, 120_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the server built to JavaScript', () => {
  it('imports only Node built-ins and production dependencies (no tsx, no workspace sources)', () => {
    const allowed = productionPackages();
    const builtins = new Set(builtinModules);
    const imported = Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external));
    const packages = new Set(
      imported
        .map((i) => i.path)
        .filter((p) => !p.startsWith('node:') && !builtins.has(p))
        .map(packageOf),
    );
    expect(packages.size).toBeGreaterThan(0);
    expect([...packages].filter((p) => !allowed.has(p))).toEqual([]);
    expect(packages.has('tsx')).toBe(false);
    expect([...packages].some((p) => p.startsWith('@dotink/'))).toBe(false);
    expect(
      Object.keys(metafile.outputs)
        .map((o) => o.split('/').at(-1))
        .sort(),
    ).toEqual(['main.js', 'main.js.map', 'pgliteWorker.js', 'pgliteWorker.js.map']);
  });
});

describeEachDatabase('the built server started with plain node', (kind) => {
  let child: ChildProcess;
  let base: string;
  let output = '';
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'dotink-built-'));
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '');
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
    // Only what the server reads: no NODE_OPTIONS or loader from the test runner.
    child = spawn(process.execPath, [join(outdir, 'main.js')], {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`))),
    );
    const started = (async () => {
      while (!output.includes('demo logins:')) await new Promise((r) => setTimeout(r, 200));
    })();
    await Promise.race([started, exited]);
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('migrates, seeds the demo school and answers its health check and OpenID configuration', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: { database: string } }).data.database).toBe(kind);
    const discovery = await fetch(`${base}/oauth/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${base}/oauth`);
    expect(output).toContain('admin@demo.dotink.dev');
  });
});
