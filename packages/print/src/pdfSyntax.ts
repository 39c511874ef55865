/**
 * The small part of PDF syntax the print writer needs: numbers, names, text strings, dates and
 * ASCII bytes. Everything the writer emits outside stream data is 7-bit ASCII.
 */

/** A number as PDF writes it: at most 4 decimals, no exponent, no trailing zeros. */
export function pdfNumber(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e15)
    throw new RangeError(`a PDF number must be finite and below 1e15, got ${n}`);
  const r = Math.round(n * 10000) / 10000;
  if (Object.is(r, -0) || r === 0) return '0';
  let s = r.toFixed(4);
  s = s.replace(/\.?0+$/, '');
  return s;
}

/** A PDF name (`/Name`), escaping bytes outside `!`…`~` and the delimiters as `#xx`. */
export function pdfName(name: string): string {
  let out = '/';
  for (const ch of name) {
    const code = ch.codePointAt(0)!;
    if (code > 0x7e || code < 0x21 || '#()<>[]{}/%'.includes(ch)) {
      if (code > 0xff) throw new RangeError(`PDF names here must be Latin-1, got ${JSON.stringify(name)}`);
      out += `#${code.toString(16).padStart(2, '0')}`;
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * A PDF text string: a literal `( … )` when the text is printable ASCII (escaping `\`, `(`,
 * `)`), otherwise a hex string of UTF-16BE with a byte order mark (PDF's Unicode text form).
 */
export function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `${hex}>`;
}

/** A hex string of raw bytes. */
export function pdfHexBytes(bytes: Uint8Array): string {
  let hex = '<';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return `${hex}>`;
}

/** A PDF date `(D:YYYYMMDDHHmmSSZ)` in UTC. */
export function pdfDate(date: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `(D:${p(date.getUTCFullYear(), 4)}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(
    date.getUTCHours(),
  )}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z)`;
}

/** Encodes an ASCII string as bytes (throws on anything above 0x7f). */
export function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) throw new RangeError(`PDF syntax must be ASCII, found U+${c.toString(16)}`);
    out[i] = c;
  }
  return out;
}

/** 16 bytes derived from a text (FNV-1a, four seeds): a stable file identifier, not a secret. */
export function fileIdBytes(text: string): Uint8Array {
  const out = new Uint8Array(16);
  const seeds = [0x811c9dc5, 0x050c5d1f, 0x1b873593, 0x2c1b3c6d];
  seeds.forEach((seed, k) => {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    out[k * 4] = h >>> 24;
    out[k * 4 + 1] = (h >>> 16) & 0xff;
    out[k * 4 + 2] = (h >>> 8) & 0xff;
    out[k * 4 + 3] = h & 0xff;
  });
  return out;
}
