/**
 * Offline strokes as ink strokes: positions `x + fx/100` nu, each dot at the previous dot's time
 * (the pen-down time for the first) plus its dt (pen-protocol.md §8.7). Section, owner and book
 * come from the note; the page from each stroke. An eraser tip (type 1) gives an eraser stroke
 * (brush eraser, status erased), as live strokes do. Strokes without dots carry no ink and are
 * skipped.
 */

import { allocDots, BrushType, createStroke, type KeySource, type Stroke } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
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

/** The ink strokes of a downloaded note, in the order the pen sent them; keys from `keys` (a KeySource). */
export function importOfflineStrokes(
  data: OfflineNoteData,
  keys: KeySource,
  style: OfflineImportStyle,
): Stroke[] {
  const out: Stroke[] = [];
  for (const s of data.strokes) {
    if (s.dots.length === 0) continue;
    out.push(strokeOf(data, s, keys.nextKey(), style));
  }
  return out;
}
