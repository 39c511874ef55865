import type { LiveRosterData } from '@dotink/contracts/eduLive';
import type { SearchData } from '@dotink/contracts/inkstore';
import { relayStatusText } from '@dotink/contracts/realtimeStatus';
import { createStroke, dotsFrom, encodeStrokeUploads, type LiveStroke, type Stroke } from '@dotink/ink';
import { parsePageId } from '@dotink/ncode';
import { encodeRemoteMessage, type RemoteMessage } from '@dotink/pen';
import { describe, expect, it } from 'vitest';
import type { InkSearchRequest } from '../../api/ink';
import { CATCH_UP_MARGIN_MS } from './liveModel';
import {
  type InkSink,
  LiveRoom,
  type LiveRoomDeps,
  macKey,
  READS_IN_FLIGHT,
  TIMES_NOTICE_MS,
} from './liveRoom';

const PAGE = '3.1012.1191.20';
const MAC = '9C:7B:D2:00:00:01';
const START = Date.UTC(2026, 10, 26, 9, 0);

const roster: LiveRosterData = {
  lesson: {
    courseId: 7,
    sessionId: 's7',
    curriculumId: 1,
    eduClassId: 1,
    className: '3-1',
    tag: 'L',
    title: 'T',
    startMs: START,
    endMs: START + 3_600_000,
    closesAtMs: START + 5_400_000,
    room: 'session/7_s7',
    inkTag: '7_s7',
  },
  pupils: [
    { studentId: 'p1', num: '1', name: 'A', mac: MAC, lastPage: null, lastStrokeMs: null },
    { studentId: 'p2', num: '2', name: 'B', mac: null, lastPage: null, lastStrokeMs: null },
  ],
  nowMs: START + 60_000,
};

/** A WebSocket stand-in the test drives. */
class FakeSocket extends EventTarget {
  readonly sent: string[] = [];
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    super();
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.dispatchEvent(new Event('close'));
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  receive(m: RemoteMessage) {
    this.dispatchEvent(new MessageEvent('message', { data: encodeRemoteMessage(m) }));
  }
  /** One v2 frame: several messages, one a line. */
  receiveFrame(ms: readonly RemoteMessage[]) {
    this.dispatchEvent(new MessageEvent('message', { data: ms.map(encodeRemoteMessage).join('\n') }));
  }
}

