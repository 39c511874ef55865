/**
 * Where code pages come from: the file name of a page's code, and the error when it is missing.
 * Fetching is the caller's job (browser: HTTP from the server, which serves them from the
 * directory set by `NCODE_DATA_DIR`; Node: the file system).
 */
import { type PageAddress, pageId } from '@dotink/ncode';

/** The setting (environment variable) naming the server's vendor data directory. */
export const NCODE_DATA_DIR_SETTING = 'NCODE_DATA_DIR';

/** `s3-o27-b1068/s3-o27-b1068-p1.code.gz`: the code file of a page, relative to the code folder. */
export function codePageFile(a: PageAddress): string {
  const book = `s${a.section}-o${a.owner}-b${a.book}`;
  return `${book}/${book}-p${a.page}.code.gz`;
}

/** `ncode_data/s3-o27-b1068/s3-o27-b1068-p1.code.gz`: the URL path the board fetches (engine spec §7). */
export function codePageUrlPath(a: PageAddress): string {
  return `ncode_data/${codePageFile(a)}`;
}

/** A code page needed for printing the pattern could not be found. */
export class MissingCodePageError extends Error {
  override readonly name = 'MissingCodePageError';
  constructor(
    readonly address: PageAddress,
    readonly path: string,
  ) {
    super(
      `Cannot print the Ncode pattern: the code page for ${pageId(address)} is missing. ` +
        `Expected the file ${path} (the server serves code pages from the directory set by ${NCODE_DATA_DIR_SETTING}).`,
    );
  }
}

/** No code page was issued for a document page that must print with the pattern. */
export class MissingCodeAddressError extends Error {
  override readonly name = 'MissingCodeAddressError';
  constructor(readonly pdfPageNo: number) {
    super(`Cannot print the Ncode pattern: no code page was issued for PDF page ${pdfPageNo}.`);
  }
}
