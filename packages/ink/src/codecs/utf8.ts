/**
 * UTF-8 for the JSON payloads (the ES2022 lib has no TextEncoder/TextDecoder): a tiny pure codec.
 *
 * Encoding turns a lone surrogate into U+FFFD (as TextEncoder does). Decoding replaces every
 * malformed sequence (bad lead or continuation byte, overlong form, surrogate code point, value
 * above U+10FFFF, truncated tail) with one U+FFFD per maximal bad subpart, as the WHATWG decoder.
 */

const REPLACEMENT = 0xfffd;

/** The UTF-8 bytes of `text`. */
export function encodeUtf8(text: string): Uint8Array {
  const n = text.length;
  // At most 3 bytes per UTF-16 unit (a surrogate pair of 2 units gives 4 bytes).
  const out = new Uint8Array(n * 3);
  let o = 0;
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[o++] = c;
      continue;
    }
    if (c < 0x800) {
      out[o++] = 0xc0 | (c >> 6);
      out[o++] = 0x80 | (c & 63);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        out[o++] = 0xf0 | (cp >> 18);
        out[o++] = 0x80 | ((cp >> 12) & 63);
        out[o++] = 0x80 | ((cp >> 6) & 63);
        out[o++] = 0x80 | (cp & 63);
        continue;
      }
      c = REPLACEMENT;
    }
    out[o++] = 0xe0 | (c >> 12);
    out[o++] = 0x80 | ((c >> 6) & 63);
    out[o++] = 0x80 | (c & 63);
  }
  return out.slice(0, o);
}

/** The text of UTF-8 `bytes` (a leading byte-order mark is kept, as in the input). */
export function decodeUtf8(bytes: Uint8Array): string {
  const n = bytes.length;
  const units: number[] = [];
  const parts: string[] = [];
  const flush = () => {
    parts.push(String.fromCharCode.apply(null, units));
    units.length = 0;
  };
  let i = 0;
  while (i < n) {
    if (units.length >= 8192) flush();
    const b0 = bytes[i]!;
    if (b0 < 0x80) {
      units.push(b0);
      i++;
      continue;
    }
    // Expected length and the allowed range of the second byte (rules out overlongs, surrogates
    // and values above U+10FFFF).
    let need = 0;
    let lo = 0x80;
    let hi = 0xbf;
    let cp = 0;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      need = 1;
      cp = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      need = 2;
      cp = b0 & 0x0f;
      if (b0 === 0xe0) lo = 0xa0;
      if (b0 === 0xed) hi = 0x9f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      need = 3;
      cp = b0 & 0x07;
      if (b0 === 0xf0) lo = 0x90;
      if (b0 === 0xf4) hi = 0x8f;
    } else {
      units.push(REPLACEMENT);
      i++;
      continue;
    }
    let j = 1;
    for (; j <= need; j++) {
      const b = i + j < n ? bytes[i + j]! : -1;
      const min = j === 1 ? lo : 0x80;
      const max = j === 1 ? hi : 0xbf;
      if (b < min || b > max) break;
      cp = (cp << 6) | (b & 63);
    }
    if (j <= need) {
      units.push(REPLACEMENT);
      i += j;
      continue;
    }
    i += need + 1;
    if (cp >= 0x10000) {
      const v = cp - 0x10000;
      units.push(0xd800 | (v >> 10), 0xdc00 | (v & 0x3ff));
    } else {
      units.push(cp);
    }
  }
  flush();
  return parts.length === 1 ? parts[0]! : parts.join('');
}
