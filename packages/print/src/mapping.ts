/**
 * The mapping a print produces (which code page each document page was printed on, and the page
 * transform nu → document pt), and how it is embedded in the output PDF.
 *
 * Embedding (written once, after the last page):
 * - Info dictionary: `/DotinkMapping` = the mapping as JSON text ({@link MAPPING_INFO_KEY}),
 *   `/Subject` = `ncoded: s.o.b.p, …` (like the reference), `/Producer`, `/Creator`, `/Title`,
 *   `/CreationDate` when the caller gives a date. pdf.js exposes the custom key as
 *   `info.Custom.DotinkMapping`.
 * - XMP metadata stream (catalog `/Metadata`): the same JSON in `dotink:Mapping` (namespace
 *   {@link DOTINK_XMP_NS}), plus `dc:title`, `pdf:Producer`, `xmp:CreatorTool`.
 */
import {
  bookId,
  buildPageMapping,
  type Homography,
  NU_TO_PT,
  type PageAddress,
  type PageId,
  type PageMapping,
  type PaperName,
  pageId,
  type Quad,
  writePrintedNproj,
} from '@dotink/ncode';
import type { PaperChoice } from './compose';
import { type ContentPlacement, contentAreaNu, contentHomography, contentHomographyReverse } from './layout';
import type { PrintedPageSize } from './paper';
import type { NcodeDensity } from './pattern';
import { pdfDate, pdfName, pdfTextString } from './pdfSyntax';

/** Info dictionary key holding the mapping JSON. */
export const MAPPING_INFO_KEY = 'DotinkMapping';
/** XMP namespace of `dotink:Mapping`. */
export const DOTINK_XMP_NS = 'https://dotink.dev/ns/print/1.0/';
/** Producer written into printed PDFs. */
export const PRINT_PRODUCER = 'dotink print';

/** One printed page. */
export interface PrintedPageMapping {
  /** 1-based page number in the source document. */
  readonly pdfPageNo: number;
  /** 0-based page index in the printed PDF. */
  readonly printedIndex: number;
  /** The code page printed on it; absent on pre-printed Ncode paper (registration decides). */
  readonly pageId?: PageId;
  /** The same code page as an address. */
  readonly address?: PageAddress;
  /** nu → document pt (top-left origin); absent on pre-printed Ncode paper. */
  readonly h?: Homography;
  /** document pt → nu. */
  readonly hRev?: Homography;
  /** The document page's corners in nu (TL, TR, BR, BL); absent on pre-printed paper. */
  readonly npageArea?: Quad;
  /** The document page size in pt. */
  readonly pdfPageSizePt: { readonly widthPt: number; readonly heightPt: number };
  /** Where the document page sits on the printed page (top-left origin, pt). */
  readonly placement: ContentPlacement;
  readonly paper: PaperName;
  readonly landscape: boolean;
}

/** The mapping of one printed document (stored by the board). */
export interface PrintMapping {
  /** `fingerprint/pagesPerSheet` (engine spec "document mapping" id). */
  readonly id: string;
  readonly fingerprint: string;
  readonly filename?: string;
  /** Pages of the source document. */
  readonly numPages: number;
  readonly pagesPerSheet: 1;
  readonly paperChoice: PaperChoice;
  readonly density: NcodeDensity;
  readonly pages: readonly PrintedPageMapping[];
}

/** The mapping record of one printed page. */
export function pageMapping(
  pdfPageNo: number,
  printedIndex: number,
  size: PrintedPageSize,
  placement: ContentPlacement,
  address: PageAddress | undefined,
): PrintedPageMapping {
  const pdfPageSizePt = {
    widthPt: placement.widthPt / placement.scale,
    heightPt: placement.heightPt / placement.scale,
  };
  const base = {
    pdfPageNo,
    printedIndex,
    pdfPageSizePt,
    placement,
    paper: size.paper,
    landscape: size.landscape,
  };
  if (!address) return base;
  return {
    ...base,
    pageId: pageId(address),
    address,
    h: contentHomography(placement),
    hRev: contentHomographyReverse(placement),
    npageArea: contentAreaNu(placement),
  };
}

