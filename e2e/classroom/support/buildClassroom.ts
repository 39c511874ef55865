/** Builds the classroom app with Vite into a temporary folder (once per test file). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const classroomRoot = resolve(here, '..', '..', '..', 'apps', 'classroom');

/** Builds the app; returns the output folder (give it to the server as CLASSROOM_DIST_DIR). */
export async function buildClassroom(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'dotink-classroom-'));
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would give a development build of React.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: classroomRoot,
      configFile: join(classroomRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}
