/**
 * Builds a web app (`apps/board` or `apps/classroom`) with Vite in production mode, once per
 * content of its sources: the build is kept under node_modules/.cache keyed by a hash of the
 * app's and the packages' files (and the lock file), so a test run builds each app once instead
 * of once per test file. Each caller gets its own copy in a temporary folder (it may delete it).
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeOnce } from '../../test-support/makeOnce';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'dotink-e2e');

/** The web apps the server serves. */
export type WebApp = 'board' | 'classroom';

/** The app's folder (`apps/<app>`). */
export function webAppRoot(app: WebApp): string {
  return resolve(here, '..', '..', 'apps', app);
}

function hashTree(h: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(h, path);
    else if (entry.isFile()) h.update(path).update(readFileSync(path));
  }
}

/** A key for everything a build of `app` reads from this repository. */
function buildKey(app: WebApp): string {
  const h = createHash('sha256');
  hashTree(h, webAppRoot(app));
  hashTree(h, join(repoRoot, 'packages'));
  h.update(readFileSync(join(repoRoot, 'package-lock.json')));
  h.update(process.env.DOTINK_NO_MINIFY ? 'no-minify' : 'minify');
  return h.digest('hex').slice(0, 16);
}

async function viteBuild(app: WebApp, outDir: string): Promise<void> {
  const root = webAppRoot(app);
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would give a development build (React's, no service worker).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, ...(process.env.DOTINK_NO_MINIFY ? { minify: false } : {}) },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * The app built in production mode; returns a folder of the caller's own (give it to the server as
 * `boardDistDir` / CLASSROOM_DIST_DIR).
 */
export async function buildWebApp(app: WebApp): Promise<string> {
  const key = buildKey(app);
  const built = await makeOnce(join(cacheDir, `${app}-${key}`), async (tmp) => {
    // builds of older sources are of no more use
    for (const old of readdirSync(cacheDir)) {
      if (old.startsWith(`${app}-`) && !old.includes(key))
        rmSync(join(cacheDir, old), { recursive: true, force: true });
    }
    await viteBuild(app, tmp);
  });
  const outDir = mkdtempSync(join(tmpdir(), `dotink-${app}-`));
  cpSync(built, outDir, { recursive: true });
  return outDir;
}