/** The printed document as the board knows it (for {@link toPageMappings}). */
export interface MappedDocument {
  readonly url?: string;
  readonly filename?: string;
  readonly fingerprint: string;
  readonly numPages: number;
}

/**
 * The printed pages as the engine's per-page mapping records (`@dotink/ncode` `PageMapping`:
 * pageInfo, basePageInfo, npageArea, pdfDesc, h, hRev), ready to merge into the document's
 * mapping. Pages without a code (pre-printed Ncode paper) are left out: registration makes
 * theirs. `basePageInfos` maps a PDF page number to its base code (default: the printed code).
 */
export function toPageMappings(
  mapping: PrintMapping,
  doc: MappedDocument,
  basePageInfos?: (pdfPageNo: number) => PageAddress | undefined,
): PageMapping[] {
  return mapping.pages.flatMap((p) => {
    if (!p.address || !p.npageArea) return [];
    return [
      buildPageMapping(
        {
          url: doc.url ?? '',
          filename: doc.filename ?? '',
          fingerprint: doc.fingerprint,
          numPages: doc.numPages,
          pageNo: p.pdfPageNo,
          sizePt: p.pdfPageSizePt,
        },
        p.address,
        basePageInfos?.(p.pdfPageNo) ?? p.address,
        p.npageArea,
      ),
    ];
  });
}

/** The mapping as JSON text (what is embedded). */
export function mappingJson(mapping: PrintMapping): string {
  return JSON.stringify({ version: 1, ...mapping });
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Info dictionary entries (PDF syntax) for a printed document. */
export function infoEntries(
  mapping: PrintMapping,
  title: string | undefined,
  createdAt: Date | undefined,
): string {
  const ids = mapping.pages.flatMap((p) => (p.pageId ? [p.pageId] : []));
  const entries: string[] = [];
  if (title) entries.push(`/Title ${pdfTextString(title)}`);
  if (ids.length > 0) entries.push(`/Subject ${pdfTextString(`ncoded: ${ids.join(', ')}`)}`);
  entries.push(`/Producer ${pdfTextString(PRINT_PRODUCER)}`, `/Creator ${pdfTextString('dotink')}`);
  if (createdAt) entries.push(`/CreationDate ${pdfDate(createdAt)}`);
  entries.push(`${pdfName(MAPPING_INFO_KEY)} ${pdfTextString(mappingJson(mapping))}`);
  return entries.join(' ');
}

/** The XMP packet for a printed document. */
export function xmpPacket(mapping: PrintMapping, title: string | undefined): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dotink="${DOTINK_XMP_NS}">`,
    title
      ? `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlEscape(title)}</rdf:li></rdf:Alt></dc:title>`
      : '',
    `<pdf:Producer>${PRINT_PRODUCER}</pdf:Producer>`,
    '<xmp:CreatorTool>dotink</xmp:CreatorTool>',
    `<dotink:Mapping>${xmlEscape(mappingJson(mapping))}</dotink:Mapping>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

/**
 * The `.nproj` (2.31) of the printed PDF: one page item per printed page with the printed page
 * box and the printed page's transform nu → pt (pure scale 6.72: the code origin is the page's
 * top-left). A project names one book and consecutive pages from `start_page`, so this returns
 * `undefined` when the printed codes are not consecutive pages of one book (or there are none).
 */
export function printedNproj(
  pdfPath: string,
  pages: readonly { readonly address?: PageAddress; readonly size: PrintedPageSize }[],
  title?: string,
): string | undefined {
  const first = pages[0]?.address;
  if (!first) return undefined;
  const consecutive = pages.every(
    (p, i) =>
      p.address !== undefined && bookId(p.address) === bookId(first) && p.address.page === first.page + i,
  );
  if (!consecutive) return undefined;
  return writePrintedNproj(
    {
      ...(title ? { title } : {}),
      section: first.section,
      owner: first.owner,
      book: first.book,
      startPage: first.page,
      pdfPath,
      pages: pages.map((p) => ({
        widthPt: p.size.widthPt,
        heightPt: p.size.heightPt,
        homography: [NU_TO_PT, 0, 0, 0, NU_TO_PT, 0, 0, 0, 1] as const,
      })),
    },
    // GUIDs are drawn only for symbols; a printed page has none.
    (n) => new Uint8Array(n),
  );
}
