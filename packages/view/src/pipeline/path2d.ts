/**
 * Pipeline step 4, the only one that touches the DOM: an outline polygon → a `Path2D`, through
 * the edge midpoints, with a quadratic curve (the vertex as control point) around each vertex
 * whose next edge is long, so the outline stays smooth when zoomed, and a straight line where the
 * edge is short — there the curve would stay within half a pixel of the line, and the line is
 * cheaper to build and to fill (most edges of a pressure outline are short: it is what keeps the
 * first paint of a 10,000-stroke page fast).
 */

/** Edges shorter than this (outline px) are joined with a straight line, not a curve. */
export const SHORT_EDGE_PX = 2;

/** What the path commands are written to (a `Path2D`, a canvas context, a recorder in tests). */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void;
  closePath(): void;
}

/**
 * Writes the closed path of an outline (at least 2 points) to `sink`: from the midpoint of the
 * first edge, around every vertex to the midpoint of its next edge, closed.
 */
export function writeOutlinePath(outline: readonly (readonly number[])[], sink: PathSink): void {
  const n = outline.length;
  const first = outline[0]!;
  const second = outline[1]!;
  sink.moveTo((first[0]! + second[0]!) / 2, (first[1]! + second[1]!) / 2);
  const short2 = SHORT_EDGE_PX * SHORT_EDGE_PX;
  for (let k = 1; k <= n; k++) {
    const p = outline[k % n]!;
    const q = outline[(k + 1) % n]!;
    const px = p[0]!;
    const py = p[1]!;
    const qx = q[0]!;
    const qy = q[1]!;
    const dx = qx - px;
    const dy = qy - py;
    if (dx * dx + dy * dy < short2) sink.lineTo((px + qx) / 2, (py + qy) / 2);
    else sink.quadraticCurveTo(px, py, (px + qx) / 2, (py + qy) / 2);
  }
  sink.closePath();
}

/** The path of an outline, or `undefined` for an empty outline (nothing to draw). */
export function outlineToPath2D(outline: readonly (readonly number[])[]): Path2D | undefined {
  if (outline.length < 2) return undefined;
  const path = new Path2D();
  writeOutlinePath(outline, path);
  return path;
}
