import { DEFAULT_BRUSH, type LiveStroke, LiveStrokeBuffer, type StrokeKey } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { decodeRemoteMessage, encodeRemoteMessage, type RemoteMessage } from '@dotink/pen';
import { describe, expect, it } from 'vitest';
import { batchCadence, LIVE_BATCH_MS, LiveStream } from './liveStream';

const PAGE = pageAddress(3, 1012, 1191, 10);
const MAC = '9C:7B:D2:00:00:01';

function live(key: string, page = PAGE): LiveStrokeBuffer {
  const brush = { ...DEFAULT_BRUSH, mac: MAC, writerId: 'p1', surfaceOwnerId: 'p1' };
  return new LiveStrokeBuffer(key as StrokeKey, MAC as never, page, 'ink', 0, false, brush, undefined);
}

function setup() {
  const sent: RemoteMessage[] = [];
  const frames: (() => void)[] = [];
  const stream = new LiveStream(
    (m) => {
      // every message is one the server and the teacher's reader accept
      expect(decodeRemoteMessage(encodeRemoteMessage(m))).toBeDefined();
      sent.push(m);
    },
    (run) => frames.push(run),
  );
  const frame = () => {
    const f = frames.splice(0);
    for (const run of f) run();
  };
  return { sent, frames, frame, stream };
}

describe('LiveStream', () => {
  it('opens a stroke with its page and first dot, batches later dots per frame, closes it', () => {
    const { sent, frames, frame, stream } = setup();
    const s = live('k1');
    s.push(1, 1, 100, 1000);
    stream.started(s);
    expect(sent.map((m) => m.type)).toEqual(['page', 'strokeOpen']);
    for (let i = 1; i <= 5; i++) {
      s.push(1 + i, 1, 100, 1000 + i * 10);
      stream.dots(s as LiveStroke);
    }
    expect(frames.length).toBe(1); // one frame asked for five dots
    frame();
    const dots = sent.filter((m) => m.type === 'strokeDots');
    expect(dots).toHaveLength(1);
    expect((dots[0] as { dots: readonly unknown[] }).dots).toHaveLength(5);
    s.push(9, 9, 0, 1100);
    stream.dots(s);
    stream.completed(s.complete(1100, false));
    expect(sent.slice(-2).map((m) => m.type)).toEqual(['strokeDots', 'strokeClose']);
    frame(); // the frame after the close sends nothing more
    expect(sent.at(-1)!.type).toBe('strokeClose');
    const all = sent.flatMap((m) =>
      m.type === 'strokeOpen' ? m.stroke.dots : m.type === 'strokeDots' ? m.dots : [],
    );
    expect(all.map((d) => d[3])).toEqual([1000, 1010, 1020, 1030, 1040, 1050, 1100]);
    const open = sent.find((m) => m.type === 'strokeOpen') as Extract<RemoteMessage, { type: 'strokeOpen' }>;
    expect(open.stroke).toMatchObject({ writerId: 'p1', surfaceOwnerId: 'p1', page: '3.1012.1191.10' });
  });

  it('says a page once, again when the pen moves to another page', () => {
    const { sent, stream } = setup();
    stream.pageSeen(MAC, PAGE, 1);
    stream.pageSeen(MAC, PAGE, 2);
    stream.pageSeen(MAC, pageAddress(3, 1012, 1191, 11), 3);
    expect(sent.map((m) => (m.type === 'page' ? m.page.page : m.type))).toEqual([10, 11]);
  });

  it('gives the state for a late teacher, and open strokes again after a reopen', () => {
    const { stream } = setup();
    stream.penConnected(MAC);
    const s = live('k2');
    s.push(1, 1, 100, 1000);
    stream.started(s);
    s.push(2, 2, 100, 1010);
    expect(stream.snapshot(false).map((m) => m.type)).toEqual(['connected', 'page']);
    const again = stream.snapshot(true);
    expect(again.map((m) => m.type)).toEqual(['connected', 'page', 'strokeOpen']);
    expect((again[2] as Extract<RemoteMessage, { type: 'strokeOpen' }>).stroke.dots).toHaveLength(2);
    stream.penDisconnected(MAC, 2000);
    expect(stream.snapshot(false)).toEqual([]);
  });
});

describe('batchCadence', () => {
  it('runs everything asked within a period together, one timer a period, and starts afresh after', () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const cadence = batchCadence((fn, ms) => timers.push({ fn, ms }));
    const ran: string[] = [];
    cadence(() => ran.push('a'));
    cadence(() => ran.push('b'));
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(LIVE_BATCH_MS);
    expect(ran).toEqual([]);
    timers[0]!.fn();
    expect(ran).toEqual(['a', 'b']);
    cadence(() => ran.push('c'));
    expect(timers).toHaveLength(2);
    timers[1]!.fn();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it("sends the dots of several pupils' streams sharing the cadence in one batch", () => {
    const timers: (() => void)[] = [];
    const cadence = batchCadence((fn) => timers.push(fn));
    const sent: RemoteMessage[] = [];
    const a = new LiveStream((m) => sent.push(m), cadence);
    const b = new LiveStream((m) => sent.push(m), cadence);
    const la = live('ka');
    const lb = live('kb');
    la.push(1, 1, 100, 1000);
    a.started(la);
    lb.push(1, 1, 100, 1000);
    b.started(lb);
    la.push(2, 1, 100, 1010);
    a.dots(la);
    lb.push(2, 1, 100, 1010);
    b.dots(lb);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(sent.filter((m) => m.type === 'strokeDots').map((m) => (m as { key: string }).key)).toEqual([
      'ka',
      'kb',
    ]);
  });
});
