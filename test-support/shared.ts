/**
 * Where tests find the shared vendor data (`../shared/data/ncode` beside the repository).
 * Tests read it from there; the product reads vendor data from a configured directory.
 * Override with DOTINK_SHARED_DIR (the folder that holds `data/`, `spec/`, `reference/`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The shared folder (holds data/, spec/, reference/). */
export const sharedDir = process.env.DOTINK_SHARED_DIR ?? resolve(repoRoot, '..', 'shared');

/** Path under `shared/data/ncode`. */
export function ncodeDataPath(...parts: string[]): string {
  const p = join(sharedDir, 'data', 'ncode', ...parts);
  if (!existsSync(p)) throw new Error(`shared vendor data not found: ${p} (set DOTINK_SHARED_DIR)`);
  return p;
}

/** Reads a shared data file as bytes, gunzipping `.gz` files. */
export function readNcodeData(...parts: string[]): Uint8Array {
  const p = ncodeDataPath(...parts);
  const raw = readFileSync(p);
  return p.endsWith('.gz') ? new Uint8Array(gunzipSync(raw)) : new Uint8Array(raw);
}

/** Reads a shared data file as UTF-8 text. */
export function readNcodeText(...parts: string[]): string {
  return new TextDecoder().decode(readNcodeData(...parts));
}

/** The names of the real .nproj files. */
export function nprojFileNames(): string[] {
  return readdirSync(ncodeDataPath('nproj'))
    .filter((f) => f.endsWith('.nproj'))
    .sort();
}

export { repoRoot };
