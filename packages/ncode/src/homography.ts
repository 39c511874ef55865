/**
 * Plane homographies (projective maps), mainly the page transform nu → pt (fact sheet §5.5).
 *
 * Stored as `{type: 'homography', a, b, c, d, e, f, g, h, i: 1, tx: c, ty: f}` and applied as
 * `x' = (a·x + b·y + c) / (g·x + h·y + i)`, `y' = (d·x + e·y + f) / (g·x + h·y + i)`.
 */

/** A point in any plane (nu or pt; the caller knows which). */
export interface Point2 {
  readonly x: number;
  readonly y: number;
}

/** Four corners, in the order top-left, top-right, bottom-right, bottom-left. */
export type Quad = readonly [Point2, Point2, Point2, Point2];

/** A 3 × 3 projective map, row-major `a b c / d e f / g h i`; `tx`, `ty` repeat `c`, `f`. */
export interface Homography {
  readonly type: 'homography';
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: number;
  readonly f: number;
  readonly g: number;
  readonly h: number;
  readonly i: number;
  readonly tx: number;
  readonly ty: number;
}

/** Builds a homography from its nine coefficients (row-major), normalised so that `i = 1`. */
export function homographyFromMatrix(m: readonly number[]): Homography {
  if (m.length !== 9) throw new RangeError(`a homography needs 9 coefficients, got ${m.length}`);
  const [a, b, c, d, e, f, g, h, i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (i === 0 || !Number.isFinite(i)) throw new Error('Degenerate homography: i is 0');
  const k = i === 1 ? 1 : 1 / i;
  return Object.freeze({
    type: 'homography',
    a: a * k,
    b: b * k,
    c: c * k,
    d: d * k,
    e: e * k,
    f: f * k,
    g: g * k,
    h: h * k,
    i: 1,
    tx: c * k,
    ty: f * k,
  });
}

/** The nine coefficients, row-major. */
export function homographyToMatrix(m: Homography): number[] {
  return [m.a, m.b, m.c, m.d, m.e, m.f, m.g, m.h, m.i];
}

/** The identity map. */
export const IDENTITY_HOMOGRAPHY: Homography = homographyFromMatrix([1, 0, 0, 0, 1, 0, 0, 0, 1]);

/** `x' = sx·x + tx`, `y' = sy·y + ty` (scale then translate). */
export function scaleHomography(sx: number, sy = sx, tx = 0, ty = 0): Homography {
  return homographyFromMatrix([sx, 0, tx, 0, sy, ty, 0, 0, 1]);
}

/** Maps one point. A point on the map's line at infinity gives infinite or NaN coordinates. */
export function applyHomography(m: Homography, p: Point2): Point2 {
  const w = m.g * p.x + m.h * p.y + m.i;
  return { x: (m.a * p.x + m.b * p.y + m.c) / w, y: (m.d * p.x + m.e * p.y + m.f) / w };
}

/** The inverse map. Throws when the map is singular. */
export function invertHomography(m: Homography): Homography {
  const { a, b, c, d, e, f, g, h, i } = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  // |det| is at most the product of the row lengths (Hadamard); compare with that, so the test
  // does not depend on the units of the rows
  const bound = Math.hypot(a, b, c) * Math.hypot(d, e, f) * Math.hypot(g, h, i);
  if (!Number.isFinite(det) || Math.abs(det) <= 1e-12 * bound) {
    throw new Error('Degenerate homography: the map is singular and has no inverse');
  }
  // adjugate (transpose of the cofactors); the 1/det factor cancels in the normalisation
  return homographyFromMatrix([
    A,
    -(b * i - c * h),
    b * f - c * e,
    B,
    a * i - c * g,
    -(a * f - c * d),
    C,
    -(a * h - b * g),
    a * e - b * d,
  ]);
}

/** The map that applies `first`, then `second`. */
export function composeHomography(first: Homography, second: Homography): Homography {
  const p = homographyToMatrix(second);
  const q = homographyToMatrix(first);
  const r: number[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      r.push(p[row * 3]! * q[col]! + p[row * 3 + 1]! * q[3 + col]! + p[row * 3 + 2]! * q[6 + col]!);
    }
  }
  return homographyFromMatrix(r);
}

const cross = (o: Point2, p: Point2, q: Point2): number =>
  (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);

function checkQuad(points: readonly Point2[], name: string): void {
  if (points.length !== 4) throw new RangeError(`${name} needs 4 points, got ${points.length}`);
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) {
      throw new Error(`Degenerate homography: ${name} has a non-finite coordinate`);
    }
  }
  const span = Math.max(...points.flatMap((p) => points.map((q) => Math.hypot(p.x - q.x, p.y - q.y))));
  const tol = 1e-10 * span * span;
  for (let skip = 0; skip < 4; skip++) {
    const [p, q, r] = points.filter((_, k) => k !== skip) as [Point2, Point2, Point2];
    if (Math.abs(cross(p, q, r)) <= tol) {
      throw new Error(`Degenerate homography: three ${name} points are collinear or coincide`);
    }
  }
}

/**
 * Solves the homography that maps each of the four `src` points onto the matching `dst` point:
 * the eight linear equations `a·x + b·y + c − g·x·X − h·y·X = X` and
 * `d·x + e·y + f − g·x·Y − h·y·Y = Y`, by Gaussian elimination with partial pivoting.
 * Throws an `Error` starting `Degenerate homography` when three points of either quad are
 * collinear (or coincide), or the system is singular (which also happens when the map would
 * send the source origin to infinity, as `i` is fixed to 1).
 */
