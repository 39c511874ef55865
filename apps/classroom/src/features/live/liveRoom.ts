/**
 * The teacher's side of a lesson's realtime room (issue 16): one WebSocket to
 * `/realtime/v1/rooms/{room}` (token as the subprotocol `bearer.<token>` beside
 * `dotink.remote.v2`, several messages a frame), read through `createRemotePenLink` / `feedRemoteStrokes` into one ink stroke
 * builder; pens map to pupils by address (the roster's `mac`).
 *
 * - Per pupil the room keeps: the page shown, the times last heard (tile state), the completed
 *   strokes by page and key, the live strokes, and a live ink feed (the enlarged view's).
 * - Tiles draw through an {@link InkSink} (batched per frame by the tile renderer); React hears
 *   only coarse changes (page, connection, roster) through {@link LiveRoom.subscribe}, and a
 *   pupil's newer last-stroke time at most every {@link TIMES_NOTICE_MS} (40 pupils complete
 *   about 60 strokes a second: a grid render for each was a fifth of the teacher's tab) — at once
 *   for a pupil an enlarged view {@link LiveRoom.watch}es (its completed strokes come from React).
 * - A page shown for the first time is loaded from the ink store (the lesson's tag); after a
 *   socket outage every page known is searched again from the last time heard minus a margin, and
 *   strokes are de-duplicated by key, so nothing is missing after a network blip.
 * - The socket reconnects with back-off (0.5 s doubling to 10 s) until the room closes
 *   (30 minutes after the lesson's end).
 * - A pen heard before its `connected` (the teacher joined mid-lesson, or came back) is announced
 *   to the link first, so its strokes are not dropped.
 * - The server's relay status (`@dotink/contracts/realtimeStatus`): while the server process of
 *   the socket cannot hear the other processes, {@link LiveRoom.relay} is 'reconnecting' (pens
 *   written through them do not arrive), until it says 'ok' — then the known pages are searched
 *   again from that moment, as after a socket outage — or the socket goes.
 */

import type { LivePupil, LiveRosterData } from '@dotink/contracts/eduLive';
import type { SearchData } from '@dotink/contracts/inkstore';
import { penKey } from '@dotink/contracts/penAddress';
import { parseRelayStatus, type RelayState } from '@dotink/contracts/realtimeStatus';
import {
  counterKeySource,
  type LiveStroke,
  parseInkStoreElement,
  type Stroke,
  StrokeBuilder,
  type StrokeBuilderListener,
} from '@dotink/ink';
import { type PageId, pageId, parsePageId } from '@dotink/ncode';
import {
  createRemotePenLink,
  decodeRemoteMessage,
  feedRemoteStrokes,
  type RemoteMessage,
  type RemotePenLink,
  splitRemoteFrame,
} from '@dotink/pen';
import { LiveInkFeed } from '@dotink/view';
import pLimit from 'p-limit';
import type { InkSearchRequest } from '../../api/ink';
import { planSearches } from '../../components/replay/replayInk';
import {
  catchUpStartDate,
  newStrokes,
  type PupilSignal,
  reconnectDelayMs,
  strokeIdentity,
} from './liveModel';

/** The path of the rooms. */
export const ROOMS_PATH = '/realtime/v1/rooms/';
/** The close code of a room the server closed (its lesson's grace is over). */
export const ROOM_CLOSED_CODE = 4002;

/** The server's process restarts (1012 "service restart"): connect again at once. */
export const RESTART_CLOSE_CODE = 1012;

/** The server's subprotocol. */
export const REALTIME_PROTOCOL = 'dotink.remote.v1';
/** Preferred: the server may send several messages a frame, one per line (`splitRemoteFrame`). */
export const REALTIME_BATCH_PROTOCOL = 'dotink.remote.v2';

/** How often at most React hears that only the tiles' last-stroke times moved (ms). */
export const TIMES_NOTICE_MS = 250;

