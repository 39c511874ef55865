/**
 * GridaBoard's `rawData`: the board's PDF as a string of one character per byte, built by
 * appending to a variable that started undefined, so it begins with the 9 characters
 * `undefined` (ncode-paper.md §8.2). The file itself is UTF-8 JSON, so the caller decodes the
 * file as UTF-8 and parses it first; this module only turns the string back into bytes.
 */
import { GridaFormatError } from '../types';

/** The PDF header every rawData holds after its junk prefix. */
export const PDF_HEADER = '%PDF-';

/**
 * The PDF bytes of a rawData string: everything before the first `%PDF-` is dropped (normally
 * the `undefined` prefix), each remaining character code is one byte. Throws
 * {@link GridaFormatError} when there is no PDF header or a character code is above 255.
 */
export function decodeRawData(raw: string): Uint8Array {
  const start = raw.indexOf(PDF_HEADER);
  if (start < 0) throw new GridaFormatError('rawData holds no PDF');
  const out = new Uint8Array(raw.length - start);
  for (let i = start; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c > 255) throw new GridaFormatError('rawData has a character above 255');
    out[i - start] = c;
  }
  return out;
}

/** The rawData string GridaBoard writes for `pdf` (the `undefined` prefix included). */
export function encodeRawData(pdf: Uint8Array): string {
  const parts: string[] = ['undefined'];
  for (let i = 0; i < pdf.length; i += 8192) {
    parts.push(String.fromCharCode.apply(null, Array.from(pdf.subarray(i, i + 8192))));
  }
  return parts.join('');
}
