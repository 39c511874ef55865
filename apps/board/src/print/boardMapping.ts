/**
 * The printed (or registered) mapping stored with the board, so that writing on a printout lands
 * on the right page: each printed board page shows the Ncode page it was printed on (or registered
 * to) as its `address`, keeps its identity code as `baseAddress`, and takes that printout's page
 * transform nu → pt as `nuToPt`. The board's pen pipeline finds pages by `address` and draws ink
 * through `nuToPt`, so nothing else changes.
 *
 * Beside the pages, a mapping record (engine spec "document mapping": id = fingerprint/pages per
 * sheet, the per-page maps, the `.nproj` of the printed PDF) is kept in the board's metadata.
 */
import type { GridaPage, GridaPdf } from '@dotink/ink';
import {
  applyHomography,
  type Homography,
  mappingId,
  type PageAddress,
  type Point2,
  pageId,
} from '@dotink/ncode';
import type { PaperChoice } from '@dotink/print';

/** A page's new Ncode page and map. */
export interface PageCodeMap {
  /** 1-based board page number. */
  readonly pdfPageNo: number;
  readonly address: PageAddress;
  /** nu → pt of the board page. */
  readonly h: Homography;
}

/**
 * The board pages with `maps` applied: `address` = the printed / registered code, `baseAddress` =
 * the page's identity (kept from before), `nuToPt` = the map. Other pages are unchanged. Throws
 * when two maps name the same Ncode page or a map's code is shown by another board page.
 */
export function applyPageCodes(pages: readonly GridaPage[], maps: readonly PageCodeMap[]): GridaPage[] {
  const byPageNo = new Map(maps.map((m) => [m.pdfPageNo, m]));
  const next = pages.map((page, i): GridaPage => {
    const m = byPageNo.get(i + 1);
    if (!m) return page;
    return { ...page, address: m.address, baseAddress: page.baseAddress ?? page.address, nuToPt: m.h };
  });
  const seen = new Set<string>();
  for (const p of next) {
    const id = pageId(p.address);
    if (seen.has(id)) throw new Error(`two board pages would show the Ncode page ${id}`);
    seen.add(id);
  }
  return next;
}

/** Where a pen point lands on the board: the page (0-based index) and the point in pt. */
export interface BoardPoint {
  readonly pageIndex: number;
  readonly pt: Point2;
}

/** Finds the board page showing `address` and maps `pointNu` through its stored transform. */
export function locateOnBoard(
  pages: readonly GridaPage[],
  address: PageAddress,
  pointNu: Point2,
): BoardPoint | undefined {
  const id = pageId(address);
  const pageIndex = pages.findIndex((p) => pageId(p.address) === id);
  if (pageIndex < 0) return undefined;
  return { pageIndex, pt: applyHomography(pages[pageIndex]!.nuToPt, pointNu) };
}

/**
 * The fingerprint of the printed document: the PDF's (pdf.js fingerprint) when every printed page
 * comes from one PDF that has one, else one made from the board id.
 */
export function documentFingerprint(
  boardId: string,
  pages: readonly GridaPage[],
  pdfs: readonly GridaPdf[],
  pageNumbers: readonly number[],
): string {
  const ids = new Set(
    pageNumbers.map((n) => {
      const s = pages[n - 1]?.source;
      return s?.kind === 'pdf' ? s.pdfId : '';
    }),
  );
  if (ids.size === 1) {
    const [only] = ids;
    const fp = pdfs.find((p) => p.id === only)?.fingerprint;
    if (fp) return fp;
  }
  return `board-${boardId}`;
}

/** One page of the stored mapping record. */
export interface StoredPageMapping {
  readonly pdfPageNo: number;
  readonly boardPageId: string;
  readonly pageInfo: PageAddress;
  readonly basePageInfo: PageAddress;
  readonly h: Homography;
}

/** The mapping record kept with the board (latest print or registration). */
export interface StoredPrintMapping {
  readonly version: 1;
  /** `fingerprint/pagesPerSheet`. */
  readonly id: string;
  readonly fingerprint: string;
  readonly pagesPerSheet: number;
  readonly paperChoice: PaperChoice;
  /** 'print' = printed with the pattern; 'registration' = pre-printed paper registered by taps. */
  readonly source: 'print' | 'registration';
  readonly pages: readonly StoredPageMapping[];
  /** The `.nproj` of the printed PDF, when there is one. */
  readonly nproj?: string;
  readonly timeMs: number;
}

/** The record for the pages just mapped (`pages` = the board pages after {@link applyPageCodes}). */
export function storedMapping(
  fingerprint: string,
  paperChoice: PaperChoice,
  source: StoredPrintMapping['source'],
  pages: readonly GridaPage[],
  maps: readonly PageCodeMap[],
  timeMs: number,
  nproj?: string,
): StoredPrintMapping {
  return {
    version: 1,
    id: mappingId(fingerprint, 1),
    fingerprint,
    pagesPerSheet: 1,
    paperChoice,
    source,
    pages: maps.map((m) => {
      const page = pages[m.pdfPageNo - 1]!;
      return {
        pdfPageNo: m.pdfPageNo,
        boardPageId: page.id,
        pageInfo: m.address,
        basePageInfo: page.baseAddress ?? page.address,
        h: m.h,
      };
    }),
    ...(nproj !== undefined ? { nproj } : {}),
    timeMs,
  };
}
