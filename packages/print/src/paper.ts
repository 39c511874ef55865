/**
 * Printed page geometry on the 600-dpi grid.
 *
 * A printed page is the real paper, measured in whole 600-dpi pixels: its size in points is
 * `pixels × 0.12` exactly, so every dot pixel sits on the printer's 600-dpi grid whether the
 * device counts from the top or from the bottom edge (A4: 4961 × 7016 px = 595.32 × 841.92 pt,
 * 0.02 mm more than 210 × 297 mm). The code origin (nu 0, 0) is the page's top-left pixel.
 */
import { PAPER_SIZES, type PaperName } from '@dotink/ncode';

/** Page orientation; `auto` follows the content's aspect (landscape content → landscape page). */
export type Orientation = 'portrait' | 'landscape' | 'auto';

/** A printed page size on the 600-dpi grid. */
export interface PrintedPageSize {
  readonly paper: PaperName;
  readonly landscape: boolean;
  readonly widthPx: number;
  readonly heightPx: number;
  /** `widthPx × 0.12`. */
  readonly widthPt: number;
  /** `heightPx × 0.12`. */
  readonly heightPt: number;
}

/**
 * Paper sides in millimetres used for printing. The ncode paper list rounds Letter to
 * 216 × 280 mm; we print the true US Letter (8.5 × 11 in = 215.9 × 279.4 mm = 5100 × 6600 px)
 * so that drivers match the paper without scaling.
 */
const PRINT_PAPER_MM: Readonly<Record<PaperName, readonly [number, number]>> = {
  A4: [PAPER_SIZES.A4.widthMm, PAPER_SIZES.A4.heightMm],
  A3: [PAPER_SIZES.A3.widthMm, PAPER_SIZES.A3.heightMm],
  B4: [PAPER_SIZES.B4.widthMm, PAPER_SIZES.B4.heightMm],
  B5: [PAPER_SIZES.B5.widthMm, PAPER_SIZES.B5.heightMm],
  Letter: [215.9, 279.4],
};

/** The paper names the printer offers. */
export const PRINT_PAPERS: readonly PaperName[] = ['A4', 'A3', 'B4', 'B5', 'Letter'];

const mmToPx600 = (mm: number): number => Math.round((mm * 600) / 25.4);
/** `px × 0.12` without binary noise (4961 → 595.32). */
export const px600ToPt = (px: number): number => Math.round(px * 12) / 100;

/** The printed page of `paper` in the given orientation (A4 portrait: 4961 × 7016 px). */
export function printedPageSize(paper: PaperName, landscape = false): PrintedPageSize {
  const mm = PRINT_PAPER_MM[paper];
  if (!mm) throw new RangeError(`unknown paper size: ${String(paper)}`);
  const w = mmToPx600(mm[0]);
  const h = mmToPx600(mm[1]);
  const [widthPx, heightPx] = landscape ? [h, w] : [w, h];
  return Object.freeze({
    paper,
    landscape,
    widthPx,
    heightPx,
    widthPt: px600ToPt(widthPx),
    heightPt: px600ToPt(heightPx),
  });
}

/** Chooses the page orientation for content of the given size. */
export function chooseLandscape(
  orientation: Orientation,
  contentWidthPt?: number,
  contentHeightPt?: number,
): boolean {
  if (orientation === 'landscape') return true;
  if (orientation === 'portrait') return false;
  return contentWidthPt !== undefined && contentHeightPt !== undefined && contentWidthPt > contentHeightPt;
}