/**
 * Ink store reads in flight at once (a tile's new page, the catch-up after an outage), each
 * holding its place {@link READ_GAP_MS} after its answer. When a class starts writing, 40 tiles
 * turn to their pages within a second; 40 reads in that second (4 at a time) made the lesson's
 * first second its slowest for every tile's live ink (their parsing here, the searches on the
 * server). Paced, they spread over about three seconds; the live ink does not wait for them.
 */
export const READS_IN_FLIGHT = 2;
/** How long a read keeps its place after its answer (ms). */
export const READ_GAP_MS = 100;

/** A pen address as the room compares it: upper-case hex digits only. */
export const macKey = (mac: string): string => penKey(mac) ?? mac;

/** How long 'live again' shows after an outage before the badge says 'live' (ms). */
export const BACK_SHOWN_MS = 8000;

/**
 * The connection state shown above the grid. `retrying` carries the client time the connection
 * was lost (`sinceMs`: the badge counts from it); `back` is the open room just after an outage
 * ({@link BACK_SHOWN_MS}), with how long it lasted.
 */
export type RoomStatus =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'open' }
  | { readonly kind: 'retrying'; readonly attempt: number; readonly sinceMs: number }
  | { readonly kind: 'back'; readonly lostMs: number }
  | { readonly kind: 'closed' }
  /** `error`: the call layer's failure, shown by its catalogue key (never the server's text). */
  | { readonly kind: 'catchUpFailed'; readonly error: unknown };

/** Where tile ink goes (the tile renderer). */
export interface InkSink {
  /** New dots of a live stroke (`live.dots` up to its count). */
  dots(studentId: string, live: LiveStroke): void;
  /** A completed stroke (live ended, sent whole, or found in the ink store). */
  stroke(studentId: string, stroke: Stroke): void;
  /** The pupil's tile shows another page (redraw it whole). */
  page(studentId: string): void;
}

/** One pupil as the room knows it. */
export interface LivePupilState {
  readonly pupil: LivePupil;
  page: string | undefined;
  signal: PupilSignal;
  /** Epoch ms of the last stroke (roster, then live). */
  lastStrokeMs: number | undefined;
  /** Completed strokes by page and identity (`strokeIdentity`). */
  readonly strokes: Map<PageId, Map<string, Stroke>>;
  readonly live: Map<string, LiveStroke>;
  readonly feed: LiveInkFeed;
  /** Pages loaded from the ink store. */
  readonly loaded: Set<PageId>;
}

export interface LiveRoomDeps {
  readonly roster: LiveRosterData;
  /** ws: or wss: origin. */
  readonly socketOrigin: string;
  readonly accessToken: () => Promise<string | undefined>;
  readonly searchInk: (r: InkSearchRequest) => Promise<SearchData>;
  /** Client clock (epoch ms). */
  readonly nowMs: () => number;
  readonly createSocket?: (url: string, protocols: string[]) => WebSocket;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (id: unknown) => void;
  /** The timer of the last-stroke times' notice (default: setTimeout). */
  readonly noticeTimer?: (fn: () => void, ms: number) => unknown;
  /** The pause after each ink store read (default {@link READ_GAP_MS}; 0: none). */
  readonly readGapMs?: number;
  /**
   * The browser's network state (`online`/`offline` events): a lost network is a lost socket at
   * once (a WebSocket on a dead network may stay 'open' for minutes), a network back is a try now.
   */
  readonly network?: (listener: (online: boolean) => void) => () => void;
}

/** The teacher's view of a lesson's room. */
export class LiveRoom {
  readonly pupils: ReadonlyMap<string, LivePupilState>;
  private readonly byMac = new Map<string, LivePupilState>();
  private readonly listeners = new Set<() => void>();
  private sink: InkSink | undefined;
  private socket: WebSocket | undefined;
  private link: RemotePenLink | undefined;
  private readonly builder: StrokeBuilder;
  /** Every ink store read goes through it ({@link READS_IN_FLIGHT}). */
  private readonly reads = pLimit(READS_IN_FLIGHT);
  private attempt = 0;
  private timer: unknown;
  private stopped = false;
  private everOpen = false;
  /** Client time the room was last heard (open or a message). */
  private lastHeardMs: number | undefined;
  private readonly serverOffsetMs: number;
  private statusNow: RoomStatus = { kind: 'connecting' };
  /** Client time the open room was lost (until it opens again). */
  private lostAtMs: number | undefined;
  private backTimer: unknown;
  private stopNetwork: (() => void) | undefined;
  private relayNow: RelayState = 'ok';
  /** Client time the relay said 'reconnecting'. */
  private relayDownMs: number | undefined;
  private version = 0;
  /** A notice of newer last-stroke times is on its way. */
  private timesNoticed = false;
  /** Pupils shown enlarged (how many views), whose completed strokes React hears at once. */
  private readonly watched = new Map<string, number>();

