/**
 * A page's ink in the stored .GRIDA stroke form, encoded incrementally: each stroke's record and
 * dot bytes are kept (strokes are immutable records; a changed stroke is a new one), so writing a
 * page again after one more stroke encodes that stroke only. The result is the same as
 * `encodeGridaStrokes` of the whole list.
 */
import { type EncodedGridaStrokes, encodeGridaStrokes, type Stroke, type StrokeRecord } from '@dotink/ink';

/** An encoder with its per-stroke cache. */
export class InkEncoder {
  private readonly cache = new WeakMap<
    Stroke,
    { readonly record: StrokeRecord; readonly dots: Uint8Array }
  >();

  /** The page's strokes (drawing order) encoded. */
  encode(strokes: readonly Stroke[]): EncodedGridaStrokes {
    const parts = strokes.map((s) => {
      let part = this.cache.get(s);
      if (!part) {
        const one = encodeGridaStrokes([s]);
        part = { record: one.records[0]!, dots: one.dots };
        this.cache.set(s, part);
      }
      return part;
    });
    const dots = new Uint8Array(parts.reduce((n, p) => n + p.dots.length, 0));
    const records: StrokeRecord[] = [];
    let offset = 0;
    for (const p of parts) {
      dots.set(p.dots, offset);
      records.push({ ...p.record, dotOffset: offset });
      offset += p.dots.length;
    }
    return { records, dots };
  }
}
