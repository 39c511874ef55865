/**
 * CSS colour text per ARGB value, cached so redraws do not build strings per stroke.
 */
import { cssColor } from '../pipeline/strokeStyle';

const CACHE = new Map<number, string>();
const MAX = 256;

/** `rgba(…)` text of an ARGB colour, drawn opaque (opacity comes from the brush). */
export function cssColorCached(argb: number): string {
  const key = argb >>> 0;
  let s = CACHE.get(key);
  if (s === undefined) {
    if (CACHE.size >= MAX) CACHE.clear();
    s = cssColor(key);
    CACHE.set(key, s);
  }
  return s;
}
