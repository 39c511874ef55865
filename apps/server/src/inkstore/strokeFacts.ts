/**
 * What the learning analytics need of a stroke (issue 15), computed once from its dots when it is
 * stored (upload, migration 0040's backfill) so a class summary never decodes dots:
 * - `endTime`: the time of the last dot (start time + every dot's time delta), or null when the
 *   dots carry no time (every delta 0: then the summary uses start + dot count × 12 ms,
 *   classroom.md §3);
 * - `distanceNu`: the written length, the sum of the distances between consecutive dots, in nu.
 *
 * Reads the server's dot form in place (`@dotink/ink` serverDots: u16 delta at 0, f32 x at 6,
 * f32 y at 10, little-endian; 17 bytes a dot, 16 in older data) without building dot columns.
 */
import { serverDotStride } from '@dotink/ink';

/** The analytics facts of one stroke. */
export interface StrokeFacts {
  readonly endTime: number | null;
  readonly distanceNu: number;
}

/** The facts of the dots `bytes` of a stroke starting at `startTime` (no dots: null, 0). */
export function strokeFacts(bytes: Uint8Array, startTime: number): StrokeFacts {
  const stride = serverDotStride(bytes.length);
  const n = (bytes.length / stride) | 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let elapsed = 0;
  let distance = 0;
  let px = 0;
  let py = 0;
  for (let i = 0, o = 0; i < n; i++, o += stride) {
    elapsed += view.getUint16(o, true);
    const x = view.getFloat32(o + 6, true);
    const y = view.getFloat32(o + 10, true);
    if (i > 0) {
      const dx = x - px;
      const dy = y - py;
      // f32 coordinates: the squares stay far from overflow, so no Math.hypot (3× slower)
      const d = Math.sqrt(dx * dx + dy * dy);
      if (Number.isFinite(d)) distance += d;
    }
    px = x;
    py = y;
  }
  return { endTime: elapsed > 0 ? startTime + elapsed : null, distanceNu: distance };
}
