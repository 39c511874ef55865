/**
 * Document mappings: which code page each PDF page was printed on (or registered to), and the
 * page transforms nu → pt between them (engine spec §3 "Document mapping", "Per-page mapping").
 *
 * PDF page numbers are 1-based. Rule for a requested PDF page number (engine spec §5 states both
 * "below 1 or above the total throws" and "above the total wraps by modulo"; decided): below 1,
 * or not an integer, throws `Error('Page number range error')`; above the total wraps,
 * `((n − 1) mod total) + 1` (page 11 of 10 is page 1).
 */
import { type PageAddress, samePage } from './address';
import { applyHomography, type Homography, type Point2, type Quad, solveHomography } from './homography';
import type { SizePt } from './paperSizes';
import { NU_TO_PT } from './units';

/** The pages-per-sheet value that marks a document's base code mapping. */
export const BASE_CODE_PAGES_PER_SHEET = 16384;

/** The PDF page a per-page mapping belongs to. */
export interface PdfPageDescriptor {
  readonly url: string;
  readonly filename: string;
  readonly fingerprint: string;
  readonly numPages: number;
  /** 1-based. */
  readonly pageNo: number;
  /** The page size in pt (`size_pu` in the vendor's records). */
  readonly sizePt: SizePt;
}

/** How one PDF page sits on its code page. */
export interface PageMapping {
  /** 1-based PDF page number. */
  readonly pdfPageNo: number;
  /** The code page it was printed on (or registered to). */
  readonly pageInfo: PageAddress;
  /** The page's base (identity) code. */
  readonly basePageInfo: PageAddress;
  /** The PDF page's corners in nu: top-left, top-right, bottom-right, bottom-left. */
  readonly npageArea: Quad;
  readonly pdfDesc: PdfPageDescriptor;
  /** nu → pt. */
  readonly h: Homography;
  /** pt → nu (`h_rev` in the vendor's records). */
  readonly hRev: Homography;
}

/** The mapping of one document at one pages-per-sheet value. */
export interface DocumentMapping {
  readonly url: string;
  readonly filename: string;
  readonly fingerprint: string;
  /** `${fingerprint}/${pagesPerSheet}`. */
  readonly id: string;
  readonly numPages: number;
  readonly pagesPerSheet: number;
  /** The code page of PDF page 1. */
  readonly printPageInfo: PageAddress;
  /** The base code of PDF page 1. */
  readonly basePageInfo: PageAddress;
  /** One per PDF page, in page order. */
  readonly pages: readonly PageMapping[];
  readonly timeString?: string;
  readonly backgroundImageUrlRule?: string;
  /** Issued code pages and their code-file URLs, when codes were issued for it. */
  readonly sobps?: readonly PageAddress[];
  readonly ncodeUrls?: readonly string[];
}

/** What {@link buildDocumentMapping} needs. */
export interface DocumentMappingInput {
  readonly url: string;
  readonly filename: string;
  readonly fingerprint: string;
  readonly numPages: number;
  readonly pagesPerSheet: number;
  /** The code page of each PDF page (length `numPages`). */
  readonly pageInfos: readonly PageAddress[];
  /** The base code of each PDF page (length `numPages`); defaults to `pageInfos`. */
  readonly basePageInfos?: readonly PageAddress[];
  /** The size of every page, or one size for all. */
  readonly pageSizesPt: SizePt | readonly SizePt[];
  /**
   * Each PDF page's corners in nu (TL, TR, BR, BL). Default: the ideal full-page layout, the
   * page printed at 600 dpi from the code origin ((0, 0)–(W/6.72, H/6.72), so `h` is a pure
   * scale 6.72).
   */
  readonly npageAreas?: readonly Quad[];
  readonly timeString?: string;
  readonly backgroundImageUrlRule?: string;
  readonly sobps?: readonly PageAddress[];
  readonly ncodeUrls?: readonly string[];
}

/** The mapping id of a document at a pages-per-sheet value: `${fingerprint}/${pagesPerSheet}`. */
export function mappingId(fingerprint: string, pagesPerSheet: number): string {
  return `${fingerprint}/${pagesPerSheet}`;
}

/** The corners of a page box in pt: (0, 0), (W, 0), (W, H), (0, H). */
export function pageBoxPt(size: SizePt): Quad {
  return [
    { x: 0, y: 0 },
    { x: size.widthPt, y: 0 },
    { x: size.widthPt, y: size.heightPt },
    { x: 0, y: size.heightPt },
  ];
}

