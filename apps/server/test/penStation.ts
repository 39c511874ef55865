/**
 * Node clients that behave like the classroom's pen stations and the teacher's live screen, for
 * the cluster tests and the capacity bench (no browser): a pen station joins the lesson's room,
 * sends its pen's dots every 33 ms as the station does (`strokeOpen`, `strokeDots`,
 * `strokeClose`), and uploads its finished strokes to `/inkstore/v1/data` about once a second,
 * sending a batch again until it has an answer (the stroke keys make a repeat store nothing twice).
 * Sockets reconnect like the apps: at once after a 1012 close (the process restarts), else after
 * a short back-off. Dots carry the time they were sent, so the teacher measures the relay's delay.
 */
import { createStroke, dotsFrom, encodeStrokeUploads, type Stroke } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import { encodeRemoteMessage, splitRemoteFrame, toRemoteStroke } from '@dotink/pen';
import WebSocket from 'ws';

/** 1012 "service restart" (realtime/hub.ts RESTART_CLOSE): connect again at once. */
const RESTART_CLOSE = 1012;
/** 4002: the lesson's room closed. */
const ROOM_CLOSED = 4002;

/** A reconnecting socket to a room; `onOpen` runs at each (re)connection. */
class RoomClient {
  ws: WebSocket | undefined;
  private stopped = false;
  /** Times it connected again after losing its socket, and how long each gap lasted (ms). */
  readonly gapsMs: number[] = [];
  private lostAt: number | undefined;
  readonly closeCodes: number[] = [];

  constructor(
    private readonly url: string,
    private readonly protocols: string[],
    private readonly onMessage: (text: string) => void,
    private readonly onOpen: () => void = () => undefined,
  ) {}

  start(): Promise<void> {
    return new Promise((ok) => this.connect(ok));
  }

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  private connect(opened?: () => void): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.url, this.protocols);
    this.ws = ws;
    ws.on('open', () => {
      if (this.lostAt !== undefined) this.gapsMs.push(performance.now() - this.lostAt);
      this.lostAt = undefined;
      this.onOpen();
      opened?.();
    });
    ws.on('message', (data) => this.onMessage(data.toString()));
    ws.on('error', () => undefined); // a close event follows: handled there
    ws.on('close', (code) => {
      if (this.ws !== ws || this.stopped) return;
      this.closeCodes.push(code);
      if (code === ROOM_CLOSED) return;
      this.lostAt ??= performance.now();
      setTimeout(() => this.connect(opened), code === RESTART_CLOSE ? 0 : 250);
    });
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close(1000);
  }
}

export interface PenStationOptions {
  /** `ws://…/realtime/v1/rooms/session/{tag}`. */
  readonly roomUrl: string;
  /** The server's base URL for uploads. */
  readonly baseUrl: string;
  readonly token: string;
  readonly pupilId: string;
  readonly mac: string;
  /** Dots per 33 ms message (the pen's ~96 dots/s: 3). */
  readonly dotsPerTick?: number;
  /** Ticks per stroke (30: about a second of writing). */
  readonly ticksPerStroke?: number;
  /** Ms between uploads. */
  readonly uploadEveryMs?: number;
}

/** One pupil's pen station. */
export class PenStation {
  private readonly room: RoomClient;
  private timer: NodeJS.Timeout | undefined;
  private uploader: NodeJS.Timeout | undefined;
  private current: { key: string; startMs: number; dots: [number, number, number, number][] } | undefined;
  private pending: Stroke[] = [];
  private uploading: Promise<void> = Promise.resolve();
  private strokeNo = 0;
  /** Strokes finished (written), and stored according to the server's answers. */
  written = 0;
  storedByAnswers = 0;
  /** Realtime messages sent. */
  sent = 0;
  /** Upload requests that failed and were sent again; ones that never succeeded. */
  retried = 0;
  readonly failures: string[] = [];

  constructor(readonly options: PenStationOptions) {
    const protocols = ['dotink.remote.v1', `bearer.${options.token}`];
    this.room = new RoomClient(
      options.roomUrl,
      protocols,
      () => undefined,
      () => {
        this.send(encodeRemoteMessage({ type: 'connected', mac: options.mac }));
      },
    );
  }

  get socket(): RoomClient {
    return this.room;
  }

  async start(): Promise<void> {
    await this.room.start();
    this.timer = setInterval(() => this.tick(), 33);
    this.uploader = setInterval(() => this.upload(), this.options.uploadEveryMs ?? 1000);
  }

