/**
 * The classroom's compressed page list (classroom spec §3 "Compressed form: s, o, b, p and ln"):
 * a list of page addresses as runs `{s, o, b, p, ln}` — `ln` consecutive pages of book s.o.b
 * starting at page p — written as JSON, compressed, then base64.
 *
 * Compression (decided): zlib (RFC 1950, deflate with a 2-byte header and an Adler-32 check)
 * via fflate. The decoder detects the container and also accepts raw deflate (RFC 1951) and
 * gzip, so text made by other tools with any of the three reads back. Base64 is the standard
 * alphabet with padding; the decoder also takes the URL-safe one.
 */
import { decompressSync, strFromU8, strToU8, zlibSync } from 'fflate';
import { type PageAddress, pageAddress } from './address';
import { decodeBase64, encodeBase64 } from './base64';

/** `ln` pages of book s.o.b, starting at page `p`. */
export interface PageRun {
  readonly s: number;
  readonly o: number;
  readonly b: number;
  readonly p: number;
  readonly ln: number;
}

/** The most pages a decoded page list may expand to (guards against hostile input). */
export const MAX_DECODED_PAGES = 1 << 20;

/**
 * Runs of consecutive pages, in the order given: a page joins the run before it when it is in
 * the same book and its page number is one more. Order and repeats are kept, so
 * {@link expandPageRuns} gives the same list back.
 */
export function encodePageRuns(pages: readonly PageAddress[]): PageRun[] {
  const runs: { s: number; o: number; b: number; p: number; ln: number }[] = [];
  for (const a of pages) {
    const last = runs[runs.length - 1];
    if (
      last &&
      last.s === a.section &&
      last.o === a.owner &&
      last.b === a.book &&
      last.p + last.ln === a.page
    ) {
      last.ln++;
    } else {
      runs.push({ s: a.section, o: a.owner, b: a.book, p: a.page, ln: 1 });
    }
  }
  return runs;
}

const ENCODER_ERROR = 'Page array encoder has not worked';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * The pages of a list of runs. A run without a run length throws
 * `Error('Page array encoder has not worked')`; other malformed runs (a field not an integer,
 * a length below 1) and lists longer than {@link MAX_DECODED_PAGES} throw too.
 */
export function expandPageRuns(runs: readonly unknown[]): PageAddress[] {
  const pages: PageAddress[] = [];
  runs.forEach((run, k) => {
    if (typeof run !== 'object' || run === null) throw new Error(`Page run ${k} is not an object`);
    const r = run as Record<string, unknown>;
    if (r.ln === undefined || r.ln === null) throw new Error(ENCODER_ERROR);
    const { s, o, b, p, ln } = r;
    if (!isInt(s) || !isInt(o) || !isInt(b) || !isInt(p) || !isInt(ln) || ln < 1) {
      throw new Error(`Page run ${k} is malformed: ${JSON.stringify(run)}`);
    }
    if (pages.length + ln > MAX_DECODED_PAGES)
      throw new Error(`Page list is longer than ${MAX_DECODED_PAGES} pages`);
    for (let i = 0; i < ln; i++) pages.push(pageAddress(s, o, b, p + i));
  });
  return pages;
}

/** The compressed text of a page list: base64(zlib(JSON of its runs)). */
export function encodePageArray(pages: readonly PageAddress[]): string {
  return encodeBase64(zlibSync(strToU8(JSON.stringify(encodePageRuns(pages)))));
}

/**
 * The page list of a compressed text (zlib, raw deflate or gzip inside base64). Throws
 * `Error('Page array encoder has not worked')` when a run has no run length, and an `Error`
 * naming the problem for bad base64, data that does not decompress, or JSON that is not a list
 * of runs.
 */
export function decodePageArray(text: string): PageAddress[] {
  const packed = decodeBase64(text);
  let json: string;
  try {
    json = strFromU8(decompressSync(packed));
  } catch {
    throw new Error('Page array is not compressed data (zlib, deflate or gzip)');
  }
  let runs: unknown;
  try {
    runs = JSON.parse(json);
  } catch {
    throw new Error('Page array is not JSON');
  }
  if (!Array.isArray(runs)) throw new Error('Page array is not a list of page runs');
  return expandPageRuns(runs);
}
