/**
 * Stroke keys: UUID v4 strings made from an injected source of randomness, never from a global
 * (the package is pure: no `crypto`). Apps pass `crypto.getRandomValues`; tests pass a seed.
 */
import type { StrokeKey } from './types';

/** Hands out fresh stroke keys. */
export interface KeySource {
  nextKey(): StrokeKey;
}

const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * Formats 16 random bytes as a UUID v4 (`xxxxxxxx-xxxx-4xxx-Yxxx-xxxxxxxxxxxx`, Y one of 8, 9, a,
 * b): the version and variant bits are forced, the other 122 bits come from the bytes.
 * Throws a RangeError unless exactly 16 bytes are given.
 */
export function uuidV4FromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError(`a UUID needs 16 bytes, got ${bytes.length}`);
  let s = '';
  for (let i = 0; i < 16; i++) {
    let b = bytes[i]!;
    if (i === 6) b = (b & 0x0f) | 0x40;
    else if (i === 8) b = (b & 0x3f) | 0x80;
    s += HEX[b]!;
    if (i === 3 || i === 5 || i === 7 || i === 9) s += '-';
  }
  return s;
}

/** True for a lower-case UUID v4 string. */
export function isUuidV4(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(text);
}

/**
 * Keys from a random byte source, e.g. `randomKeySource((b) => crypto.getRandomValues(b))` in an
 * app. `fill` must fill the whole array it is given.
 */
export function randomKeySource(fill: (bytes: Uint8Array) => void): KeySource {
  const bytes = new Uint8Array(16);
  return {
    nextKey() {
      fill(bytes);
      return uuidV4FromBytes(bytes) as StrokeKey;
    },
  };
}

/** A 32-bit integer hash with full avalanche (the finaliser of MurmurHash3). */
function mix32(h: number): number {
  let x = h | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * Deterministic keys: UUID v4s whose bytes are a hash of (`seed`, a counter). The same seed gives
 * the same sequence; different seeds give unrelated ones. For tests, replays and any place where
 * the caller wants reproducible keys; seed it from a real random source to get unique keys.
 */
export function seededKeySource(seed: number, startCount = 0): KeySource {
  const bytes = new Uint8Array(16);
  const seedHash = mix32((seed >>> 0) ^ 0x9e3779b9);
  const seedHigh = mix32(Math.floor(seed / 0x100000000) ^ 0x7f4a7c15);
  let n = startCount;
  return {
    nextKey() {
      const c = n++;
      const lo = c >>> 0;
      const hi = Math.floor(c / 0x100000000) >>> 0;
      for (let w = 0; w < 4; w++) {
        const v = mix32(seedHash ^ mix32(lo + Math.imul(w + 1, 0x27d4eb2d)) ^ mix32(hi ^ seedHigh ^ w));
        bytes[w * 4] = v >>> 24;
        bytes[w * 4 + 1] = (v >>> 16) & 0xff;
        bytes[w * 4 + 2] = (v >>> 8) & 0xff;
        bytes[w * 4 + 3] = v & 0xff;
      }
      return uuidV4FromBytes(bytes) as StrokeKey;
    },
  };
}

/**
 * Readable keys `prefix1`, `prefix2`, … for tests and debugging (not UUIDs, unique only within
 * one source).
 */
export function counterKeySource(prefix = 'k', start = 1): KeySource {
  let n = start;
  return { nextKey: () => `${prefix}${n++}` as StrokeKey };
}
