/**
 * The JSON messages a remote (network) pen link carries, one JSON object per channel message.
 *
 * Format, version 1 (every message has `"v": 1`, a `type` and the pen's `mac`):
 *
 * | type           | other fields                                                        |
 * | -------------- | ------------------------------------------------------------------- |
 * | `connected`    | `maxPressure?` (number)                                            |
 * | `disconnected` | `timeMs`                                                            |
 * | `page`         | `timeMs`, `page` ("s.o.b.p")                                        |
 * | `hover`        | `timeMs`, `xNu`, `yNu`                                              |
 * | `stroke`       | `stroke`: {@link RemoteStroke} (a completed stroke)                 |
 * | `strokeOpen`   | `stroke`: {@link RemoteStroke} whose `dots` are the first ones (live) |
 * | `strokeDots`   | `key`, `dots`: more dots of an open live stroke                     |
 * | `strokeClose`  | `key`, `timeMs`: the live stroke is complete                        |
 * | `erase`        | `keys`: stroke keys the remote party erased                         |
 * | `down`         | (refused: a remote pen does not support pen down)                   |
 *
 * Live remote ink is streamed by stroke key (open, dots, close), never as pen down / move / up.
 *
 * A {@link RemoteStroke} is `{ key, page: "s.o.b.p", colorArgb, thickness, brushType,
 * penTipMode, writerId, surfaceOwnerId, dots: [[xNu, yNu, force, timeMs], …] }`.
 */

import type { BrushType, PenTipMode, Stroke } from '@dotink/ink';
import { type PageAddress, pageId, parsePageId } from '@dotink/ncode';

/** Message format version. */
export const REMOTE_MESSAGE_VERSION = 1;

/** A completed stroke as it travels. */
export interface RemoteStroke {
  readonly key: string;
  readonly page: string;
  readonly colorArgb: number;
  readonly thickness: number;
  readonly brushType: BrushType;
  readonly penTipMode: PenTipMode;
  readonly writerId: string;
  readonly surfaceOwnerId: string;
  /** `[xNu, yNu, force, timeMs]` per dot. */
  readonly dots: readonly (readonly [number, number, number, number])[];
}

/** One remote message. */
export type RemoteMessage =
  | { readonly type: 'connected'; readonly mac: string; readonly maxPressure?: number }
  | { readonly type: 'disconnected'; readonly mac: string; readonly timeMs: number }
  | { readonly type: 'page'; readonly mac: string; readonly timeMs: number; readonly page: PageAddress }
  | {
      readonly type: 'hover';
      readonly mac: string;
      readonly timeMs: number;
      readonly xNu: number;
      readonly yNu: number;
    }
  | { readonly type: 'stroke'; readonly mac: string; readonly stroke: RemoteStroke }
  | { readonly type: 'strokeOpen'; readonly mac: string; readonly stroke: RemoteStroke }
  | {
      readonly type: 'strokeDots';
      readonly mac: string;
      readonly key: string;
      readonly dots: readonly (readonly [number, number, number, number])[];
    }
  | { readonly type: 'strokeClose'; readonly mac: string; readonly key: string; readonly timeMs: number }
  | { readonly type: 'erase'; readonly mac: string; readonly keys: readonly string[] }
  | { readonly type: 'down'; readonly mac: string };

/** A completed stroke in its travelling form. */
export function toRemoteStroke(s: Stroke): RemoteStroke {
  const dots: [number, number, number, number][] = [];
  const d = s.dots;
  for (let i = 0; i < d.count; i++) dots.push([d.xNu[i]!, d.yNu[i]!, d.force[i]!, d.timeMs[i]!]);
  return {
    key: s.key,
    page: pageId(s.page),
    colorArgb: s.colorArgb,
    thickness: s.thickness,
    brushType: s.brushType,
    penTipMode: s.penTipMode,
    writerId: s.writerId,
    surfaceOwnerId: s.surfaceOwnerId,
    dots,
  };
}

/** The JSON text of a message. */
export function encodeRemoteMessage(m: RemoteMessage): string {
  if (m.type === 'page') return JSON.stringify({ v: REMOTE_MESSAGE_VERSION, ...m, page: pageId(m.page) });
  return JSON.stringify({ v: REMOTE_MESSAGE_VERSION, ...m });
}

/**
 * The messages of one WebSocket frame of a realtime room. Under the subprotocol
 * `dotink.remote.v2` the server may put several messages in one frame, one per line (a message's
 * JSON never holds a raw line break: {@link encodeRemoteMessage} writes none and the server turns
 * any between a client's tokens into spaces); a `dotink.remote.v1` frame is one message.
 */
export function splitRemoteFrame(frame: string): string[] {
  return frame.includes('\n') ? frame.split('\n') : [frame];
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

function strokeOf(v: unknown): RemoteStroke | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const s = v as Record<string, unknown>;
  if (!isStr(s.key) || !isStr(s.page) || !parsePageId(s.page)) return undefined;
  if (!isNum(s.colorArgb) || !isNum(s.thickness) || !isNum(s.brushType)) return undefined;
  if (s.penTipMode !== 0 && s.penTipMode !== 1) return undefined;
  if (!isStr(s.writerId) || !isStr(s.surfaceOwnerId) || !Array.isArray(s.dots)) return undefined;
  if (!dotsOk(s.dots)) return undefined;
  return s as unknown as RemoteStroke;
}

function dotsOk(v: unknown): v is [number, number, number, number][] {
  return Array.isArray(v) && v.every((d) => Array.isArray(d) && d.length === 4 && d.every(isNum));
}

/** Parses one message; undefined for anything malformed or of another version. */
export function decodeRemoteMessage(text: string): RemoteMessage | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const m = v as Record<string, unknown>;
  if (m.v !== REMOTE_MESSAGE_VERSION || !isStr(m.mac) || m.mac === '') return undefined;
  const mac = m.mac;
  switch (m.type) {
    case 'connected':
      if (m.maxPressure !== undefined && !isNum(m.maxPressure)) return undefined;
      return m.maxPressure === undefined
        ? { type: 'connected', mac }
        : { type: 'connected', mac, maxPressure: m.maxPressure };
    case 'disconnected':
      return isNum(m.timeMs) ? { type: 'disconnected', mac, timeMs: m.timeMs } : undefined;
    case 'page': {
      const page = isStr(m.page) ? parsePageId(m.page) : undefined;
      return page && isNum(m.timeMs) ? { type: 'page', mac, timeMs: m.timeMs, page } : undefined;
    }
    case 'hover':
      return isNum(m.timeMs) && isNum(m.xNu) && isNum(m.yNu)
        ? { type: 'hover', mac, timeMs: m.timeMs, xNu: m.xNu, yNu: m.yNu }
        : undefined;
    case 'stroke':
    case 'strokeOpen': {
      const stroke = strokeOf(m.stroke);
      return stroke ? { type: m.type, mac, stroke } : undefined;
    }
    case 'strokeDots':
      return isStr(m.key) && dotsOk(m.dots)
        ? { type: 'strokeDots', mac, key: m.key, dots: m.dots }
        : undefined;
    case 'strokeClose':
      return isStr(m.key) && isNum(m.timeMs)
        ? { type: 'strokeClose', mac, key: m.key, timeMs: m.timeMs }
        : undefined;
    case 'erase':
      return Array.isArray(m.keys) && m.keys.every(isStr) ? { type: 'erase', mac, keys: m.keys } : undefined;
    case 'down':
      return { type: 'down', mac };
    default:
      return undefined;
  }
}
