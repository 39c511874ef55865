/**
 * Offline strokes as ink strokes: positions `x + fx/100` nu, each dot at the previous dot's time
 * (the pen-down time for the first) plus its dt (pen-protocol.md §8.7). Section, owner and book
 * come from the note; the page from each stroke. An eraser tip (type 1) gives an eraser stroke
 * (brush eraser, status erased), as live strokes do. Strokes without dots carry no ink and are
 * skipped.
 *
 * Keys: a collection that is interrupted and repeated downloads the same strokes again, so the
 * keys must not be fresh random ones. {@link stableOfflineKeys} derives each key from the pen's
 * address, the page and the stroke's pen-down time (and, for strokes sharing both, their order):
 * the same stroke gets the same key in every download, and the ink store skips it as a duplicate.
 */

import {
  allocDots,
  BrushType,
  createStroke,
  type KeySource,
  type Stroke,
  type StrokeKey,
  uuidV4FromBytes,
} from '@dotink/ink';
import { type BookAddress, pageAddress } from '@dotink/ncode';
import type { OfflineStroke } from '../protocol';
import type { OfflineNoteData } from './offlineDownload';

/** Who wrote the imported strokes and with what brush. */
export interface OfflineImportStyle {
  readonly mac: string;
  readonly brushType?: BrushType;
  /** Default: the colour the pen recorded with each stroke. */
  readonly colorArgb?: number;
  readonly thickness?: number;
  readonly writerId?: string;
  readonly surfaceOwnerId?: string;
}

function strokeOf(data: OfflineNoteData, s: OfflineStroke, key: string, style: OfflineImportStyle): Stroke {
  const n = s.dots.length;
  const cols = allocDots(n);
  let t = s.downTimeMs;
  for (let i = 0; i < n; i++) {
    const d = s.dots[i]!;
    t += d.dtMs;
    cols.xNu[i] = d.x + d.fx / 100;
    cols.yNu[i] = d.y + d.fy / 100;
    cols.force[i] = d.force;
    cols.timeMs[i] = t;
  }
  const eraser = s.penTipType === 1;
  return createStroke(
    {
      key,
      page: pageAddress(data.note.section, data.note.owner, data.note.book, s.page),
      mac: style.mac,
      inputType: 'pen',
      brushType: eraser ? BrushType.eraser : (style.brushType ?? BrushType.pen),
      status: eraser ? 'erased' : 'normal',
      penTipMode: eraser ? 1 : 0,
      colorArgb: style.colorArgb ?? s.colorArgb,
      ...(style.thickness !== undefined ? { thickness: style.thickness } : {}),
      startTimeMs: s.downTimeMs,
      endTimeMs: Math.max(s.upTimeMs, t),
      writerId: style.writerId ?? '',
      surfaceOwnerId: style.surfaceOwnerId ?? '',
    },
    { ...cols, count: n },
  );
}

/**
 * Gives the key of an offline stroke of `note` from its content; `nth` counts earlier strokes of
 * the same download with the same page and pen-down time (0 for the first).
 */
export type OfflineStrokeKeys = (note: BookAddress, stroke: OfflineStroke, nth: number) => StrokeKey;

/** FNV-1a over `text` from `seed`, finished with the MurmurHash3 mixer. */
function hash32(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Stable keys for the offline strokes of the pen `mac`: UUID v4s hashed from (pen address,
 * page, pen-down time, `nth`). The same stroke downloaded again gets the same key.
 */
export function stableOfflineKeys(mac: string): OfflineStrokeKeys {
  const pen = mac.toUpperCase();
  const bytes = new Uint8Array(16);
  return (note, s, nth) => {
    const text = `${pen}|${note.section}.${note.owner}.${note.book}.${s.page}|${s.downTimeMs}|${nth}`;
    for (let w = 0; w < 4; w++) {
      const v = hash32(text, Math.imul(w + 1, 0x9e3779b9));
      bytes[w * 4] = v >>> 24;
      bytes[w * 4 + 1] = (v >>> 16) & 0xff;
      bytes[w * 4 + 2] = (v >>> 8) & 0xff;
      bytes[w * 4 + 3] = v & 0xff;
    }
    return uuidV4FromBytes(bytes) as StrokeKey;
  };
}

/**
 * The ink strokes of a downloaded note, in the order the pen sent them. Keys from `keys`: a
 * {@link KeySource} (fresh keys) or {@link stableOfflineKeys} (the same keys in every download:
 * use these for anything uploaded, so a repeated download stores nothing twice).
 */
export function importOfflineStrokes(
  data: OfflineNoteData,
  keys: KeySource | OfflineStrokeKeys,
  style: OfflineImportStyle,
): Stroke[] {
  const out: Stroke[] = [];
  const seen = new Map<string, number>();
  for (const s of data.strokes) {
    if (s.dots.length === 0) continue;
    let key: string;
    if (typeof keys === 'function') {
      const id = `${s.page}|${s.downTimeMs}`;
      const nth = seen.get(id) ?? 0;
      seen.set(id, nth + 1);
      key = keys(data.note, s, nth);
    } else key = keys.nextKey();
    out.push(strokeOf(data, s, key, style));
  }
  return out;
}
