/**
 * Builds the board app with Vite into a temporary folder (once per test file), and bundles the
 * simulated-pen page script with esbuild.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
export const boardRoot = resolve(here, '..', '..', '..', 'apps', 'board');

/** Builds the app; returns the output folder. */
export async function buildBoard(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'dotink-board-'));
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would give a development build (React's, no service worker).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: boardRoot,
      configFile: join(boardRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

/** The simulated pens page script (see page/simulatedPens.ts). */
export async function simulatedPensScript(): Promise<string> {
  const out = await esbuild({
    entryPoints: [join(here, '..', 'page', 'simulatedPens.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}