/** The nu corners of a page printed at 600 dpi from the code origin (the ideal layout). */
export function idealPageAreaNu(size: SizePt): Quad {
  const w = size.widthPt / NU_TO_PT;
  const h = size.heightPt / NU_TO_PT;
  return [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
}

/** A per-page mapping: solves `h` (npageArea → page box) and `hRev` (the swapped pairs). */
export function buildPageMapping(
  pdfDesc: PdfPageDescriptor,
  pageInfo: PageAddress,
  basePageInfo: PageAddress,
  npageArea: Quad = idealPageAreaNu(pdfDesc.sizePt),
): PageMapping {
  const box = pageBoxPt(pdfDesc.sizePt);
  return Object.freeze({
    pdfPageNo: pdfDesc.pageNo,
    pageInfo,
    basePageInfo,
    npageArea: Object.freeze([...npageArea]) as unknown as Quad,
    pdfDesc: Object.freeze({ ...pdfDesc }),
    h: solveHomography(npageArea, box),
    hRev: solveHomography(box, npageArea),
  });
}

const LENGTH_ERROR = 'PageInfo array length is not equal to numPages';

/**
 * Builds the mapping of a PDF from the code pages issued (or registered) for it. Throws
 * `Error('PageInfo array length is not equal to numPages')` when `pageInfos` or
 * `basePageInfos` does not have `numPages` items, and a `RangeError` for a bad page count,
 * pages-per-sheet or size/area list length.
 */
export function buildDocumentMapping(input: DocumentMappingInput): DocumentMapping {
  const { numPages, pagesPerSheet } = input;
  if (!Number.isInteger(numPages) || numPages < 1) {
    throw new RangeError(`numPages must be a positive integer, got ${numPages}`);
  }
  if (!Number.isInteger(pagesPerSheet) || pagesPerSheet < 1) {
    throw new RangeError(`pagesPerSheet must be a positive integer, got ${pagesPerSheet}`);
  }
  const bases = input.basePageInfos ?? input.pageInfos;
  if (input.pageInfos.length !== numPages || bases.length !== numPages) throw new Error(LENGTH_ERROR);
  const sizes = input.pageSizesPt;
  const sizeOf = (k: number): SizePt => ('widthPt' in sizes ? sizes : sizes[k]!);
  if (!('widthPt' in sizes) && sizes.length !== numPages) {
    throw new RangeError(`page size list length ${sizes.length} is not equal to numPages ${numPages}`);
  }
  if (input.npageAreas && input.npageAreas.length !== numPages) {
    throw new RangeError(
      `npageArea list length ${input.npageAreas.length} is not equal to numPages ${numPages}`,
    );
  }
  const pages = input.pageInfos.map((pageInfo, k) =>
    buildPageMapping(
      {
        url: input.url,
        filename: input.filename,
        fingerprint: input.fingerprint,
        numPages,
        pageNo: k + 1,
        sizePt: sizeOf(k),
      },
      pageInfo,
      bases[k]!,
      input.npageAreas?.[k],
    ),
  );
  const mapping: DocumentMapping = {
    url: input.url,
    filename: input.filename,
    fingerprint: input.fingerprint,
    id: mappingId(input.fingerprint, pagesPerSheet),
    numPages,
    pagesPerSheet,
    printPageInfo: input.pageInfos[0]!,
    basePageInfo: bases[0]!,
    pages: Object.freeze(pages),
    ...(input.timeString === undefined ? {} : { timeString: input.timeString }),
    ...(input.backgroundImageUrlRule === undefined
      ? {}
      : { backgroundImageUrlRule: input.backgroundImageUrlRule }),
    ...(input.sobps === undefined ? {} : { sobps: Object.freeze([...input.sobps]) }),
    ...(input.ncodeUrls === undefined ? {} : { ncodeUrls: Object.freeze([...input.ncodeUrls]) }),
  };
  return Object.freeze(mapping);
}

/**
 * A requested 1-based PDF page number as a page of a `numPages` document: throws
 * `Error('Page number range error')` below 1 or for a non-integer; wraps above the total.
 */
export function normalizePdfPageNo(pdfPageNo: number, numPages: number): number {
  if (!Number.isInteger(pdfPageNo) || pdfPageNo < 1 || !(numPages >= 1)) {
    throw new Error('Page number range error');
  }
  return ((pdfPageNo - 1) % numPages) + 1;
}

/** The per-page mapping of a PDF page (number rule in the module doc). */
export function pageMappingForPdfPage(mapping: DocumentMapping, pdfPageNo: number): PageMapping {
  return mapping.pages[normalizePdfPageNo(pdfPageNo, mapping.pages.length) - 1]!;
}

/** The code page a PDF page was printed on (number rule in the module doc). */
export function pageForPdfPage(mapping: DocumentMapping, pdfPageNo: number): PageAddress {
  return pageMappingForPdfPage(mapping, pdfPageNo).pageInfo;
}

/** True when `p` lies inside (or on the edge of) the quadrilateral. */
export function quadContains(quad: readonly Point2[], p: Point2): boolean {
  let inside = false;
  for (let k = 0, j = quad.length - 1; k < quad.length; j = k++) {
    const a = quad[k]!;
    const b = quad[j]!;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    const onEdge =
      cross === 0 &&
      p.x >= Math.min(a.x, b.x) &&
      p.x <= Math.max(a.x, b.x) &&
      p.y >= Math.min(a.y, b.y) &&
      p.y <= Math.max(a.y, b.y);
    if (onEdge) return true;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * The PDF page written on at a code page: the per-page mapping whose `pageInfo` (or else
 * `basePageInfo`) is `page`. When several PDF pages share the code page (several pages per
 * sheet) and `pointNu` is given, the one whose `npageArea` contains the point wins; otherwise
 * the first. `undefined` when the document does not use that code page.
 */
export function pdfPageForPage(
  mapping: DocumentMapping,
  page: PageAddress,
  pointNu?: Point2,
): PageMapping | undefined {
  let found = mapping.pages.filter((m) => samePage(m.pageInfo, page));
  if (found.length === 0) found = mapping.pages.filter((m) => samePage(m.basePageInfo, page));
  if (found.length > 1 && pointNu) return found.find((m) => quadContains(m.npageArea, pointNu)) ?? found[0];
  return found[0];
}

/** A point on the page in nu → its position on the PDF page in pt. */
export function pageNuToPt(page: PageMapping, pointNu: Point2): Point2 {
  return applyHomography(page.h, pointNu);
}

/** A position on the PDF page in pt → the point on the code page in nu. */
export function pagePtToNu(page: PageMapping, pointPt: Point2): Point2 {
  return applyHomography(page.hRev, pointPt);
}
