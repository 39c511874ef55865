/**
 * Builds the board app with Vite into a temporary folder (once per test file), and bundles the
 * simulated-pen page script with esbuild.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { buildWebApp } from '../../support/buildWebApp';

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the app; returns the output folder. */
export const buildBoard = (): Promise<string> => buildWebApp('board');

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
