/**
 * Pipeline step 4, the only one that touches the DOM: an outline polygon → a `Path2D`, with
 * quadratic curves through the edge midpoints so the outline's edges stay smooth when zoomed.
 */

/** The path of an outline, or `undefined` for an empty outline (nothing to draw). */
export function outlineToPath2D(outline: readonly (readonly number[])[]): Path2D | undefined {
  const n = outline.length;
  if (n < 2) return undefined;
  const path = new Path2D();
  const first = outline[0]!;
  const second = outline[1]!;
  path.moveTo((first[0]! + second[0]!) / 2, (first[1]! + second[1]!) / 2);
  for (let k = 1; k <= n; k++) {
    const p = outline[k % n]!;
    const q = outline[(k + 1) % n]!;
    path.quadraticCurveTo(p[0]!, p[1]!, (p[0]! + q[0]!) / 2, (p[1]! + q[1]!) / 2);
  }
  path.closePath();
  return path;
}
