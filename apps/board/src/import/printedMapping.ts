/**
 * Reading back the print mapping a dotink printout carries (`@dotink/print` mapping.ts writes it:
 * Info `/DotinkMapping` — pdf.js `info.Custom.DotinkMapping` — and XMP `dotink:Mapping`), so a
 * printed PDF imported on any machine gives each board page the Ncode page it was printed on and
 * the printed page's transform nu → pt. Anything malformed is ignored with a warning: the PDF then
 * imports as an ordinary PDF.
 */
import {
  composeHomography,
  type Homography,
  homographyFromMatrix,
  type Logger,
  mappingId,
  type PageAddress,
  pageAddress,
  pageId,
  scaleHomography,
} from '@dotink/ncode';
import { MAPPING_INFO_KEY } from '@dotink/print';
import type { PdfMetadata } from './pdfEngine';

/** One printed page as the board takes it over. */
export interface PrintedPageCode {
  /** 0-based page index in the printed PDF. */
  readonly printedIndex: number;
  /** 1-based page number in the source document that was printed. */
  readonly pdfPageNo: number;
  /** The code page printed on it. */
  readonly address: PageAddress;
  /** nu → pt of the printed page (the page of the printed PDF, top-left origin). */
  readonly nuToPt: Homography;
}

/** The validated mapping of a printed PDF. */
export interface PrintedPdfMapping {
  /** `fingerprint/pagesPerSheet`. */
  readonly id: string;
  /** Fingerprint of the source document that was printed. */
  readonly fingerprint: string;
  /** Pages of the printed PDF. */
  readonly printedPages: number;
  /** The pages printed with a code (pages on pre-printed paper have none), by printed index. */
  readonly pages: readonly PrintedPageCode[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const HOMOGRAPHY_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;

function readAddress(v: unknown): PageAddress | string {
  if (!isObject(v)) return 'address is not an object';
  const { section, owner, book, page } = v;
  if (!isInt(section, 0) || !isInt(owner, 0) || !isInt(book, 0) || !isInt(page, 0)) {
    return 'address fields must be non-negative integers';
  }
  return pageAddress(section, owner, book, page);
}

function readHomography(v: unknown): Homography | string {
  if (!isObject(v)) return 'h is not an object';
  const m = HOMOGRAPHY_KEYS.map((k) => v[k]);
  if (!m.every(isFiniteNumber)) return 'h coefficients must be finite numbers';
  if (m[8] === 0) return 'h is degenerate';
  const hom = homographyFromMatrix(m as number[]);
  // the linear part must be invertible (a map onto a page, not onto a line)
  const lin = hom.a * hom.e - hom.b * hom.d;
  if (lin === 0 || !Number.isFinite(lin)) return 'h is degenerate';
  return hom;
}

/** Printed pt of a document point: `placement` as written by `@dotink/print` (layout.ts). */
function placementHomography(v: unknown): Homography | string {
  if (!isObject(v)) return 'placement is not an object';
  const { leftPt, topPt, scale } = v;
  if (!isFiniteNumber(leftPt) || !isFiniteNumber(topPt) || !isFiniteNumber(scale) || scale <= 0) {
    return 'placement needs finite leftPt, topPt and a positive scale';
  }
  return scaleHomography(scale, scale, leftPt, topPt);
}

function readPage(v: unknown, index: number): PrintedPageCode | undefined | string {
  if (!isObject(v)) return `page ${index} is not an object`;
  const { printedIndex, pdfPageNo } = v;
  if (!isInt(printedIndex, 0)) return `page ${index}: printedIndex must be a non-negative integer`;
  if (!isInt(pdfPageNo, 1)) return `page ${index}: pdfPageNo must be a positive integer`;
  if (v.address === undefined && v.h === undefined) return undefined; // pre-printed Ncode paper
  const address = readAddress(v.address);
  if (typeof address === 'string') return `page ${index}: ${address}`;
  const h = readHomography(v.h);
  if (typeof h === 'string') return `page ${index}: ${h}`;
  const placement = placementHomography(v.placement);
  if (typeof placement === 'string') return `page ${index}: ${placement}`;
  try {
    return { printedIndex, pdfPageNo, address, nuToPt: composeHomography(h, placement) };
  } catch {
    return `page ${index}: the printed page transform is degenerate`;
  }
}

/**
 * Parses and validates the mapping JSON (`@dotink/print` `mappingJson`). Returns the reason as a
 * string when it is not a usable version-1 mapping.
 */
export function parsePrintedMapping(json: string): PrintedPdfMapping | string {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return 'not JSON';
  }
  if (!isObject(data)) return 'not an object';
  if (data.version !== 1) return `unknown version ${String(data.version)}`;
  const { fingerprint, id, pagesPerSheet, pages } = data;
  if (typeof fingerprint !== 'string' || fingerprint === '') return 'fingerprint missing';
  if (pagesPerSheet !== 1) return 'pagesPerSheet must be 1';
  if (id !== mappingId(fingerprint, 1)) return 'id does not match the fingerprint';
  if (!isInt(data.numPages, 1)) return 'numPages must be a positive integer';
  if (!Array.isArray(pages) || pages.length === 0) return 'no pages';
  const seenIndex = new Set<number>();
  const seenCode = new Set<string>();
  const coded: PrintedPageCode[] = [];
  for (const [i, raw] of pages.entries()) {
    const page = readPage(raw, i);
    if (typeof page === 'string') return page;
    const printedIndex = (raw as Json).printedIndex as number;
    if (printedIndex >= pages.length || seenIndex.has(printedIndex)) {
      return `page ${i}: printedIndex ${printedIndex} out of range or repeated`;
    }
    seenIndex.add(printedIndex);
    if (!page) continue;
    const code = pageId(page.address);
    if (seenCode.has(code)) return `page ${i}: code page ${code} printed twice`;
    seenCode.add(code);
    coded.push(page);
  }
  coded.sort((a, b) => a.printedIndex - b.printedIndex);
  return { id: id as string, fingerprint, printedPages: pages.length, pages: coded };
}

const XMP_MAPPING = /<dotink:Mapping>([\s\S]*?)<\/dotink:Mapping>/;

const xmlUnescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The mapping JSON text in a PDF's metadata (Info first, then XMP), if any. */
export function mappingText(meta: PdfMetadata): string | undefined {
  const custom = meta.info.Custom;
  const fromInfo = isObject(custom) ? custom[MAPPING_INFO_KEY] : meta.info[MAPPING_INFO_KEY];
  if (typeof fromInfo === 'string' && fromInfo !== '') return fromInfo;
  const xmp = meta.xmp?.match(XMP_MAPPING)?.[1];
  return xmp ? xmlUnescape(xmp) : undefined;
}

/**
 * The printed mapping of an opened PDF, or `undefined` (with a warning on `logger` when there was
 * metadata but it is unusable). `numPages` = the opened PDF's page count: a mapping for a different
 * number of pages is not this file's.
 */
export function readPrintedMapping(
  meta: PdfMetadata,
  numPages: number,
  logger: Pick<Logger, 'warn'>,
): PrintedPdfMapping | undefined {
  const text = mappingText(meta);
  if (text === undefined) return undefined;
  const parsed = parsePrintedMapping(text);
  if (typeof parsed === 'string') {
    logger.warn(`ignoring the PDF's dotink print mapping: ${parsed}`);
    return undefined;
  }
  if (parsed.printedPages !== numPages) {
    logger.warn(
      `ignoring the PDF's dotink print mapping: it has ${parsed.printedPages} pages, the PDF ${numPages}`,
    );
    return undefined;
  }
  return parsed.pages.length > 0 ? parsed : undefined;
}
