/**
 * Ncode code pages (`s{s}-o{o}-b{b}-p{p}.code.gz`, fact sheet §4.1): reading and validating.
 *
 * A code page is gzip → 1,792 lines of 1,792 symbols (`u d l r n`) each ended by CR LF, then one
 * NUL byte: 3,214,849 bytes. Line = row (y, down), character = column (x, right). Every row and
 * column whose index is a multiple of 7 is all `n` (the reference grid) and `n` occurs nowhere
 * else. Rows are kept as byte views into the decompressed buffer (no string per symbol).
 */
import { gunzipSync } from 'fflate';

/** Symbols per line and lines per code page. */
export const CODE_PAGE_SIDE = 1792;
/** Bytes of a decompressed code page: 1,792 × (1,792 + CR LF) + NUL. */
export const CODE_PAGE_BYTES = CODE_PAGE_SIDE * (CODE_PAGE_SIDE + 2) + 1;
/** Symbols per cell side (one reference row/column plus six data symbols). */
export const SYMBOLS_PER_CELL = 7;

/** The symbol bytes of a code page. */
export const SYMBOL_U = 0x75;
export const SYMBOL_D = 0x64;
export const SYMBOL_L = 0x6c;
export const SYMBOL_R = 0x72;
export const SYMBOL_N = 0x6e;

const CR = 0x0d;
const LF = 0x0a;
const LINE_STRIDE = CODE_PAGE_SIDE + 2;

/** A validated code page. `rows[r][c]` is the symbol byte at column c of row r. */
export interface CodePage {
  /** The decompressed file (3,214,849 bytes). */
  readonly bytes: Uint8Array;
  /** 1,792 views into `bytes`, one per row, each 1,792 symbol bytes (no CR LF). */
  readonly rows: readonly Uint8Array[];
  /** Columns (= symbols per row): 1,792. */
  readonly columns: number;
  /** What the page was read from, for messages (e.g. `s3-o27-b1068-p1.code.gz`). */
  readonly label: string;
}

/** Thrown for a code page that cannot be used; `message` says what is wrong and where. */
export class CodePageError extends Error {
  override readonly name = 'CodePageError';
}

/** True when the bytes start with the gzip magic number (1f 8b). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

const symbolName = (b: number): string =>
  b >= 0x20 && b < 0x7f ? `'${String.fromCharCode(b)}'` : `byte 0x${b.toString(16).padStart(2, '0')}`;

/**
 * Reads a code page from the `.code.gz` bytes (or already decompressed bytes) and validates it
 * by the rules of fact sheet §4.1. Throws {@link CodePageError} naming the first problem found
 * (with its row and column).
 */
export function readCodePage(data: Uint8Array, label = 'code page'): CodePage {
  let bytes: Uint8Array;
  if (isGzip(data)) {
    try {
      bytes = gunzipSync(data);
    } catch (e) {
      throw new CodePageError(`${label}: not a readable gzip file (${(e as Error).message})`);
    }
  } else {
    bytes = data;
  }
  validateCodeBytes(bytes, label);
  const rows: Uint8Array[] = [];
  for (let r = 0; r < CODE_PAGE_SIDE; r++)
    rows.push(bytes.subarray(r * LINE_STRIDE, r * LINE_STRIDE + CODE_PAGE_SIDE));
  return Object.freeze({ bytes, rows: Object.freeze(rows), columns: CODE_PAGE_SIDE, label });
}

interface DecompressionStreamLike {
  readonly readable: ReadableLike;
  readonly writable: { getWriter(): { write(c: Uint8Array): Promise<void>; close(): Promise<void> } };
}
interface ReadableLike {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> };
}
type DecompressionStreamCtor = new (format: 'gzip') => DecompressionStreamLike;

/** Gunzips with the platform's native `DecompressionStream` (about 2× fflate), else fflate. */
async function gunzipNative(data: Uint8Array): Promise<Uint8Array> {
  const Ctor = (globalThis as { DecompressionStream?: DecompressionStreamCtor }).DecompressionStream;
  if (!Ctor) return gunzipSync(data);
  const ds = new Ctor('gzip');
  const writer = ds.writable.getWriter();
  const written = writer.write(data).then(() => writer.close());
  written.catch(() => {}); // the reader reports the error
  const reader = ds.readable.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!value) continue;
    parts.push(value);
    total += value.length;
  }
  await written;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * {@link readCodePage} with native decompression where the platform has it (browsers, workers,
 * Node ≥ 18): same validation and errors.
 */
export async function readCodePageAsync(data: Uint8Array, label = 'code page'): Promise<CodePage> {
  if (!isGzip(data)) return readCodePage(data, label);
  let bytes: Uint8Array;
  try {
    bytes = await gunzipNative(data);
  } catch (e) {
    throw new CodePageError(`${label}: not a readable gzip file (${(e as Error).message})`);
  }
  return readCodePage(bytes, label);
}