  constructor(private readonly deps: LiveRoomDeps) {
    this.serverOffsetMs = deps.roster.nowMs - deps.nowMs();
    const pupils = new Map<string, LivePupilState>();
    for (const p of deps.roster.pupils) {
      const s: LivePupilState = {
        pupil: p,
        page: p.lastPage ?? undefined,
        signal: {},
        lastStrokeMs: p.lastStrokeMs ?? undefined,
        strokes: new Map(),
        live: new Map(),
        feed: new LiveInkFeed(),
        loaded: new Set(),
      };
      pupils.set(p.studentId, s);
      if (p.mac) this.byMac.set(macKey(p.mac), s);
    }
    this.pupils = pupils;
    this.builder = new StrokeBuilder({
      keys: counterKeySource('live'), // remote strokes keep their own keys
      listener: this.builderListener(),
    });
  }

  /** The lesson. */
  get lesson() {
    return this.deps.roster.lesson;
  }

  /** Connection state. */
  status(): RoomStatus {
    return this.statusNow;
  }

  /** Whether the socket's server process hears the other processes' pens (its relay status). */
  relay(): RelayState {
    return this.relayNow;
  }

  /** Changes React shows (page, state, connection); not every dot. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A number that moves with every coarse change. */
  snapshot = (): number => this.version;

  /**
   * An enlarged view shows the pupil: each completed stroke of the pupil is a change heard at
   * once (the view draws completed strokes through React). Returns the end of the watch.
   */
  watch(studentId: string): () => void {
    this.watched.set(studentId, (this.watched.get(studentId) ?? 0) + 1);
    return () => {
      const n = (this.watched.get(studentId) ?? 1) - 1;
      if (n > 0) this.watched.set(studentId, n);
      else this.watched.delete(studentId);
    };
  }

  /** The tile renderer. */
  setSink(sink: InkSink | undefined): void {
    this.sink = sink;
  }

  /** The pupil's completed strokes on a page. */
  strokesOn(studentId: string, page: string): Stroke[] {
    const p = this.pupils.get(studentId);
    const m = p?.strokes.get(page as PageId);
    return m ? [...m.values()] : [];
  }

  /** Joins the room and loads the pages the roster names. */
  start(): void {
    for (const p of this.pupils.values()) if (p.page) void this.loadPage(p, p.page);
    this.stopNetwork = this.deps.network?.((online) => this.networkChanged(online));
    this.connect();
  }

  /** The browser lost the network (the socket is given up) or has it again (connect now). */
  networkChanged(online: boolean): void {
    if (this.stopped) return;
    if (!online) {
      this.dropSocket();
      return;
    }
    if (this.statusNow.kind !== 'retrying' || this.socket) return;
    if (this.timer !== undefined) (this.deps.clearTimer ?? clearTimeout)(this.timer as never);
    this.timer = undefined;
    this.attempt = 0;
    void this.connect();
  }

  /** Leaves the room. */
  stop(): void {
    this.stopped = true;
    this.stopNetwork?.();
    if (this.timer !== undefined) (this.deps.clearTimer ?? clearTimeout)(this.timer as never);
    if (this.backTimer !== undefined) (this.deps.clearTimer ?? clearTimeout)(this.backTimer as never);
    this.link?.close();
    this.socket?.close(1000, 'left');
    this.socket = undefined;
  }

