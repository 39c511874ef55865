/**
 * Base64 (RFC 4648) for the ink codecs: table-driven, pure, fast enough for millions of dots per
 * second (the server dot form is base64 text).
 *
 * Encoding writes the standard alphabet with `=` padding. Decoding is lenient: it accepts the
 * standard and the URL-safe alphabets, missing padding, and ASCII white space (line-wrapped MIME
 * text); any other character is an error.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Char code → 6-bit value; 255 = not a base64 character. */
const DECODE = new Uint8Array(256).fill(255);
for (let i = 0; i < 64; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
DECODE['-'.charCodeAt(0)] = 62;
DECODE['_'.charCodeAt(0)] = 63;

/** 6-bit value → char code of its base64 character (a plain array: fastest to read). */
const ENCODE: number[] = [];
for (let i = 0; i < 64; i++) ENCODE.push(ALPHABET.charCodeAt(i));

/** Char codes per `String.fromCharCode` call: small enough for any engine's argument limit. */
const CHUNK = 4096;

/**
 * Scratch char codes for the encoder, reused across calls. `String.fromCharCode.apply` reads a
 * packed array of small integers about twice as fast as a typed array. The encoder never calls
 * out while it fills it, so sharing it is safe (each worker has its own module instance).
 */
const SCRATCH: number[] = new Array<number>(CHUNK).fill(0);

const WHITE_SPACE = /[\t\n\f\r ]/g;

/** The error every malformed base64 text raises. */
export const INVALID_BASE64 = 'invalid base64 text';

/** Base64 text of `bytes` (standard alphabet, padded). */
export function encodeInkBase64(bytes: Uint8Array): string {
  const n = bytes.length;
  const whole = n - (n % 3);
  const buf = SCRATCH;
  let out = '';
  let k = 0;
  for (let i = 0; i < whole; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    buf[k] = ENCODE[v >> 18]!;
    buf[k + 1] = ENCODE[(v >> 12) & 63]!;
    buf[k + 2] = ENCODE[(v >> 6) & 63]!;
    buf[k + 3] = ENCODE[v & 63]!;
    k += 4;
    if (k === CHUNK) {
      out += String.fromCharCode.apply(null, buf);
      k = 0;
    }
  }
  const rest = n - whole;
  if (rest > 0) {
    const v = (bytes[whole]! << 16) | (rest === 2 ? bytes[whole + 1]! << 8 : 0);
    buf[k] = ENCODE[v >> 18]!;
    buf[k + 1] = ENCODE[(v >> 12) & 63]!;
    buf[k + 2] = rest === 2 ? ENCODE[(v >> 6) & 63]! : 61;
    buf[k + 3] = 61;
    k += 4;
  }
  if (k === CHUNK) {
    out += String.fromCharCode.apply(null, buf);
  } else if (k > 0) {
    // Shorten the scratch for the tail instead of copying it (`slice`), then restore its length.
    buf.length = k;
    out += String.fromCharCode.apply(null, buf);
    buf.length = CHUNK;
    buf.fill(0, k);
  }
  return out;
}

/** The bytes of base64 `text`. Throws `Error(INVALID_BASE64)` on a malformed text. */
export function decodeInkBase64(text: string): Uint8Array {
  const fast = decodeBody(text);
  if (fast) return fast;
  // Slow path: line-wrapped or otherwise white-spaced text.
  const clean = decodeBody(text.replace(WHITE_SPACE, ''));
  if (!clean) throw new Error(INVALID_BASE64);
  return clean;
}

/** Decodes a text without white space; `undefined` when it is not valid base64. */
function decodeBody(s: string): Uint8Array | undefined {
  let len = s.length;
  // Strip padding: at most two `=`.
  while (len > 0 && s.charCodeAt(len - 1) === 61) len--;
  if (s.length - len > 2 || len % 4 === 1) return undefined;
  const out = new Uint8Array(((len * 3) / 4) | 0);
  const whole = len - (len % 4);
  let o = 0;
  // `bad` collects 6-bit values (255 marks a non-alphabet character); `wide` collects char codes,
  // so a code above 255 that aliases a table entry is caught too.
  let bad = 0;
  let wide = 0;
  for (let i = 0; i < whole; i += 4) {
    const ca = s.charCodeAt(i);
    const cb = s.charCodeAt(i + 1);
    const cc = s.charCodeAt(i + 2);
    const cd = s.charCodeAt(i + 3);
    wide |= ca | cb | cc | cd;
    const a = DECODE[ca & 255]!;
    const b = DECODE[cb & 255]!;
    const c = DECODE[cc & 255]!;
    const d = DECODE[cd & 255]!;
    bad |= a | b | c | d;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = v >> 16;
    out[o++] = (v >> 8) & 255;
    out[o++] = v & 255;
  }
  const rest = len - whole;
  if (rest >= 2) {
    const ca = s.charCodeAt(whole);
    const cb = s.charCodeAt(whole + 1);
    const cc = rest === 3 ? s.charCodeAt(whole + 2) : 65;
    wide |= ca | cb | cc;
    const a = DECODE[ca & 255]!;
    const b = DECODE[cb & 255]!;
    const c = DECODE[cc & 255]!;
    bad |= a | b | c;
    const v = (a << 18) | (b << 12) | (c << 6);
    out[o++] = v >> 16;
    if (rest === 3) out[o++] = (v >> 8) & 255;
  }
  return bad > 63 || wide > 255 ? undefined : out;
}