/** 0 for `u d l r`, 1 for any other byte: a data symbol's fault bit for the fast check. */
const NOT_DATA = new Uint8Array(256).fill(1);
for (const s of [SYMBOL_U, SYMBOL_D, SYMBOL_L, SYMBOL_R]) NOT_DATA[s] = 0;

/**
 * True when the lines of a code page of the right length follow the rules of
 * {@link validateCodeBytes}: a cell (7 symbols) at a time, the faults of a line OR-ed together
 * without a branch a symbol, one test a line, no message built. 1,792 is 256 cells, so a line
 * ends on a cell boundary.
 */
function codeLinesValid(bytes: Uint8Array): boolean {
  for (let r = 0; r < CODE_PAGE_SIDE; r++) {
    const start = r * LINE_STRIDE;
    const end = start + CODE_PAGE_SIDE;
    let bad = (bytes[end]! ^ CR) | (bytes[end + 1]! ^ LF);
    if (r % SYMBOLS_PER_CELL === 0) {
      for (let i = start; i < end; i++) bad |= bytes[i]! ^ SYMBOL_N;
    } else {
      for (let i = start; i < end; i += SYMBOLS_PER_CELL) {
        bad |=
          (bytes[i]! ^ SYMBOL_N) |
          NOT_DATA[bytes[i + 1]!]! |
          NOT_DATA[bytes[i + 2]!]! |
          NOT_DATA[bytes[i + 3]!]! |
          NOT_DATA[bytes[i + 4]!]! |
          NOT_DATA[bytes[i + 5]!]! |
          NOT_DATA[bytes[i + 6]!]!;
      }
    }
    if (bad !== 0) return false;
  }
  return true;
}

function validateCodeBytes(bytes: Uint8Array, label: string): void {
  if (bytes.length !== CODE_PAGE_BYTES) {
    throw new CodePageError(
      `${label}: expected ${CODE_PAGE_BYTES.toLocaleString('en-US')} bytes after decompression ` +
        `(1,792 lines of 1,792 symbols + CR LF, then NUL), got ${bytes.length.toLocaleString('en-US')}`,
    );
  }
  if (bytes[CODE_PAGE_BYTES - 1] !== 0) {
    throw new CodePageError(
      `${label}: the last byte must be NUL, found ${symbolName(bytes[CODE_PAGE_BYTES - 1]!)}`,
    );
  }
  if (codeLinesValid(bytes)) return;
  // something is wrong: find the first fault and say where
  for (let r = 0; r < CODE_PAGE_SIDE; r++) {
    const start = r * LINE_STRIDE;
    const gridRow = r % SYMBOLS_PER_CELL === 0;
    let col7 = 0; // c % 7, kept incrementally
    for (let c = 0; c < CODE_PAGE_SIDE; c++) {
      const b = bytes[start + c]!;
      const mustBeN = gridRow || col7 === 0;
      if (mustBeN) {
        if (b !== SYMBOL_N) {
          throw new CodePageError(
            `${label}: row ${r}, column ${c} is on the reference grid (index multiple of 7) and must be 'n', found ${symbolName(b)}`,
          );
        }
      } else if (b !== SYMBOL_U && b !== SYMBOL_D && b !== SYMBOL_L && b !== SYMBOL_R) {
        throw new CodePageError(
          b === SYMBOL_N
            ? `${label}: row ${r}, column ${c} holds 'n' off the reference grid`
            : `${label}: row ${r}, column ${c} holds ${symbolName(b)}, not one of u d l r n`,
        );
      }
      col7 = col7 === 6 ? 0 : col7 + 1;
    }
    if (bytes[start + CODE_PAGE_SIDE] !== CR || bytes[start + CODE_PAGE_SIDE + 1] !== LF) {
      throw new CodePageError(`${label}: line ${r} must be exactly 1,792 symbols followed by CR LF`);
    }
  }
}

/** The symbol byte at (column, row), or `undefined` outside the page. */
export function symbolAt(page: CodePage, column: number, row: number): number | undefined {
  if (row < 0 || column < 0 || column >= page.columns) return undefined;
  return page.rows[row]?.[column];
}

/** Symbol counts over a rectangle of the page (columns `c0..c1−1`, rows `r0..r1−1`). */
export function countSymbols(
  page: CodePage,
  c0 = 0,
  r0 = 0,
  c1 = page.columns,
  r1 = page.rows.length,
): Readonly<Record<'u' | 'd' | 'l' | 'r' | 'n', number>> {
  const counts = new Array<number>(256).fill(0);
  for (let r = r0; r < r1; r++) {
    const row = page.rows[r]!;
    for (let c = c0; c < c1; c++) counts[row[c]!]!++;
  }
  return {
    u: counts[SYMBOL_U]!,
    d: counts[SYMBOL_D]!,
    l: counts[SYMBOL_L]!,
    r: counts[SYMBOL_R]!,
    n: counts[SYMBOL_N]!,
  };
}