  /**
   * Drops the socket as a network failure would (tests and the 'reconnect' button). The socket is
   * given up at once: on a dead network its closing handshake may never end, and its close event
   * (whenever it comes) is no longer this room's.
   */
  dropSocket(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = undefined;
    socket.close(4000, 'dropped');
    this.socketLost(false);
  }

  private changed(): void {
    this.version++;
    for (const l of [...this.listeners]) l();
  }

  /** Only last-stroke times moved: told with the next coarse change, or within {@link TIMES_NOTICE_MS}. */
  private timesChanged(): void {
    if (this.timesNoticed) return;
    this.timesNoticed = true;
    const at = this.version;
    (this.deps.noticeTimer ?? setTimeout)(() => {
      this.timesNoticed = false;
      // a coarse change since told React already
      if (!this.stopped && this.version === at) this.changed();
    }, TIMES_NOTICE_MS);
  }

  private setStatus(s: RoomStatus): void {
    this.statusNow = s;
    // a new socket, or none: the relay status of the last one's server no longer holds
    if (s.kind !== 'catchUpFailed') this.relayNow = 'ok';
    this.changed();
  }

  private serverNow(): number {
    return this.deps.nowMs() + this.serverOffsetMs;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    if (this.serverNow() >= this.lesson.closesAtMs) {
      this.setStatus({ kind: 'closed' });
      return;
    }
    let token: string | undefined;
    try {
      token = await this.deps.accessToken();
    } catch {
      // no token now (the sign-in is being refreshed while offline): a socket without one would
      // only be refused, so wait and try again, shown as 'reconnecting' like a lost socket
      if (!this.stopped) this.retryLater();
      return;
    }
    if (this.stopped) return;
    const url = `${this.deps.socketOrigin}${ROOMS_PATH}${this.lesson.room
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`;
    const protocols = [REALTIME_BATCH_PROTOCOL, REALTIME_PROTOCOL, ...(token ? [`bearer.${token}`] : [])];
    const socket = (this.deps.createSocket ?? ((u, p) => new WebSocket(u, p)))(url, protocols);
    this.socket = socket;
    const wasDown = this.everOpen;
    const since = this.lastHeardMs;
    const channel = {
      send: (text: string) => socket.send(text),
      onMessage: (listener: (message: string | RemoteMessage) => void) => {
        const handler = (e: MessageEvent) => {
          if (typeof e.data !== 'string') return;
          for (const text of splitRemoteFrame(e.data)) this.heard(text, listener);
        };
        socket.addEventListener('message', handler);
        return () => socket.removeEventListener('message', handler);
      },
    };
    const link = createRemotePenLink({ channel });
    feedRemoteStrokes(link, this.builder);
    link.onStroke((stroke, pen) => {
      const p = this.byMac.get(macKey(pen.penId));
      if (p) this.addStroke(p, stroke);
    });
    this.link = link;
    socket.addEventListener('open', () => {
      this.attempt = 0;
      this.everOpen = true;
      this.lastHeardMs = this.deps.nowMs();
      this.opened();
      if (wasDown && since !== undefined) void this.catchUp(since);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) {
        link.close(); // a socket given up earlier
        return;
      }
      this.socket = undefined;
      // 4002: the server closed the lesson's room (30 minutes after its end); 1012: its process
      // restarts (drains), so connect again at once: the balancer sends the socket elsewhere
      const code = (event as CloseEvent).code;
      this.socketLost(code === ROOM_CLOSED_CODE, code === RESTART_CLOSE_CODE);
    });
  }

  /** Open: 'live', or 'live again' for a while after an outage. */
  private opened(): void {
    const lostAt = this.lostAtMs;
    this.lostAtMs = undefined;
    if (lostAt === undefined) {
      this.setStatus({ kind: 'open' });
      return;
    }
    const back: RoomStatus = { kind: 'back', lostMs: this.deps.nowMs() - lostAt };
    this.setStatus(back);
    this.backTimer = (this.deps.setTimer ?? setTimeout)(() => {
      this.backTimer = undefined;
      if (!this.stopped && this.statusNow === back) this.setStatus({ kind: 'open' });
    }, BACK_SHOWN_MS);
  }

  /** The socket is gone: live strokes end where they are; the room closed, or try again later. */
  private socketLost(roomClosed: boolean, restarting = false): void {
    this.link?.close();
    if (this.stopped) return;
    if (this.everOpen) this.lostAtMs ??= this.deps.nowMs();
    for (const p of this.pupils.values()) this.abandonLive(p);
    if (roomClosed || this.serverNow() >= this.lesson.closesAtMs) this.setStatus({ kind: 'closed' });
    else this.retryLater(restarting);
  }

  /** Tries to connect again after the back-off (at once the first time after a restart). */
  private retryLater(restarting = false): void {
    const since = this.lostAtMs ?? this.deps.nowMs();
    if (this.everOpen) this.lostAtMs = since;
    this.setStatus({ kind: 'retrying', attempt: this.attempt + 1, sinceMs: since });
    const delay = restarting && this.attempt === 0 ? 0 : reconnectDelayMs(this.attempt);
    this.attempt++;
    this.timer = (this.deps.setTimer ?? setTimeout)(() => void this.connect(), delay);
  }

  /** One socket message: the pupil's signal, then the link (announcing an unknown pen first). */
  private heard(text: string, deliver: (message: string | RemoteMessage) => void): void {
    const now = this.deps.nowMs();
    this.lastHeardMs = now;
    const relay = parseRelayStatus(text);
    if (relay) {
      if (relay === this.relayNow) return;
      this.relayNow = relay;
      this.changed();
      // back: what was written through the other processes meanwhile is in the ink store
      if (relay === 'reconnecting') this.relayDownMs = now;
      else if (this.relayDownMs !== undefined) void this.catchUp(this.relayDownMs);
      return;
    }
    const m = decodeRemoteMessage(text);
    if (!m) {
      deliver(text); // the link logs and drops it
      return;
    }
    const p = this.byMac.get(macKey(m.mac));
    if (m.type !== 'connected' && m.type !== 'disconnected' && this.link?.pen(m.mac)?.state !== 'connected') {
      deliver({ type: 'connected', mac: m.mac });
    }
    if (p) {
      const wasOffline = p.signal.lastMessageMs === undefined || p.signal.disconnected;
      const sig: PupilSignal = { ...p.signal, lastMessageMs: now, disconnected: m.type === 'disconnected' };
      p.signal = sig;
      let coarse = wasOffline !== (m.type === 'disconnected');
      if (m.type === 'page') coarse = this.showPage(p, pageId(m.page)) || coarse;
      if (m.type === 'strokeOpen' || m.type === 'stroke') {
        coarse = this.showPage(p, m.stroke.page) || coarse;
      }
      if (coarse) this.changed();
    }
    deliver(m); // decoded once: the link takes the message as it is
  }

  /** Moves a pupil's tile to a page; true when it changed. */
  private showPage(p: LivePupilState, page: string): boolean {
    if (p.page === page || !parsePageId(page)) return false;
    p.page = page;
    this.sink?.page(p.pupil.studentId);
    void this.loadPage(p, page);
    return true;
  }

  private builderListener(): StrokeBuilderListener {
    const pupilOf = (mac: string) => this.byMac.get(macKey(mac));
    return {
      strokeStarted: (live) => {
        const p = pupilOf(live.mac);
        if (!p) return;
        p.live.set(live.key, live);
        p.signal = { ...p.signal, strokeOpen: true, lastInkMs: this.deps.nowMs() };
        p.feed.strokeStarted(live);
        this.sink?.dots(p.pupil.studentId, live);
      },
      strokeDots: (live, from) => {
        const p = pupilOf(live.mac);
        if (!p) return;
        p.live.set(live.key, live);
        p.signal = { ...p.signal, lastInkMs: this.deps.nowMs() };
        p.feed.strokeDots(live, from);
        this.sink?.dots(p.pupil.studentId, live);
      },
      strokeCompleted: (stroke, role) => {
        const p = pupilOf(stroke.mac);
        if (!p) return;
        p.live.delete(stroke.key);
        p.signal = { ...p.signal, strokeOpen: p.live.size > 0, lastInkMs: this.deps.nowMs() };
        p.feed.strokeCompleted(stroke, role);
        this.addStroke(p, stroke);
      },
    };
  }

  private abandonLive(p: LivePupilState): void {
    for (const key of p.live.keys()) p.feed.abandon(key as never);
    p.live.clear();
    p.signal = { ...p.signal, strokeOpen: false };
  }

  /** Keeps a completed stroke (newest version by identity: live and stored copies match) and draws it. */
  private addStroke(p: LivePupilState, s: Stroke): void {
    const page = pageId(s.page);
    let m = p.strokes.get(page);
    if (!m) {
      m = new Map();
      p.strokes.set(page, m);
    }
    const id = strokeIdentity(s);
    const had = m.get(id);
    if (had && had.updatedMs >= s.updatedMs) return;
    m.set(id, s);
    const end = s.endTimeMs;
    const newer = p.lastStrokeMs === undefined || end > p.lastStrokeMs;
    if (newer) p.lastStrokeMs = end;
    // a new version of a stroke drawn already: the tile is drawn afresh
    if (had) this.sink?.page(p.pupil.studentId);
    else this.sink?.stroke(p.pupil.studentId, s);
    if (had || this.watched.has(p.pupil.studentId)) this.changed();
    else if (newer) this.timesChanged();
  }

  /** Loads a page's strokes of the lesson from the ink store (once per page). */
  private async loadPage(p: LivePupilState, page: string): Promise<void> {
    const id = page as PageId;
    if (p.loaded.has(id)) return;
    p.loaded.add(id);
    try {
      await this.search(p, [id], undefined);
    } catch (error) {
      p.loaded.delete(id);
      this.setStatus({ kind: 'catchUpFailed', error });
    }
  }

  /** After an outage: every pupil's known pages from the last time heard (minus a margin). */
  private async catchUp(lastHeardClientMs: number): Promise<void> {
    const startDate = catchUpStartDate(lastHeardClientMs + this.serverOffsetMs);
    const work = [...this.pupils.values()].filter((p) => p.loaded.size > 0);
    try {
      await Promise.all(work.map((p) => this.search(p, [...p.loaded], startDate)));
    } catch (error) {
      this.setStatus({ kind: 'catchUpFailed', error });
    }
  }

  private async search(p: LivePupilState, pages: readonly PageId[], startDate: string | undefined) {
    const addresses = pages.map((x) => parsePageId(x)).filter((a) => a !== undefined);
    const marks = new Map<PageId, string>();
    if (startDate) for (const x of pages) marks.set(x, startDate);
    const wanted = new Set(pages);
    const tag = this.lesson.inkTag;
    const studentId = p.pupil.studentId;
    for (const plan of planSearches(addresses, marks)) {
      let pointer: string | undefined;
      const found: Stroke[] = [];
      for (;;) {
        if (this.stopped) return;
        const answer = await this.reads(async () => {
          const found = await this.deps.searchInk({
            studentId,
            section: plan.section,
            owner: plan.owner,
            book: plan.book,
            pageNumbers: plan.pageNumbers,
            tag,
            ...(plan.startDate ? { startDate: plan.startDate } : {}),
            ...(pointer ? { dataPointer: pointer } : {}),
          });
          const gap = this.deps.readGapMs ?? READ_GAP_MS;
          if (gap > 0) await new Promise<void>((resolve) => (this.deps.setTimer ?? setTimeout)(resolve, gap));
          return found;
        });
        for (const e of answer.resultElements) {
          for (const s of parseInkStoreElement(e, { surfaceOwnerId: studentId }).strokes) {
            if (wanted.has(pageId(s.page))) found.push(s);
          }
        }
        if (!answer.hasMore || !answer.nextDataPointer) break;
        pointer = answer.nextDataPointer;
      }
      const shown = (identity: string) => {
        for (const m of p.strokes.values()) {
          const s = m.get(identity);
          if (s) return s;
        }
        return undefined;
      };
      for (const s of newStrokes(shown, found)) this.addStroke(p, s);
    }
  }
}
