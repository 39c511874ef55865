/**
 * The pen's outgoing byte stream: frames queued during one scheduler turn are sent together, cut
 * into notifications (pen-protocol.md §1.2: at most ATT_MTU − 3 bytes, 20 by default), with the
 * fault modes a host must survive: random split points, forced splits right after an escape byte,
 * and garbage bytes between frames.
 */
import { ESC, STX } from '../protocol/commands';
import type { Prng } from './runtime';

/** How notifications are cut and what noise is added. */
export interface NotifyOptions {
  /** Largest notification, bytes. Default 20 (ATT MTU 23). */
  readonly size?: number;
  /** `fixed`: every notification is `size` bytes (the last shorter); `random`: 1 … `size`. */
  readonly split?: 'fixed' | 'random';
  /** Always end a notification right after a 0x7D, so the escaped byte starts the next one. */
  readonly splitAfterEscape?: boolean;
  /** Chance (0–1) of garbage bytes before each frame. Default 0. */
  readonly garbageProbability?: number;
  /** At most this many garbage bytes each time (never 0xC0). Default 4. */
  readonly garbageMaxBytes?: number;
}

/** Resolved notify options. */
export type ResolvedNotifyOptions = Required<NotifyOptions>;

export function resolveNotifyOptions(o: NotifyOptions = {}): ResolvedNotifyOptions {
  return {
    size: Math.max(1, Math.floor(o.size ?? 20)),
    split: o.split ?? 'fixed',
    splitAfterEscape: o.splitAfterEscape ?? false,
    garbageProbability: o.garbageProbability ?? 0,
    garbageMaxBytes: Math.max(1, o.garbageMaxBytes ?? 4),
  };
}

/** Counters of what was sent. */
export interface NotifyStats {
  frames: number;
  notifications: number;
  bytes: number;
  garbageBytes: number;
}

/** Joins frames (with optional garbage before each) into one byte run. */
export function joinWithGarbage(
  frames: readonly Uint8Array[],
  o: ResolvedNotifyOptions,
  rng: Prng,
  stats: NotifyStats,
): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const f of frames) {
    if (o.garbageProbability > 0 && rng.next() < o.garbageProbability) {
      const g = new Uint8Array(rng.int(1, o.garbageMaxBytes));
      for (let i = 0; i < g.length; i++) {
        let b = rng.int(0, 255);
        if (b === STX) b = 0x00;
        g[i] = b;
      }
      parts.push(g);
      total += g.length;
      stats.garbageBytes += g.length;
    }
    parts.push(f);
    total += f.length;
  }
  const out = new Uint8Array(total);
  let o2 = 0;
  for (const p of parts) {
    out.set(p, o2);
    o2 += p.length;
  }
  return out;
}

/** Cuts a byte run into notifications (copies, each its own buffer). */
export function splitNotifications(bytes: Uint8Array, o: ResolvedNotifyOptions, rng: Prng): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  while (start < bytes.length) {
    const limit = o.split === 'random' ? rng.int(1, o.size) : o.size;
    let end = Math.min(bytes.length, start + limit);
    if (o.splitAfterEscape) {
      for (let i = start; i < end; i++) {
        if (bytes[i] === ESC) {
          end = i + 1;
          break;
        }
      }
    }
    out.push(bytes.slice(start, end));
    start = end;
  }
  return out;
}
