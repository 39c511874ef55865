/**
 * What a pupil's pens say to the lesson's realtime room (issue 16), as remote-pen messages of
 * `@dotink/pen` (`remoteMessages.ts`): a live stroke is `strokeOpen` (its first dots), then
 * `strokeDots` with the dots that came since — batched every {@link LIVE_BATCH_MS} (≈ 3 dots of a
 * pen at 100 Hz, one message per open stroke a batch; every pupil of a station on one timer, see
 * {@link batchCadence}) — and `strokeClose` at pen-up. A pen that moves to another page says
 * `page`; {@link LiveStream.snapshot} gives `connected` and `page` of every pen, sent on each
 * (re)open of the socket and every ~10 s so a teacher who joins late sees the state.
 *
 * A fixed cadence rather than animation frames: a station's frames are starved when its tab is
 * busy or hidden, and at 40 pens a message per frame was most of the relay's and the teacher's
 * work; 33 ms keeps the dot-to-pixel budget (150 ms) with room to spare.
 *
 * Pure: the batch scheduler and the sender are given.
 */
import type { LiveStroke, Stroke } from '@dotink/ink';
import type { PageAddress } from '@dotink/ncode';
import { pageId } from '@dotink/ncode';
import type { RemoteMessage, RemoteStroke } from '@dotink/pen';

/** How often the state is said again (ms). */
export const SNAPSHOT_EVERY_MS = 10_000;

/** How long a pen's new dots wait to go out together (ms). */
export const LIVE_BATCH_MS = 33;

/** Runs `run` once at the next batch ({@link batchCadence}, or a test's hand). */
export type FrameScheduler = (run: () => void) => void;

/**
 * A scheduler that runs everything asked for within one period together, `periodMs` after the
 * first ask: the pupils of a station send their batches in one task, on one timer.
 */
export function batchCadence(
  setTimer: (fn: () => void, ms: number) => unknown,
  periodMs = LIVE_BATCH_MS,
): FrameScheduler {
  let waiting: (() => void)[] = [];
  return (run) => {
    waiting.push(run);
    if (waiting.length > 1) return;
    setTimer(() => {
      const due = waiting;
      waiting = [];
      for (const r of due) r();
    }, periodMs);
  };
}

type DotTuple = readonly [number, number, number, number];

function dotTuples(live: Pick<LiveStroke, 'dots'>, from: number, to: number): DotTuple[] {
  const d = live.dots;
  const out: DotTuple[] = [];
  for (let i = from; i < to; i++) out.push([d.xNu[i]!, d.yNu[i]!, d.force[i]!, d.timeMs[i]!]);
  return out;
}

function openStroke(live: LiveStroke, dots: DotTuple[]): RemoteStroke {
  return {
    key: live.key,
    page: live.pageId,
    colorArgb: live.colorArgb,
    thickness: live.thickness,
    brushType: live.brushType,
    penTipMode: live.penTipMode,
    writerId: live.writerId,
    surfaceOwnerId: live.surfaceOwnerId,
    dots,
  };
}

interface Open {
  readonly live: LiveStroke;
  sent: number;
}

/** The live messages of one pupil's pens. */
export class LiveStream {
  private readonly open = new Map<string, Open>();
  private readonly dirty = new Set<string>();
  private frameAsked = false;
  /** Each pen's page and when it moved there. */
  private readonly pages = new Map<string, { page: PageAddress; timeMs: number }>();
  private readonly pens = new Set<string>();

  constructor(
    private readonly send: (message: RemoteMessage) => void,
    private readonly frame: FrameScheduler,
  ) {}

  /** A pen of the pupil connected. */
  penConnected(mac: string): void {
    this.pens.add(mac);
    this.send({ type: 'connected', mac });
  }

  /** A pen of the pupil went away. */
  penDisconnected(mac: string, timeMs: number): void {
    if (!this.pens.delete(mac)) return;
    this.send({ type: 'disconnected', mac, timeMs });
  }

  /** The pen is over a page (pen up). */
  pageSeen(mac: string, page: PageAddress, timeMs: number): void {
    const was = this.pages.get(mac);
    if (was && pageId(was.page) === pageId(page)) return;
    this.pages.set(mac, { page, timeMs });
    this.send({ type: 'page', mac, timeMs, page });
  }

  /** A stroke began: its page, then its first dots. */
  started(live: LiveStroke): void {
    const count = live.dots.count;
    this.pageSeen(live.mac, live.page, count > 0 ? live.dots.timeMs[0]! : 0);
    this.open.set(live.key, { live, sent: count });
    this.send({ type: 'strokeOpen', mac: live.mac, stroke: openStroke(live, dotTuples(live, 0, count)) });
  }

  /** New dots of an open stroke: sent with the next batch. */
  dots(live: LiveStroke): void {
    if (!this.open.has(live.key)) {
      this.started(live);
      return;
    }
    this.dirty.add(live.key);
    if (this.frameAsked) return;
    this.frameAsked = true;
    this.frame(() => {
      this.frameAsked = false;
      this.flush();
    });
  }

  /** The stroke is complete: its last dots, then its close. */
  completed(stroke: Stroke): void {
    const o = this.open.get(stroke.key);
    if (!o) return;
    const to = stroke.dots.count;
    if (to > o.sent) {
      this.send({
        type: 'strokeDots',
        mac: stroke.mac,
        key: stroke.key,
        dots: dotTuples(stroke, o.sent, to),
      });
    }
    this.open.delete(stroke.key);
    this.dirty.delete(stroke.key);
    this.send({ type: 'strokeClose', mac: stroke.mac, key: stroke.key, timeMs: stroke.endTimeMs });
  }

  /** Sends the dots gathered since the last batch. */
  flush(): void {
    for (const key of this.dirty) {
      const o = this.open.get(key);
      if (!o) continue;
      const to = o.live.dots.count;
      if (to <= o.sent) continue;
      this.send({ type: 'strokeDots', mac: o.live.mac, key, dots: dotTuples(o.live, o.sent, to) });
      o.sent = to;
    }
    this.dirty.clear();
  }

  /**
   * The state for a socket that just (re)opened or a periodic repeat: each pen connected and its
   * page, and the open strokes from their first dot (a reopened socket lost what it had).
   */
  snapshot(reopened: boolean): RemoteMessage[] {
    const out: RemoteMessage[] = [];
    for (const mac of this.pens) {
      out.push({ type: 'connected', mac });
      const p = this.pages.get(mac);
      if (p) out.push({ type: 'page', mac, timeMs: p.timeMs, page: p.page });
    }
    if (reopened) {
      for (const o of this.open.values()) {
        const count = o.live.dots.count;
        out.push({
          type: 'strokeOpen',
          mac: o.live.mac,
          stroke: openStroke(o.live, dotTuples(o.live, 0, count)),
        });
        o.sent = count;
      }
    }
    return out;
  }
}
