/**
 * Where the document page goes on the printed page, and the resulting page transform.
 *
 * The content (one PDF page of `contentWidthPt × contentHeightPt`) is scaled to fit inside the
 * printed page less `marginPt` on every side, aspect kept, and centred. Coordinates are PDF
 * points with the origin at the **top-left** and y downwards (the page convention of the board
 * and of the ink transforms), not PDF user space.
 *
 * With the code origin at the page's top-left pixel, printed-page pt = 6.72·nu, so the map from
 * nu to the document page's pt is `x = (6.72·xNu − left)/s`, `y = (6.72·yNu − top)/s`:
 * a = e = 6.72/s, c = −left/s, f = −top/s (b = d = g = h = 0). For an A4 document on A4 paper
 * this is the "ideal full-page layout" of fact sheet §5.5 (a = e ≈ 6.72).
 */
import { type Homography, homographyFromMatrix, NU_TO_PT, type Point2 } from '@dotink/ncode';
import type { PrintedPageSize } from './paper';

/** The rectangle (top-left origin, pt) the document page occupies on the printed page. */
export interface ContentPlacement {
  readonly leftPt: number;
  readonly topPt: number;
  readonly widthPt: number;
  readonly heightPt: number;
  /** Printed pt per document pt. */
  readonly scale: number;
}

/** Fits `content` into `page` less `marginPt` on each side, centred. */
export function placeContent(
  page: Pick<PrintedPageSize, 'widthPt' | 'heightPt'>,
  contentWidthPt: number,
  contentHeightPt: number,
  marginPt = 0,
): ContentPlacement {
  if (!(contentWidthPt > 0) || !(contentHeightPt > 0)) {
    throw new RangeError(
      `the document page size must be positive, got ${contentWidthPt} × ${contentHeightPt} pt`,
    );
  }
  const boxW = page.widthPt - 2 * marginPt;
  const boxH = page.heightPt - 2 * marginPt;
  if (!(boxW > 0) || !(boxH > 0)) throw new RangeError(`margin ${marginPt} pt leaves no room on the page`);
  const scale = Math.min(boxW / contentWidthPt, boxH / contentHeightPt);
  const widthPt = contentWidthPt * scale;
  const heightPt = contentHeightPt * scale;
  return {
    leftPt: (page.widthPt - widthPt) / 2,
    topPt: (page.heightPt - heightPt) / 2,
    widthPt,
    heightPt,
    scale,
  };
}

/** −v without a negative zero. */
const neg = (v: number): number => (v === 0 ? 0 : -v);

/** The page transform nu → document pt for content placed as `p` (code origin at page 0, 0). */
export function contentHomography(p: ContentPlacement): Homography {
  const k = NU_TO_PT / p.scale;
  return homographyFromMatrix([k, 0, neg(p.leftPt / p.scale), 0, k, neg(p.topPt / p.scale), 0, 0, 1]);
}

/** The reverse transform document pt → nu. */
export function contentHomographyReverse(p: ContentPlacement): Homography {
  const k = p.scale / NU_TO_PT;
  return homographyFromMatrix([k, 0, p.leftPt / NU_TO_PT, 0, k, p.topPt / NU_TO_PT, 0, 0, 1]);
}

/** The document page's corners in nu (top-left, top-right, bottom-right, bottom-left). */
export function contentAreaNu(p: ContentPlacement): readonly [Point2, Point2, Point2, Point2] {
  const x0 = p.leftPt / NU_TO_PT;
  const y0 = p.topPt / NU_TO_PT;
  const x1 = (p.leftPt + p.widthPt) / NU_TO_PT;
  const y1 = (p.topPt + p.heightPt) / NU_TO_PT;
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}
