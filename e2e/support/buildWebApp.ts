/** Builds a web app (`apps/board` or `apps/classroom`) with Vite into a temporary folder (once per test file). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The web apps the server serves. */
export type WebApp = 'board' | 'classroom';

/** The app's folder (`apps/<app>`). */
export function webAppRoot(app: WebApp): string {
  return resolve(here, '..', '..', 'apps', app);
}

/**
 * Builds the app in production mode; returns the output folder (give it to the server as
 * `boardDistDir` / CLASSROOM_DIST_DIR).
 */
export async function buildWebApp(app: WebApp): Promise<string> {
  const root = webAppRoot(app);
  const outDir = mkdtempSync(join(tmpdir(), `dotink-${app}-`));
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
  return outDir;
}
