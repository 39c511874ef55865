/**
 * The shared vendor data for server tests, located by the repository's `test-support/shared.ts`
 * (`sharedDir`, overridable with DOTINK_SHARED_DIR). Loaded by URL: that file lies outside this
 * project's TypeScript root.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sharedModule = new URL('../../../test-support/shared.ts', import.meta.url).href;
const { sharedDir } = (await import(sharedModule)) as { sharedDir: string };

/** `shared/data/ncode`: nbs.json.gz, code/s3-o27-b1068/…, nproj/…; point NCODE_DATA_DIR here. */
export const sharedNcodeDir = join(sharedDir, 'data', 'ncode');

/**
 * A vendor data directory (in the temporary directory, made once per test file) with the shared
 * data linked in (unless `shared` is false) and, beside its real code pages, empty placeholder
 * code files for `books` (`[section, owner, book, first page, last page]`): enough installed pages for tests that
 * issue many codes. The placeholders are only names: printing them fails.
 */
export function vendorDirWithCodePages(
  books: readonly (readonly [number, number, number, number, number])[],
  { shared = true }: { shared?: boolean } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'dotink-vendor-'));
  mkdirSync(join(dir, 'code'));
  if (shared) {
    for (const entry of readdirSync(sharedNcodeDir)) {
      if (entry !== 'code') symlinkSync(join(sharedNcodeDir, entry), join(dir, entry));
    }
    for (const book of readdirSync(join(sharedNcodeDir, 'code'))) {
      symlinkSync(join(sharedNcodeDir, 'code', book), join(dir, 'code', book));
    }
  }
  for (const [s, o, b, first, last] of books) {
    const name = `s${s}-o${o}-b${b}`;
    mkdirSync(join(dir, 'code', name), { recursive: true });
    for (let p = first; p <= last; p++) writeFileSync(join(dir, 'code', name, `${name}-p${p}.code.gz`), '');
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
