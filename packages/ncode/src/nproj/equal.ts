/**
 * Equality of typed `.nproj` documents: deep structural equality of the records, where an
 * `undefined` property is the same as an absent one and numbers compare with `===` (so 0 equals
 * −0). Raw XML kept in extras and `palette` compares the same way.
 */
import type { NprojDocument } from './types';

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) if (!deepEqual(ra[k], rb[k])) return false;
  return true;
}

/** True when both documents hold the same typed content (see the module comment). */
export function nprojEqual(a: NprojDocument, b: NprojDocument): boolean {
  return deepEqual(a, b);
}
