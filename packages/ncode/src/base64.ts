/**
 * Base64 (RFC 4648) without `atob`, `btoa` or Node buffers, so it runs in any pure module.
 *
 * Encoding writes the standard alphabet with `=` padding ({@link encodeBase64}) or the URL-safe
 * alphabet without padding ({@link encodeBase64Url}). Decoding accepts both alphabets (also
 * mixed), with or without padding, and ignores ASCII white space (line breaks of MIME text);
 * anything else throws an `Error` whose message starts with `Invalid base64`. Unused low bits of
 * the last character are ignored.
 */

import { strFromU8, strToU8 } from 'fflate';

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const PAD = 61; // '='

// Speed: the text is built as bytes, two characters per 16-bit table entry, and turned into a
// string in one call (fflate's strFromU8/strToU8 use the platform TextDecoder/TextEncoder where
// there is one, a pure fallback elsewhere). Pair tables are laid out for the platform's byte
// order.
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const pairKey = (first: number, second: number) =>
  LITTLE_ENDIAN ? first | (second << 8) : (first << 8) | second;

/** Character code → 6-bit value; 0xff marks a character outside both alphabets. */
const VALUE = new Uint8Array(256).fill(0xff);
for (let k = 0; k < 64; k++) {
  VALUE[STANDARD.charCodeAt(k)] = k;
  VALUE[URL_SAFE.charCodeAt(k)] = k;
}

interface Alphabet {
  readonly codes: Uint8Array;
  /** 12-bit value → its two characters as one 16-bit word. */
  readonly pairs: Uint16Array;
}

function alphabet(chars: string): Alphabet {
  const codes = Uint8Array.from(chars, (c) => c.charCodeAt(0));
  const pairs = new Uint16Array(4096);
  for (let v = 0; v < 4096; v++) pairs[v] = pairKey(codes[v >>> 6]!, codes[v & 63]!);
  return { codes, pairs };
}

const STANDARD_ALPHABET = alphabet(STANDARD);
const URL_SAFE_ALPHABET = alphabet(URL_SAFE);

let decodePairs: Uint16Array | undefined;
/** Two characters as one 16-bit word → their 12-bit value; 0xffff when either is not base64. */
function pairValues(): Uint16Array {
  if (decodePairs) return decodePairs;
  const table = new Uint16Array(65536).fill(0xffff);
  for (let a = 0; a < 256; a++) {
    if (VALUE[a] === 0xff) continue;
    for (let b = 0; b < 256; b++) {
      if (VALUE[b] !== 0xff) table[pairKey(a, b)] = (VALUE[a]! << 6) | VALUE[b]!;
    }
  }
  decodePairs = table;
  return table;
}

function encodeWith(bytes: Uint8Array, { codes, pairs }: Alphabet, pad: boolean): string {
  const n = bytes.length;
  const full = n - (n % 3);
  const tail = n - full;
  const outLength = (full / 3) * 4 + (tail === 0 ? 0 : pad ? 4 : tail + 1);
  const out = new Uint8Array(outLength + (outLength & 1));
  const words = new Uint16Array(out.buffer, 0, (full / 3) * 2);
  let w = 0;
  for (let i = 0; i < full; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    words[w] = pairs[v >>> 12]!;
    words[w + 1] = pairs[v & 4095]!;
    w += 2;
  }
  let o = w * 2;
  if (tail === 1) {
    const v = bytes[full]!;
    out[o++] = codes[v >>> 2]!;
    out[o++] = codes[(v & 3) << 4]!;
    if (pad) {
      out[o++] = PAD;
      out[o++] = PAD;
    }
  } else if (tail === 2) {
    const v = (bytes[full]! << 8) | bytes[full + 1]!;
    out[o++] = codes[v >>> 10]!;
    out[o++] = codes[(v >>> 4) & 63]!;
    out[o++] = codes[(v & 15) << 2]!;
    if (pad) out[o++] = PAD;
  }
  return strFromU8(out.subarray(0, outLength));
}

/** Base64 of the bytes, standard alphabet (`+`, `/`) with `=` padding. */
export function encodeBase64(bytes: Uint8Array): string {
  return encodeWith(bytes, STANDARD_ALPHABET, true);
}

/** Base64 of the bytes, URL-safe alphabet (`-`, `_`) without padding. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeWith(bytes, URL_SAFE_ALPHABET, false);
}

const WHITE_SPACE = /[\t\n\f\r ]/g;

/**
 * Decodes clean base64 given as the bytes of its text (non-ASCII characters become bytes
 * ≥ 0x80, which are not base64); `undefined` on any problem (the caller then explains it).
 */
function decodeStrict(s: Uint8Array): Uint8Array | undefined {
  const length = s.length;
  let end = length;
  if (end > 0 && s[end - 1] === PAD) end--;
  if (end > 0 && s[end - 1] === PAD) end--;
  if (end !== length && length % 4 !== 0) return undefined;
  const rem = end % 4;
  if (rem === 1) return undefined;
  const full = end - rem;
  const out = new Uint8Array((full / 4) * 3 + (rem === 0 ? 0 : rem - 1));
  const aligned = (s.byteOffset & 1) === 0 ? s : s.slice();
  const words = new Uint16Array(aligned.buffer, aligned.byteOffset, full / 2);
  const table = pairValues();
  let o = 0;
  for (let i = 0; i < words.length; i += 2) {
    const hi = table[words[i]!]!;
    const lo = table[words[i + 1]!]!;
    if (((hi | lo) & 0xf000) !== 0) return undefined;
    const v = (hi << 12) | lo;
    out[o] = v >>> 16;
    out[o + 1] = (v >>> 8) & 255;
    out[o + 2] = v & 255;
    o += 3;
  }
  if (rem > 0) {
    let v = 0;
    for (let k = 0; k < rem; k++) {
      const value = VALUE[s[full + k]!]!;
      if (value === 0xff) return undefined;
      v = (v << 6) | value;
    }
    if (rem === 2) out[o] = v >>> 4;
    else {
      out[o] = v >>> 10;
      out[o + 1] = (v >>> 2) & 255;
    }
  }
  return out;
}

/** Throws the error that says why `s` (white space already removed) is not base64. */
function explain(s: string): never {
  let pads = 0;
  while (pads < s.length && s.charCodeAt(s.length - 1 - pads) === PAD) pads++;
  const body = s.length - pads;
  for (let i = 0; i < body; i++) {
    const c = s.charCodeAt(i);
    if (c === PAD) throw new Error(`Invalid base64: "=" before the end, at index ${i}`);
    if (c > 255 || VALUE[c] === 0xff) {
      throw new Error(`Invalid base64: unexpected character ${JSON.stringify(s[i])} at index ${i}`);
    }
  }
  if (body % 4 === 1) throw new Error(`Invalid base64: length ${body} leaves a single character over`);
  throw new Error(`Invalid base64: bad padding (${pads} "=" after ${body} characters)`);
}

/**
 * Decodes base64 text (standard or URL-safe alphabet, padding optional, ASCII white space
 * ignored). Throws an `Error` starting `Invalid base64` for any other character, an `=` before
 * the end, wrong padding or a length that cannot be base64 (one character left over).
 */
export function decodeBase64(text: string): Uint8Array {
  const fast = decodeStrict(strToU8(text));
  if (fast) return fast;
  const stripped = text.replace(WHITE_SPACE, '');
  if (stripped.length !== text.length) {
    const slow = decodeStrict(strToU8(stripped));
    if (slow) return slow;
  }
  return explain(stripped);
}