export function solveHomography(src: readonly Point2[], dst: readonly Point2[]): Homography {
  checkQuad(src, 'source');
  checkQuad(dst, 'destination');
  // augmented 8 × 9 matrix
  const m: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const { x, y } = src[k]!;
    const { x: X, y: Y } = dst[k]!;
    m.push([x, y, 1, 0, 0, 0, -x * X, -y * X, X]);
    m.push([0, 0, 0, x, y, 1, -x * Y, -y * Y, Y]);
  }
  // each unknown's column has its own units (1, x, x·X …): judge a pivot against its column
  const columnScale = Array.from({ length: 8 }, (_, c) => Math.max(...m.map((row) => Math.abs(row[c]!))));
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) <= 1e-12 * columnScale[col]!) {
      throw new Error(
        'Degenerate homography: the point pairs do not determine a unique map with i = 1 (the source origin would map to infinity)',
      );
    }
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const pr = m[col]!;
    for (let r = col + 1; r < 8; r++) {
      const row = m[r]!;
      const k = row[col]! / pr[col]!;
      if (k === 0) continue;
      for (let c = col; c < 9; c++) row[c]! -= k * pr[c]!;
    }
  }
  const sol = new Array<number>(8).fill(0);
  for (let r = 7; r >= 0; r--) {
    const row = m[r]!;
    let v = row[8]!;
    for (let c = r + 1; c < 8; c++) v -= row[c]! * sol[c]!;
    sol[r] = v / row[r]!;
  }
  return homographyFromMatrix([...sol, 1]);
}

/** Distance between two points. */
function dist(p: Point2, q: Point2): number {
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/**
 * The nu point of a page corner that was not tapped: the intersection of the circle around
 * `nuP0` with radius |ptP0 target|/s and the circle around `nuP2` with radius |ptP2 target|/s,
 * on the same side of the line p0 → p2 as `target` is in pt.
 */
function missingCorner(
  nuP0: Point2,
  nuP2: Point2,
  ptP0: Point2,
  ptP2: Point2,
  target: Point2,
  s: number,
): Point2 {
  const r0 = dist(ptP0, target) / s;
  const r2 = dist(ptP2, target) / s;
  const d = dist(nuP0, nuP2);
  const along = (d * d + r0 * r0 - r2 * r2) / (2 * d);
  const across = Math.sqrt(Math.max(0, r0 * r0 - along * along));
  const ux = (nuP2.x - nuP0.x) / d;
  const uy = (nuP2.y - nuP0.y) / d;
  // the left normal (−uy, ux) has a positive cross product with the p0 → p2 direction
  const side = Math.sign(cross(ptP0, ptP2, target)) || 1;
  return {
    x: nuP0.x + along * ux - side * across * uy,
    y: nuP0.y + along * uy + side * across * ux,
  };
}

/**
 * The nu → pt page transform from two calibration taps (fact sheet §6). `nuP0`, `nuP2` are the
 * tapped top-left and bottom-right crosses in nu; `ptP0`, `ptP2` are where those crosses are on
 * the PDF page in pt (normally (0.1 W, 0.1 H) and (0.9 W, 0.9 H)). Assumes the print is an
 * undistorted, uniformly scaled, possibly rotated copy: s = |ptP0 ptP2| / |nuP0 nuP2|, the
 * missing pt corners are (ptP2.x, ptP0.y) and (ptP0.x, ptP2.y), their nu points come from circle
 * intersections, and the 4-point homography is solved. Throws when the two taps coincide.
 */
export function calibrationHomography(nuP0: Point2, nuP2: Point2, ptP0: Point2, ptP2: Point2): Homography {
  const dNu = dist(nuP0, nuP2);
  const dPt = dist(ptP0, ptP2);
  if (!(dNu > 0) || !(dPt > 0)) {
    throw new Error('Degenerate homography: the two calibration points coincide');
  }
  const s = dPt / dNu;
  const ptP1 = { x: ptP2.x, y: ptP0.y };
  const ptP3 = { x: ptP0.x, y: ptP2.y };
  const nuP1 = missingCorner(nuP0, nuP2, ptP0, ptP2, ptP1, s);
  const nuP3 = missingCorner(nuP0, nuP2, ptP0, ptP2, ptP3, s);
  return solveHomography([nuP0, nuP1, nuP2, nuP3], [ptP0, ptP1, ptP2, ptP3]);
}

/** The largest x or y spread, in nu, of the dots of one calibration tap. */
export const TAP_MAX_SPREAD_NU = 2;

/**
 * The point a calibration tap stands for: the centre of the bounding box of the pen-down dots
 * of one stroke. Needs at least 2 dots spread at most 2 nu in x and in y; otherwise the tap is
 * rejected (`undefined`).
 */
export function acceptTap(dots: readonly Point2[]): Point2 | undefined {
  if (dots.length < 2) return undefined;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const { x, y } of dots) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (!(maxX - minX <= TAP_MAX_SPREAD_NU) || !(maxY - minY <= TAP_MAX_SPREAD_NU)) return undefined;
  return { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
}
