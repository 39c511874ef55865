/**
 * What the start banner says about the vendor data directory (`NCODE_DATA_DIR`): when it is
 * missing or empty, or lacks a part, which part is missing and where it goes. Without it the
 * paper catalogue answers 503 and code pages, book PDFs and project files 404, so the operator
 * hears it once at start instead of from a teacher later.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CATALOGUE_FILE, NCODE_DATA_DIR_SETTING } from './vendorData';

/** One part of the vendor data directory. */
interface VendorPart {
  /** Its path inside the directory. */
  readonly path: string;
  /** What it is, for the operator. */
  readonly what: string;
  /** What does not work without it. */
  readonly without: string;
  /** A file (the catalogue) or a directory that must hold at least one entry. */
  readonly kind: 'file' | 'dir';
}

/** The parts, in the order the banner names them. */
export const VENDOR_PARTS: readonly VendorPart[] = [
  {
    path: CATALOGUE_FILE,
    what: 'the paper catalogue',
    without: '/vendor/v1/catalogue and /vendor/v1/papers answer 503',
    kind: 'file',
  },
  {
    path: 'code',
    what: 'Ncode code pages (code/s{s}-o{o}-b{b}/s{s}-o{o}-b{b}-p{p}.code.gz)',
    without: 'printing and /ncode_data answer 404',
    kind: 'dir',
  },
  {
    path: 'books',
    what: 'textbook PDFs and project files (books/s{s}-o{o}-b{b}.pdf, .nproj)',
    without: 'the built-in textbooks are blank DEMO pages',
    kind: 'dir',
  },
  {
    path: 'nproj',
    what: 'more project files (nproj/*.nproj)',
    without: 'only the books/ project files are known',
    kind: 'dir',
  },
];

/** The state of the directory: what it lacks. */
export interface VendorDataState {
  readonly dir: string;
  /** The directory does not exist (or is not a directory). */
  readonly missingDir: boolean;
  /** The parts that are not there (all of them when the directory is missing or empty). */
  readonly missing: readonly VendorPart[];
}

async function present(path: string, kind: 'file' | 'dir'): Promise<boolean> {
  try {
    const s = await stat(path);
    if (kind === 'file') return s.isFile() && s.size > 0;
    return s.isDirectory() && (await readdir(path)).length > 0;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw error;
  }
}

/** Looks at the vendor data directory `dir`. */
export async function inspectVendorData(dir: string): Promise<VendorDataState> {
  let missingDir = false;
  try {
    missingDir = !(await stat(dir)).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    missingDir = true;
  }
  const missing: VendorPart[] = [];
  for (const part of VENDOR_PARTS) {
    if (missingDir || !(await present(join(dir, part.path), part.kind))) missing.push(part);
  }
  return { dir, missingDir, missing };
}

/** The banner's lines about the vendor data: none when every part is there. */
export function vendorDataBanner(state: VendorDataState): string[] {
  if (state.missing.length === 0) return [];
  const head =
    state.missing.length === VENDOR_PARTS.length
      ? `  vendor data: ${state.dir} is ${state.missingDir ? 'missing' : 'empty'} (${NCODE_DATA_DIR_SETTING}); NeoLAB's Ncode data goes there:`
      : `  vendor data: ${state.dir} (${NCODE_DATA_DIR_SETTING}) lacks:`;
  return [
    head,
    ...state.missing.map(
      (p) => `    ${join(state.dir, p.path).padEnd(12)}  ${p.what}; without it ${p.without}`,
    ),
  ];
}
