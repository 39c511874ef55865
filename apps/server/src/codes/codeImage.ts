/**
 * The print code image of GET /edu/v1/paper/ncode_image (classroom.md §7: "answer text (print
 * code image)"). Decided form: the page's code symbols as text, exactly as in its code file
 * (fact sheet §4.1: rows of `u d l r n`, CR LF after each), cut to the paper: as many columns and
 * rows as the width and height cover at the code's pitch (7 symbols per Ncode unit, 2.37 mm),
 * at most the file's 1,792.
 */
import { DOTS_PER_CELL, mmToNu } from '@dotink/ncode';
import { CODE_PAGE_SIDE, readCodePageAsync } from '@dotink/print';

/** Symbols covering `mm` millimetres (rounded up), at most a file's side. */
export function symbolsForMm(mm: number): number {
  return Math.min(CODE_PAGE_SIDE, Math.ceil(mmToNu(mm) * DOTS_PER_CELL - 1e-9));
}

/** The code text of a code file (gzip bytes) cut to `widthMm` × `heightMm`. Throws `CodePageError`. */
export async function codeImageText(
  gz: Uint8Array,
  widthMm: number,
  heightMm: number,
  label: string,
): Promise<string> {
  const page = await readCodePageAsync(gz, label);
  const columns = symbolsForMm(widthMm);
  const rows = symbolsForMm(heightMm);
  const decoder = new TextDecoder('latin1');
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) lines.push(decoder.decode(page.rows[r]!.subarray(0, columns)));
  return `${lines.join('\r\n')}\r\n`;
}
