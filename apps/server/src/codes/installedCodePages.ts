/**
 * The code pages this server can print (`NCODE_DATA_DIR/code/sS-oO-bB/sS-oO-bB-pP.code.gz`),
 * read once when it starts: issuing hands out only these (`issueInstalledCodes`), and the start
 * banner says how many are left. Page 0 of a book is never issued, so it is not counted. Adding
 * code pages takes a restart.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  comparePages,
  FIRST_ISSUED_PAGE,
  firstInstalledFrom,
  type PageAddress,
  pageAddress,
} from '@dotink/ncode';

const BOOK_DIR = /^s(\d+)-o(\d+)-b(\d+)$/;
const PAGE_FILE = /^s(\d+)-o(\d+)-b(\d+)-p(\d+)\.code\.gz$/;

/** Below this many printable pages left, the start banner warns. */
export const FEW_CODE_PAGES = 200;

/** A directory's entries, or none when it does not exist. */
async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
}

/** The issuable code pages installed under `vendorDir/code`, in issuing order. */
export async function installedCodePages(vendorDir: string): Promise<PageAddress[]> {
  const pages: PageAddress[] = [];
  for (const book of await entries(join(vendorDir, 'code'))) {
    const b = BOOK_DIR.exec(book);
    if (!b) continue;
    for (const file of await entries(join(vendorDir, 'code', book))) {
      const m = PAGE_FILE.exec(file);
      if (!m || m[1] !== b[1] || m[2] !== b[2] || m[3] !== b[3]) continue;
      const page = pageAddress(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]));
      if (page.page >= FIRST_ISSUED_PAGE) pages.push(page);
    }
  }
  return pages.sort(comparePages);
}

/** How many installed pages are at or after the code pointer (still printable). */
export function codePagesLeft(installed: readonly PageAddress[], pointer: PageAddress): number {
  return installed.length - firstInstalledFrom(installed, pointer);
}

/** The start banner's lines about printing with the Ncode pattern. */
export function codePagesBanner(installed: readonly PageAddress[], pointer: PageAddress): string[] {
  if (installed.length === 0) {
    return ['  print codes:        printing with the pattern is off: no code pages in NCODE_DATA_DIR/code'];
  }
  const left = codePagesLeft(installed, pointer);
  const line = `  print codes:        ${left} printable code pages left (of ${installed.length} installed)`;
  return left < FEW_CODE_PAGES
    ? [
        `${line}`,
        `  WARNING: fewer than ${FEW_CODE_PAGES} code pages left: add code pages to NCODE_DATA_DIR/code`,
      ]
    : [line];
}