  private send(text: string): void {
    if (!this.room.open) return; // dropped, as the station does: ink is stored by upload
    this.room.ws!.send(text);
    this.sent++;
  }

  private tick(): void {
    const { mac, pupilId } = this.options;
    const now = Date.now();
    const per = this.options.dotsPerTick ?? 3;
    if (!this.current) {
      this.strokeNo++;
      this.current = { key: `${pupilId}-${this.strokeNo}`, startMs: now, dots: [] };
    }
    const cur = this.current;
    const fresh: [number, number, number, number][] = [];
    for (let i = 0; i < per; i++) {
      const n = cur.dots.length + i;
      fresh.push([10 + (this.strokeNo % 40) + n * 0.1, 20 + (this.strokeNo % 60) * 2, 400, now + i]);
    }
    if (cur.dots.length === 0) {
      cur.dots.push(...fresh);
      this.send(encodeRemoteMessage({ type: 'strokeOpen', mac, stroke: toRemoteStroke(this.stroke(cur)) }));
    } else {
      cur.dots.push(...fresh);
      this.send(encodeRemoteMessage({ type: 'strokeDots', mac, key: cur.key, dots: fresh }));
    }
    if (cur.dots.length >= per * (this.options.ticksPerStroke ?? 30)) {
      this.send(encodeRemoteMessage({ type: 'strokeClose', mac, key: cur.key, timeMs: now + per }));
      this.pending.push(this.stroke(cur));
      this.written++;
      this.current = undefined;
    }
  }

  private stroke(cur: { key: string; startMs: number; dots: [number, number, number, number][] }): Stroke {
    return createStroke(
      {
        key: cur.key,
        page: pageAddress(3, 1012, 1191, 1 + (this.strokeNo % 8)),
        mac: this.options.mac,
        writerId: this.options.pupilId,
        surfaceOwnerId: this.options.pupilId,
      },
      dotsFrom(cur.dots.map(([xNu, yNu, force, timeMs]) => ({ xNu, yNu, force, timeMs }))),
    );
  }

  /** Sends the strokes finished so far (after the previous upload). */
  private upload(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.uploading;
    this.uploading = this.uploading.then(() => this.post(batch));
    return this.uploading;
  }

  private async post(strokes: Stroke[]): Promise<void> {
    const body = JSON.stringify(
      encodeStrokeUploads(strokes, { writer: this.options.pupilId, clock: manualClock(Date.now()) }),
    );
    let last = '';
    for (let attempt = 0; attempt < 60; attempt++) {
      try {
        const res = await fetch(`${this.options.baseUrl}/inkstore/v1/data`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
          body,
        });
        const text = await res.text();
        if (res.status === 200) {
          this.storedByAnswers += (JSON.parse(text) as { data: { stored: number } }).data.stored;
          return;
        }
        last = `${res.status} ${text.slice(0, 200)}`;
        if (res.status < 500) break; // refused: sending it again would not help
      } catch (error) {
        last = String(error); // the connection died with a process
      }
      this.retried++;
      await new Promise((r) => setTimeout(r, 100));
    }
    this.failures.push(`${strokes.length} strokes never stored: ${last}`);
  }

  /** Stops writing (the stroke being written is finished), uploads the rest, leaves the room. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.uploader);
    if (this.current) {
      this.pending.push(this.stroke(this.current));
      this.written++;
      this.current = undefined;
    }
    await this.upload();
    await this.uploading;
    this.room.stop();
  }
}

/** The teacher's live screen: counts what arrives and how late (dots carry their sending time). */
export class TeacherScreen {
  private readonly room: RoomClient;
  /** Relay delays of `strokeDots` messages (ms), and messages received. */
  readonly delaysMs: number[] = [];
  received = 0;

  constructor(roomUrl: string, token: string) {
    this.room = new RoomClient(roomUrl, ['dotink.remote.v2', `bearer.${token}`], (frame) => {
      const now = Date.now();
      for (const text of splitRemoteFrame(frame)) {
        this.received++;
        const at = text.indexOf('"dots":[[');
        if (at < 0 || !text.includes('"type":"strokeDots"')) continue;
        const t = /,(\d+)\]/.exec(text.slice(at))?.[1];
        if (t) this.delaysMs.push(now - Number(t));
      }
    });
  }

  get socket(): RoomClient {
    return this.room;
  }

  start(): Promise<void> {
    return this.room.start();
  }

  stop(): void {
    this.room.stop();
  }
}
