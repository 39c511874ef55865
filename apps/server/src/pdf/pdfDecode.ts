/**
 * The stream filters the bounded PDF reader needs for its structure (cross-reference streams and
 * object streams): none, FlateDecode, and the PNG/TIFF predictors of FlateDecode's parameters.
 * Output is bounded: a stream that inflates past `maxBytes` is {@link PdfReadError} 'tooCostly'.
 */
import { constants, inflateSync } from 'node:zlib';
import { damaged, PdfDict, PdfReadError, type PdfValue } from './pdfSyntax';

function asArray(v: PdfValue | undefined): PdfValue[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

/** Inflates zlib data, at most `maxBytes` out (tolerating a missing end or checksum). */
function inflate(raw: Uint8Array, maxBytes: number): Uint8Array {
  try {
    const out = inflateSync(raw, {
      maxOutputLength: Math.max(1, maxBytes),
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new PdfReadError('tooCostly', `a structure stream inflates past ${maxBytes} bytes`);
    throw damaged(`a structure stream does not inflate: ${(error as Error).message}`);
  }
}

/** Reverses the PNG predictors (10–15) of rows of `columns × colors × bpc` bits. */
function unpredictPng(data: Uint8Array, colors: number, bpc: number, columns: number): Uint8Array {
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const dst = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const x = data[src + i]!;
      const left = i >= bpp ? out[dst + i - bpp]! : 0;
      const up = r > 0 ? out[dst - rowBytes + i]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[dst - rowBytes + i - bpp]! : 0;
      let v: number;
      if (type === 0) v = x;
      else if (type === 1) v = x + left;
      else if (type === 2) v = x + up;
      else if (type === 3) v = x + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        v = x + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw damaged(`PNG predictor row type ${type}`);
      out[dst + i] = v & 0xff;
    }
  }
  return out;
}

/** Reverses the TIFF predictor 2 for 8-bit components. */
function unpredictTiff(data: Uint8Array, colors: number, bpc: number, columns: number): Uint8Array {
  if (bpc !== 8) throw damaged('TIFF predictor with other than 8 bits a component');
  const rowBytes = colors * columns;
  const out = Uint8Array.from(data);
  for (let r = 0; r + rowBytes <= out.length; r += rowBytes)
    for (let i = colors; i < rowBytes; i++) out[r + i] = (out[r + i]! + out[r + i - colors]!) & 0xff;
  return out;
}

function num(dict: PdfDict | undefined, key: string, fallback: number): number {
  const v = dict?.get(key);
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 1 << 20 ? v : fallback;
}

/**
 * The decoded data of a stream whose dictionary is `dict` and raw data `raw`, at most `maxBytes`.
 * Filters other than FlateDecode (and none) are not structure streams: damaged.
 */
export function decodeStream(dict: PdfDict, raw: Uint8Array, maxBytes: number): Uint8Array {
  const filters = asArray(dict.get('Filter') ?? dict.get('F'));
  const parms = asArray(dict.get('DecodeParms') ?? dict.get('DP'));
  let data = raw;
  filters.forEach((f, i) => {
    const name = f instanceof Object && 'name' in f ? (f as { name: string }).name : undefined;
    if (name !== 'FlateDecode' && name !== 'Fl') throw damaged(`structure stream filter ${String(name)}`);
    data = inflate(data, maxBytes);
    const p = parms[i];
    const d = p instanceof PdfDict ? p : undefined;
    const predictor = num(d, 'Predictor', 1);
    const colors = num(d, 'Colors', 1);
    const bpc = num(d, 'BitsPerComponent', 8);
    const columns = num(d, 'Columns', 1);
    if (predictor >= 10) data = unpredictPng(data, colors, bpc, columns);
    else if (predictor === 2) data = unpredictTiff(data, colors, bpc, columns);
  });
  if (filters.length === 0 && data.length > maxBytes)
    throw new PdfReadError('tooCostly', `a structure stream is over ${maxBytes} bytes`);
  return data;
}
