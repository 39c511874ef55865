/**
 * From page pt (top-left origin, y down, as the board shows a page: rotation applied) to PDF user
 * space (bottom-left origin, y up) of the page's unrotated crop box, for each `/Rotate`.
 */

/** A PDF box: lower-left and upper-right corners. */
export interface PdfBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Maps a shown point (pt) into user space. */
export type ToUserSpace = (xPt: number, yPt: number, out: [number, number]) => void;

/** The placement for a crop box and a rotation (0, 90, 180 or 270; others are normalised). */
export function userSpacePlacement(box: PdfBox, rotateDeg: number): ToUserSpace {
  const x0 = box.x;
  const y0 = box.y;
  const x1 = box.x + box.width;
  const y1 = box.y + box.height;
  switch ((((Math.round(rotateDeg / 90) * 90) % 360) + 360) % 360) {
    case 90:
      return (x, y, o) => {
        o[0] = x0 + y;
        o[1] = y0 + x;
      };
    case 180:
      return (x, y, o) => {
        o[0] = x1 - x;
        o[1] = y0 + y;
      };
    case 270:
      return (x, y, o) => {
        o[0] = x1 - y;
        o[1] = y1 - x;
      };
    default:
      return (x, y, o) => {
        o[0] = x0 + x;
        o[1] = y1 - y;
      };
  }
}

/** The size a page is shown at (width and height swap for 90° and 270°). */
export function shownSize(box: PdfBox, rotateDeg: number): { widthPt: number; heightPt: number } {
  const quarter = ((Math.round(rotateDeg / 90) % 4) + 4) % 4;
  return quarter % 2 === 1
    ? { widthPt: box.height, heightPt: box.width }
    : { widthPt: box.width, heightPt: box.height };
}