function setUp(
  search: (r: InkSearchRequest) => SearchData | Promise<SearchData> = () => noInk,
  accessToken: () => Promise<string | undefined> = async () => 'tok',
  classRoster: LiveRosterData = roster,
  readGapMs = 0,
  extra: Partial<LiveRoomDeps> = {},
) {
  let now = START + 60_000;
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const delays: number[] = [];
  const searches: InkSearchRequest[] = [];
  const drawn: string[] = [];
  const notices: { fn: () => void; ms: number }[] = [];
  const room = new LiveRoom({
    roster: classRoster,
    socketOrigin: 'ws://x',
    accessToken,
    searchInk: async (r) => {
      searches.push(r);
      return search(r);
    },
    nowMs: () => now,
    createSocket: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    setTimer: (fn, ms) => {
      timers.push(fn);
      delays.push(ms);
    },
    clearTimer: () => undefined,
    noticeTimer: (fn, ms) => notices.push({ fn, ms }),
    readGapMs,
    ...extra,
  });
  const sink: InkSink = {
    dots: (id, live: LiveStroke) => drawn.push(`${id}:dots:${live.dots.count}`),
    stroke: (id, s: Stroke) => drawn.push(`${id}:stroke:${s.key}`),
    page: (id) => drawn.push(`${id}:page`),
  };
  room.setSink(sink);
  return {
    room,
    sockets,
    timers,
    delays,
    searches,
    drawn,
    notices,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** {@link setUp} with more of the room's dependencies. */
const setUpWith = (extra: Partial<LiveRoomDeps>) => setUp(undefined, undefined, roster, 0, extra);

const noInk: SearchData = { resultElements: [], hasMore: false, nextDataPointer: null };
const flush = () => new Promise((r) => setTimeout(r, 0));

const remoteStroke = (key: string, t0: number) => ({
  key,
  page: PAGE,
  colorArgb: 0xff000000,
  thickness: 0.2,
  brushType: 0 as const,
  penTipMode: 0 as const,
  writerId: 'p1',
  surfaceOwnerId: 'p1',
  dots: [[10, 10, 500, t0] as const],
});

/** The ink store's answer holding `strokes` of p1 (as the station uploaded them). */
function stored(strokes: readonly { key: string; t0: number }[]): SearchData {
  const list = strokes.map(({ key, t0 }) =>
    createStroke(
      { key, page: parsePageId(PAGE)!, mac: MAC, writerId: 'p1', surfaceOwnerId: 'p1', updatedMs: t0 + 20 },
      dotsFrom([
        { xNu: 10, yNu: 10, force: 500, timeMs: t0 },
        { xNu: 11, yNu: 12, force: 500, timeMs: t0 + 10 },
      ]),
    ),
  );
  const records = encodeStrokeUploads(list, { writer: 'p1', clock: { nowMs: () => START } });
  return {
    resultElements: records.map((r) => ({ ...r, uploadDate: r.createDate })),
    hasMore: false,
    nextDataPointer: null,
  };
}

describe('LiveRoom', () => {
  it('joins the room with the token as subprotocol', async () => {
    const { room, sockets } = setUp();
    room.start();
    await flush();
    expect(sockets[0]?.url).toBe('ws://x/realtime/v1/rooms/session/7_s7');
    expect(sockets[0]?.protocols).toEqual(['dotink.remote.v2', 'dotink.remote.v1', 'bearer.tok']);
  });

  it('reads a v2 frame of several messages, one a line, as those messages in order', async () => {
    const { room, sockets, drawn } = setUp();
    room.start();
    await flush();
    const s = sockets[0]!;
    s.open();
    s.receiveFrame([
      { type: 'page', mac: MAC, timeMs: START, page: parsePageId(PAGE)! },
      { type: 'strokeOpen', mac: MAC, stroke: remoteStroke('k1', START + 100) },
      { type: 'strokeDots', mac: MAC, key: 'k1', dots: [[11, 12, 500, START + 110]] },
      { type: 'strokeClose', mac: MAC, key: 'k1', timeMs: START + 110 },
    ]);
    expect(room.pupils.get('p1')?.page).toBe(PAGE);
    expect(room.strokesOn('p1', PAGE).map((x) => x.dots.count)).toEqual([2]);
    expect(drawn.at(-1)).toBe('p1:stroke:k1');
  });

  it("shows the server's relay 'reconnecting' until it says 'ok' or the socket is lost, and never as a pen's message", async () => {
    const { room, sockets } = setUp();
    let changes = 0;
    room.subscribe(() => changes++);
    room.start();
    await flush();
    const s = sockets[0]!;
    s.open();
    expect(room.relay()).toBe('ok');
    const before = changes;
    s.dispatchEvent(new MessageEvent('message', { data: relayStatusText('reconnecting') }));
    expect(room.relay()).toBe('reconnecting');
    expect(changes).toBe(before + 1);
    // a v2 frame: the status beside pens' messages
    s.dispatchEvent(
      new MessageEvent('message', {
        data: [relayStatusText('ok'), encodeRemoteMessage({ type: 'connected', mac: MAC })].join('\n'),
      }),
    );
    expect(room.relay()).toBe('ok');
    expect(room.pupils.get('p1')?.signal.lastMessageMs).toBeDefined();
    s.dispatchEvent(new MessageEvent('message', { data: relayStatusText('reconnecting') }));
    // the socket goes: its server's relay no longer says anything about the next one
    s.close();
    expect(room.relay()).toBe('ok');
    expect(room.status().kind).toBe('retrying');
  });

  it("fetches what was written while the server's relay was down once it says 'ok' again", async () => {
    let answer = noInk;
    const { room, sockets, searches, advance } = setUp(() => answer);
    room.start();
    await flush();
    const s = sockets[0]!;
    s.open();
    s.receive({ type: 'stroke', mac: MAC, stroke: remoteStroke('live-1', START + 100) });
    await flush(); // the page's first load
    const downAt = START + 60_000;
    s.dispatchEvent(new MessageEvent('message', { data: relayStatusText('reconnecting') }));
    const before = searches.length;
    answer = stored([{ key: 'y', t0: START + 5_000 }]);
    advance(30_000);
    s.dispatchEvent(new MessageEvent('message', { data: relayStatusText('ok') }));
    await flush();
    expect(searches.length).toBe(before + 1);
    expect(searches.at(-1)!.startDate).toBe(new Date(downAt - CATCH_UP_MARGIN_MS).toISOString());
    expect(room.strokesOn('p1', PAGE).map((x) => Math.round(x.startTimeMs))).toContain(START + 5_000);
  });

  it("draws a pen heard before its 'connected' (the teacher came in mid-lesson) on its pupil's tile", async () => {
    const { room, sockets, drawn } = setUp();
    room.start();
    await flush();
    const s = sockets[0]!;
    s.open();
    s.receive({ type: 'page', mac: MAC, timeMs: START, page: parsePageId(PAGE)! });
    s.receive({ type: 'strokeOpen', mac: MAC, stroke: remoteStroke('k1', START + 100) });
    s.receive({ type: 'strokeDots', mac: MAC, key: 'k1', dots: [[11, 12, 500, START + 110]] });
    s.receive({ type: 'strokeClose', mac: MAC, key: 'k1', timeMs: START + 110 });
    expect(room.pupils.get('p1')?.page).toBe(PAGE);
    expect(room.strokesOn('p1', PAGE).map((x) => x.dots.count)).toEqual([2]);
    // the tile moves to the page, draws the dots as they come, then the completed stroke
    expect(drawn[0]).toBe('p1:page');
    expect(drawn).toContain('p1:dots:2');
    expect(drawn.at(-1)).toBe('p1:stroke:k1');
    expect(room.strokesOn('p2', PAGE)).toEqual([]);
  });

  it('reads the ink store for at most 2 tiles at once, each read keeping its place a pause after its answer, when a whole class turns to its pages together', async () => {
    const pupils = Array.from({ length: 12 }, (_, i) => ({
      studentId: `q${i}`,
      num: String(i + 1),
      name: `Q${i}`,
      mac: `9C:7B:D2:00:01:${(i + 16).toString(16).toUpperCase()}`,
      lastPage: null,
      lastStrokeMs: null,
    }));
    let inFlight = 0;
    let most = 0;
    const answers: (() => void)[] = [];
    const { room, sockets, searches, timers } = setUp(
      () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        return new Promise<SearchData>((resolve) =>
          answers.push(() => {
            inFlight -= 1;
            resolve(noInk);
          }),
        );
      },
      async () => 'tok',
      { ...roster, pupils },
      100,
    );
    room.start();
    await flush();
    const s = sockets[0]!;
    s.open();
    for (const p of pupils) s.receive({ type: 'page', mac: p.mac, timeMs: START, page: parsePageId(PAGE)! });
    await flush();
    expect(READS_IN_FLIGHT).toBe(2);
    expect(searches).toHaveLength(2);
    // an answer lets the next tile's read go after the pause, never more than two at once
    answers.shift()!();
    await flush();
    expect(searches).toHaveLength(2);
    expect(timers).toHaveLength(1);
    timers.shift()!();
    await flush();
    expect(searches).toHaveLength(3);
    while (answers.length > 0 || timers.length > 0) {
      answers.shift()?.();
      await flush();
      timers.shift()?.();
      await flush();
    }
    expect(searches.map((r) => r.studentId).sort()).toEqual(pupils.map((p) => p.studentId).sort());
    expect(most).toBe(2);
    expect(room.pupils.get('q11')?.page).toBe(PAGE);
  });

  it('reconnects with back-off and fetches what was written meanwhile, without doubling what was seen', async () => {
    let answer = noInk;
    const { room, sockets, timers, searches, advance } = setUp(() => answer);
    room.start();
    await flush();
    sockets[0]!.open();
    const heardAt = START + 60_000;
    sockets[0]!.receive({ type: 'strokeOpen', mac: MAC, stroke: remoteStroke('live-1', START + 100) });
    sockets[0]!.receive({ type: 'strokeDots', mac: MAC, key: 'live-1', dots: [[11, 12, 500, START + 110]] });
    sockets[0]!.receive({ type: 'strokeClose', mac: MAC, key: 'live-1', timeMs: START + 110 });
    await flush(); // the page's first load (nothing stored yet)
    sockets[0]!.close();
    expect(room.status()).toMatchObject({ kind: 'retrying', attempt: 1 });
    expect(timers).toHaveLength(1);
    // the stored copy of the stroke seen live (another key) and one written while the socket was down
    answer = stored([
      { key: 'x', t0: START + 100 },
      { key: 'y', t0: START + 5_000 },
    ]);
    advance(8_000);
    timers[0]!();
    await flush();
    sockets[1]!.open();
    await flush();
    // 'live again', with how long the outage lasted
    expect(room.status()).toEqual({ kind: 'back', lostMs: 8_000 });
    const catchUp = searches.at(-1)!;
    expect(catchUp).toMatchObject({ studentId: 'p1', tag: '7_s7', pageNumbers: [20] });
    expect(catchUp.startDate).toBe(new Date(heardAt - CATCH_UP_MARGIN_MS).toISOString());
    expect(room.strokesOn('p1', PAGE).map((x) => Math.round(x.startTimeMs))).toEqual([
      START + 100,
      START + 5_000,
    ]);
  });

  it('waits and tries again when no token can be had (the sign-in is refreshing offline), without a doomed socket', async () => {
    let fail = true;
    const { room, sockets, timers } = setUp(undefined, async () => {
      if (fail) throw new Error('offline');
      return 'tok';
    });
    room.start();
    await flush();
    expect(sockets).toHaveLength(0);
    expect(room.status()).toMatchObject({ kind: 'retrying', attempt: 1 });
    fail = false;
    timers.shift()?.();
    await flush();
    expect(sockets[0]?.protocols).toEqual(['dotink.remote.v2', 'dotink.remote.v1', 'bearer.tok']);
  });

  it('gives a dropped socket up at once, even when its closing handshake never ends (the network is gone)', async () => {
    const { room, sockets, timers } = setUp();
    room.start();
    await flush();
    sockets[0]!.open();
    // a socket on a dead network: close() sends its frame, and no answer ever comes back
    sockets[0]!.close = () => undefined;
    room.dropSocket();
    expect(room.status()).toMatchObject({ kind: 'retrying', attempt: 1 });
    expect(timers).toHaveLength(1);
    timers[0]!();
    await flush();
    expect(sockets).toHaveLength(2);
    // the old socket's late close event is not a second loss
    sockets[0]!.dispatchEvent(new Event('close'));
    sockets[1]!.open();
    expect(room.status().kind).toBe('back');
    // no second reconnection planned (the one timer more is the end of 'live again')
    expect(timers).toHaveLength(2);
  });

  it('says at once when the browser loses the network, since when, then live again and live', async () => {
    let network: ((online: boolean) => void) | undefined;
    const { room, sockets, timers, delays, advance } = setUpWith({
      network: (l) => {
        network = l;
        return () => {
          network = undefined;
        };
      },
    });
    room.start();
    await flush();
    sockets[0]!.open();
    expect(room.status()).toEqual({ kind: 'open' });
    // the socket on a dead network never closes by itself: the offline event gives it up
    sockets[0]!.close = () => undefined;
    const lostAt = START + 60_000;
    network!(false);
    expect(room.status()).toEqual({ kind: 'retrying', attempt: 1, sinceMs: lostAt });
    // the tries while offline fail; the loss keeps its first time
    advance(20_000);
    timers.shift()!();
    await flush();
    sockets[1]!.dispatchEvent(new Event('close'));
    expect(room.status()).toEqual({ kind: 'retrying', attempt: 2, sinceMs: lostAt });
    expect(delays.at(-1)).toBe(1000);
    // the network is back: a try now, not after the back-off
    network!(true);
    await flush();
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    expect(room.status()).toEqual({ kind: 'back', lostMs: 20_000 });
    timers.at(-1)!();
    expect(room.status()).toEqual({ kind: 'open' });
    room.stop();
    expect(network).toBeUndefined();
  });

  it('stops retrying once the room has closed', async () => {
    const { room, sockets, timers, advance } = setUp();
    room.start();
    await flush();
    sockets[0]!.open();
    advance(roster.lesson.closesAtMs);
    sockets[0]!.close();
    expect(room.status()).toEqual({ kind: 'closed' });
    expect(timers).toHaveLength(0);
  });

  it('connects again at once when the server restarts (1012), then backs off if that fails', async () => {
    const { room, sockets, timers, delays } = setUp();
    room.start();
    await flush();
    sockets[0]!.open();
    sockets[0]!.dispatchEvent(Object.assign(new Event('close'), { code: 1012 }));
    expect(room.status()).toMatchObject({ kind: 'retrying', attempt: 1 });
    expect(delays.at(-1)).toBe(0);
    timers.at(-1)!();
    await flush();
    sockets[1]!.dispatchEvent(Object.assign(new Event('close'), { code: 1006 }));
    expect(delays.at(-1)).toBe(1000);
  });

  it('stops when the server closes the room (4002)', async () => {
    const { room, sockets, timers } = setUp();
    room.start();
    await flush();
    sockets[0]!.open();
    sockets[0]!.dispatchEvent(Object.assign(new Event('close'), { code: 4002 }));
    expect(room.status()).toEqual({ kind: 'closed' });
    expect(timers).toHaveLength(0);
  });

  it("tells React of pupils' newer stroke times at most every 250 ms, and at once for a pupil shown enlarged", async () => {
    const { room, sockets, notices } = setUp();
    room.start();
    await flush();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'page', mac: MAC, timeMs: START, page: parsePageId(PAGE)! });
    await flush();
    let heard = 0;
    room.subscribe(() => heard++);
    const write = (key: string, t0: number) => {
      sockets[0]!.receive({ type: 'strokeOpen', mac: MAC, stroke: remoteStroke(key, t0) });
      sockets[0]!.receive({ type: 'strokeClose', mac: MAC, key, timeMs: t0 + 10 });
    };
    for (let i = 0; i < 10; i++) write(`k${i}`, START + 1000 + i * 100);
    expect(heard).toBe(0);
    expect(notices).toEqual([{ fn: expect.any(Function), ms: TIMES_NOTICE_MS }]);
    expect(TIMES_NOTICE_MS).toBeLessThanOrEqual(250);
    notices[0]!.fn();
    expect(heard).toBe(1);
    expect(room.pupils.get('p1')!.lastStrokeMs).toBe(START + 1900);
    expect(room.strokesOn('p1', PAGE)).toHaveLength(10);
    const unwatch = room.watch('p1');
    write('k10', START + 3000);
    expect(heard).toBe(2);
    unwatch();
    write('k11', START + 3100);
    expect(heard).toBe(2);
    expect(notices).toHaveLength(2);
  });

  it('compares pen addresses whatever their separators and case', () => {
    expect(macKey('9c-7b-d2-00-00-01')).toBe(macKey(MAC));
  });
});
