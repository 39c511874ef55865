/**
 * The pen station of one lesson (issue 16): the pupils signed in on it, their pens, one realtime
 * socket per pupil and the upload queue. React reads it through `useStation`; everything it
 * touches (calls, sockets, storage, timers, frames, Bluetooth) is given, so it runs in tests.
 *
 * - **Pupils**: signed in with the password grant (QR label or typed id, password = id, §7), then
 *   `GET /edu/v1/live/{courseId}/station` with the pupil's token gives the lesson and the pupil's
 *   registered pen address. Remembered in `sessionStorage` (see `pupilMemory.ts`).
 * - **Pens**: one {@link PenConnection} for the station; each connected pen is matched to the
 *   pupil on the station whose address it has. A pen of nobody on the station is named and
 *   disconnected ('wrong pen'); a pupil with no registered address takes the pen connected for
 *   them. Each stroke is written by and on the pupil (writerId = surfaceOwnerId = the pupil).
 * - **Live**: each pupil's pens stream through the pupil's {@link RoomSocket} ({@link LiveStream}),
 *   the state again on every (re)open and every {@link SNAPSHOT_EVERY_MS}.
 * - **Saving**: each completed ink stroke goes to the {@link UploadQueue} with the lesson's tag;
 *   a 401 signs the pupil in again with the password kept in memory, else the pupil is asked to.
 */
import type { LiveLesson, LiveStationData } from '@dotink/contracts/eduLive';
import type { UploadRecord } from '@dotink/contracts/inkstore';
import { penKey, samePen } from '@dotink/contracts/penAddress';
import {
  DEFAULT_BRUSH,
  encodeStrokeUploads,
  type LiveStroke,
  type Stroke,
  type StrokeRole,
} from '@dotink/ink';
import type { Clock, PageAddress } from '@dotink/ncode';
import { type BluetoothLike, encodeRemoteMessage, toRemoteStroke } from '@dotink/pen';
import { createPenStatus, PenConnection, type PenStatus } from '@dotink/view/pens';
import type { StudentInkCalls } from '../../api/annotation';
import { ApiError } from '../../api/client';
import type { ClassroomKey } from '../../i18n/en';
import { type FrameScheduler, LiveStream, SNAPSHOT_EVERY_MS } from './liveStream';
import { recall, remember } from './pupilMemory';
import { sameSet } from './queueView';
import { RoomSocket, roomUrl, type SocketLike, type SocketState } from './roomSocket';
import { type QueueStore, type QueueTimers, SignInNeeded, UploadQueue } from './uploadQueue';

/** A message for the pupil: a catalogue key and its values. */
export interface StationNotice {
  readonly key: ClassroomKey;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly level: 'error' | 'info';
  /** A failure's own text when it has one (shown after the key's text). */
  readonly error?: unknown;
}

/** A pupil as the station shows it. */
export interface StationPupil {
  readonly studentId: string;
  readonly name: string;
  /** The pupil's pen address (normalised), undefined when none is registered. */
  readonly mac: string | undefined;
  /** The pens connected for the pupil. */
  readonly pens: readonly string[];
  readonly socket: SocketState;
  /** Station time the live link was lost (while it is not open again). */
  readonly liveLostAtMs: number | undefined;
  /** Just back after an outage ({@link LIVE_BACK_SHOWN_MS}): how long it lasted. */
  readonly liveBackAfterMs: number | undefined;
  readonly signInNeeded: boolean;
}

/** How long a pupil's card says 'live again' after an outage (ms). */
export const LIVE_BACK_SHOWN_MS = 8000;

export interface StationState {
  readonly lesson: LiveLesson | undefined;
  readonly pupils: readonly StationPupil[];
  readonly notice: StationNotice | undefined;
  /** A sign-in is under way. */
  readonly busy: boolean;
}

export interface StationDeps {
  readonly courseId: number;
  readonly origin: string;
  readonly calls: StudentInkCalls;
  readonly station: (token: string, courseId: number) => Promise<LiveStationData>;
  readonly store: QueueStore;
  readonly socket: (url: string, protocols: string[]) => SocketLike;
  readonly bluetooth: () => BluetoothLike | undefined;
  readonly timers: QueueTimers & {
    setInterval(fn: () => void, ms: number): unknown;
    clearInterval(handle: unknown): void;
  };
  /** When live dots go out (`batchCadence`: every pupil of the station on one timer). */
  readonly frame: FrameScheduler;
  readonly clock: Clock;
  readonly memory: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  readonly random?: () => number;
  /** How long completed strokes gather before an upload (default {@link UPLOAD_GATHER_MS}). */
  readonly uploadGatherMs?: number;
}

/**
 * Completed strokes gather this long before a pupil's upload: 40 pupils writing at once then send
 * about 20 uploads a second, not one per stroke, and the server keeps its time for the live relay.
 */
export const UPLOAD_GATHER_MS = 2000;

interface PupilRecord {
  readonly studentId: string;
  name: string;
  mac: string | undefined;
  token: string;
  /** In memory only (see pupilMemory.ts). */
  password: string | undefined;
  readonly stream: LiveStream;
  socket: RoomSocket | undefined;
  socketState: SocketState;
  /** When the open link was lost; how long the last outage lasted (while 'live again' shows). */
  lostAtMs: number | undefined;
  backAfterMs: number | undefined;
  readonly pens: Set<string>;
  /**
   * Strokes completed while the live link was down (the teacher could not see them): sent whole
   * when it opens again (the teacher's room keeps strokes by key, so one seen twice counts once).
   */
  readonly unseen: Stroke[];
}

/** At most this many strokes are kept to re-send after an outage (the ink store has them all). */
const UNSEEN_MAX = 2000;

/**
 * What a sign-in came to: signed in; refused for the password (the id typed as its own password
 * or a label's password no longer holds: a teacher reset it; the screen asks the password); or
 * failed otherwise (the notice says why).
 */
export type SignInResult = 'signedIn' | 'passwordNeeded' | 'failed';

/**
 * A refused password, in words that say why and what to do: the typed id is not the password any
 * more; the password typed is wrong; the label's password is old.
 */
export function passwordNotice(
  studentId: string,
  password: string,
  labelMac: string | undefined,
): StationNotice {
  const params = { id: studentId };
  if (labelMac !== undefined) return { key: 'station.labelPasswordOld', params, level: 'error' };
  if (password === studentId) return { key: 'station.passwordNeeded', params, level: 'error' };
  return { key: 'station.passwordWrong', params, level: 'error' };
}

/** A failure of signing in, as the station says it. */
export function signInNotice(error: unknown, studentId: string): StationNotice {
  if (error instanceof ApiError) {
    if (error.key === 'annotation.loginFailed') return { key: 'station.loginFailed', level: 'error' };
    if (error.key === 'station.notInLesson')
      return { key: error.key, params: { name: studentId }, level: 'error' };
    if (error.key?.startsWith('station.')) return { key: error.key, level: 'error' };
  }
  return { key: 'station.loginFailed', level: 'error', error };
}

/** The pen station of one lesson. */
export class Station {
  readonly pens: PenConnection;
  readonly penStatus: PenStatus;
  readonly queue: UploadQueue;
  private readonly records = new Map<string, PupilRecord>();
  private lesson: LiveLesson | undefined;
  private notice: StationNotice | undefined;
  private busy = false;
  private state: StationState = { lesson: undefined, pupils: [], notice: undefined, busy: false };
  private readonly listeners = new Set<() => void>();
  private connectingFor: string | undefined;
  private heartbeat: unknown;
  private closed = false;
  /** The pupils set aside by the queue, as the state last published says. */
  private blockedShown: ReadonlySet<string> = new Set();

  constructor(private readonly deps: StationDeps) {
    this.penStatus = createPenStatus((error) => this.say({ key: 'error.caught', level: 'error', error }));
    this.queue = new UploadQueue({
      store: deps.store,
      timers: deps.timers,
      ...(deps.random ? { random: deps.random } : {}),
      upload: (pupilId, tag, strokes) => this.upload(pupilId, tag, strokes),
      gatherMs: deps.uploadGatherMs ?? UPLOAD_GATHER_MS,
    });
    // the pupils' cards read only who must sign in again of the queue: a stroke queued or saved
    // is the queue view's news (queueView.ts), not a new station state
    this.queue.subscribe(() => {
      const blocked = this.queue.get().signInNeeded;
      if (sameSet(blocked, this.blockedShown)) return;
      this.blockedShown = blocked;
      this.publish();
    });
    this.pens = new PenConnection({
      bluetooth: deps.bluetooth,
      host: this.penStatus.host,
      brushFor: (penId) => {
        const who = this.pupilOfPen(penId)?.studentId ?? '';
        return { ...DEFAULT_BRUSH, mac: penId, writerId: who, surfaceOwnerId: who };
      },
      ink: {
        strokeStarted: (live) => this.onStarted(live),
        strokeDots: (live) => this.streamOf(live)?.dots(live),
        strokeCompleted: (stroke, role) => this.onCompleted(stroke, role),
        hoverPage: (penId, page, timeMs) => this.onPage(penId, page, timeMs),
      },
    });
    this.pens.manager.onStateChange((change) => {
      if (change.state === 'connected') this.assignPen(change.penId);
      if (change.state === 'disconnected') this.releasePen(change.penId);
    });
  }

  get = (): StationState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Brings back the pupils of before a reload and the queued strokes; starts the state repeats. */
  async start(): Promise<void> {
    const memory = recall(this.deps.memory, this.deps.courseId);
    this.lesson = memory.lesson;
    for (const p of memory.pupils) this.addRecord(p.studentId, p.name, p.mac, p.token, undefined);
    this.heartbeat = this.deps.timers.setInterval(() => this.repeatState(), SNAPSHOT_EVERY_MS);
    this.publish();
    try {
      await this.queue.start();
    } catch (error) {
      this.say({ key: 'station.storageFailed', params: { text: messageOf(error) }, level: 'error', error });
    }
  }

  /**
   * Signs a pupil in (typed id: password = id, or the password a teacher set; label: its password
   * and address).
   */
  async signIn(studentId: string, password: string, labelMac?: string): Promise<SignInResult> {
    const id = studentId.trim();
    if (id === '') {
      this.say({ key: 'station.idMissing', level: 'error' });
      return 'failed';
    }
    this.busy = true;
    this.notice = undefined;
    this.publish();
    try {
      const token = await this.deps.calls.login(id, password);
      const data = await this.deps.station(token, this.deps.courseId);
      this.lesson = data.lesson;
      const mac = penKey(data.mac) ?? penKey(labelMac);
      const known = this.records.get(data.studentId);
      if (known) {
        known.token = token;
        known.password = password;
        known.name = data.name;
        known.mac = mac;
      } else this.addRecord(data.studentId, data.name, mac, token, password);
      this.persist();
      this.queue.resume(data.studentId);
      this.say({ key: 'station.signedIn', params: { name: data.name }, level: 'info' });
      return 'signedIn';
    } catch (error) {
      if (error instanceof ApiError && error.key === 'annotation.loginFailed') {
        this.say(passwordNotice(id, password, labelMac));
        return 'passwordNeeded';
      }
      this.say(signInNotice(error, id));
      return 'failed';
    } finally {
      this.busy = false;
      this.publish();
    }
  }

  /** Connects a pen for a pupil (the Bluetooth chooser); the pen is checked by its address. */
  async connectPen(studentId: string): Promise<void> {
    this.connectingFor = studentId;
    try {
      await this.pens.connect();
    } finally {
      this.connectingFor = undefined;
    }
  }

  /** Disconnects the pupil's pens. */
  disconnectPens(studentId: string): void {
    for (const pen of this.records.get(studentId)?.pens ?? []) this.pens.disconnect(pen);
  }

  /** Signs a pupil out of the station (refused while the pupil's writing is not saved). */
  signOut(studentId: string): boolean {
    const r = this.records.get(studentId);
    if (!r) return true;
    if ((this.queue.get().pendingByPupil.get(studentId) ?? 0) > 0) {
      this.say({ key: 'station.signOutBlocked', level: 'error' });
      return false;
    }
    this.disconnectPens(studentId);
    r.socket?.close();
    this.records.delete(studentId);
    this.persist();
    this.publish();
    return true;
  }

  /** The network is gone (the browser's `offline`): each live link says so at once. */
  networkLost(): void {
    for (const r of this.records.values()) r.socket?.lost();
  }

  /** The network came back (or the pupil asked): upload and reconnect now. */
  retryNow(): void {
    this.queue.retryNow();
    for (const r of this.records.values()) r.socket?.retryNow();
  }

  /** Forgets the message shown. */
  dismiss(): void {
    this.notice = undefined;
    this.publish();
  }

  /** Says a message (the page's camera failures, for one). */
  say(notice: StationNotice): void {
    this.notice = notice;
    this.publish();
  }

  /** The page closes: pens, sockets and timers stop; the queue stays in its store. */
  close(): void {
    this.closed = true;
    this.deps.timers.clearInterval(this.heartbeat);
    this.queue.close();
    this.pens.close();
    for (const r of this.records.values()) r.socket?.close();
  }

  private addRecord(
    studentId: string,
    name: string,
    mac: string | undefined,
    token: string,
    password: string | undefined,
  ): PupilRecord {
    const record: PupilRecord = {
      studentId,
      name,
      mac,
      token,
      password,
      socket: undefined,
      socketState: 'connecting',
      lostAtMs: undefined,
      backAfterMs: undefined,
      pens: new Set(),
      unseen: [],
      stream: new LiveStream((m) => record.socket?.send(encodeRemoteMessage(m)), this.deps.frame),
    };
    this.records.set(studentId, record);
    this.openSocket(record);
    return record;
  }

  private openSocket(record: PupilRecord): void {
    const lesson = this.lesson;
    if (!lesson || this.closed) return;
    record.socket = new RoomSocket({
      url: roomUrl(this.deps.origin, lesson.room),
      token: () => record.token,
      create: this.deps.socket,
      timers: this.deps.timers,
      ...(this.deps.random ? { random: this.deps.random } : {}),
      onOpen: () => {
        for (const m of record.stream.snapshot(true)) record.socket?.send(encodeRemoteMessage(m));
        for (const stroke of record.unseen.splice(0))
          record.socket?.send(
            encodeRemoteMessage({ type: 'stroke', mac: stroke.mac, stroke: toRemoteStroke(stroke) }),
          );
      },
      onState: (state) => {
        this.liveChanged(record, state);
        this.publish();
      },
      onTokenExpired: () => this.renewToken(record),
    });
  }

  /** Keeps when a pupil's live link was lost, and says 'live again' for a while once it is back. */
  private liveChanged(record: PupilRecord, state: SocketState): void {
    const was = record.socketState;
    record.socketState = state;
    const now = this.deps.clock.nowMs();
    if (was === 'open' && state !== 'open') {
      record.lostAtMs ??= now;
      record.backAfterMs = undefined;
    }
    if (state === 'open' && record.lostAtMs !== undefined) {
      const after = now - record.lostAtMs;
      record.lostAtMs = undefined;
      record.backAfterMs = after;
      this.deps.timers.setTimeout(() => {
        if (record.backAfterMs !== after || this.closed) return;
        record.backAfterMs = undefined;
        this.publish();
      }, LIVE_BACK_SHOWN_MS);
    }
  }

  private repeatState(): void {
    for (const r of this.records.values()) {
      for (const m of r.stream.snapshot(false)) r.socket?.send(encodeRemoteMessage(m));
    }
  }

  private async renewToken(record: PupilRecord): Promise<void> {
    if (record.password === undefined) throw new SignInNeeded(record.studentId);
    try {
      record.token = await this.deps.calls.login(record.studentId, record.password);
    } catch (error) {
      // refused (the password changed): only a new sign-in helps; no answer: try again later
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        record.password = undefined;
        throw new SignInNeeded(record.studentId);
      }
      throw error;
    }
    this.persist();
  }

  private async upload(pupilId: string, tag: string, strokes: readonly Stroke[]): Promise<void> {
    const record = this.records.get(pupilId);
    if (!record) throw new SignInNeeded(pupilId);
    // the lesson's tag travels with each page record (the ink store's lesson filter)
    const records = encodeStrokeUploads(strokes, { writer: pupilId, clock: this.deps.clock }).map(
      (r): UploadRecord => ({ ...r, tag }) as UploadRecord,
    );
    try {
      await this.deps.calls.upload(record.token, records);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      await this.renewToken(record);
      await this.deps.calls.upload(record.token, records);
    }
  }

  private pupilOfPen(penId: string): PupilRecord | undefined {
    for (const r of this.records.values()) if (r.pens.has(penId)) return r;
    return undefined;
  }

  private streamOf(live: LiveStroke): LiveStream | undefined {
    return live.role === 'ink' ? this.pupilOfPen(live.penId)?.stream : undefined;
  }

  private onStarted(live: LiveStroke): void {
    this.streamOf(live)?.started(live);
  }

  private onPage(penId: string, page: PageAddress, timeMs: number): void {
    this.pupilOfPen(penId)?.stream.pageSeen(penId, page, timeMs);
  }

  private onCompleted(stroke: Stroke, role: StrokeRole): void {
    if (role !== 'ink' || stroke.writerId === '') return;
    const pupil = this.records.get(stroke.writerId);
    pupil?.stream.completed(stroke);
    if (pupil && pupil.socketState !== 'open') {
      pupil.unseen.push(stroke);
      if (pupil.unseen.length > UNSEEN_MAX) pupil.unseen.shift();
    }
    const tag = this.lesson?.inkTag;
    if (!pupil || !tag) return;
    this.queue.add({ key: stroke.key, pupilId: pupil.studentId, tag, stroke }).catch((error: unknown) => {
      this.say({ key: 'station.storageFailed', params: { text: messageOf(error) }, level: 'error', error });
    });
  }

  private assignPen(penId: string): void {
    const records = [...this.records.values()];
    const asked = this.connectingFor ? this.records.get(this.connectingFor) : undefined;
    const owner =
      records.find((r) => samePen(r.mac, penId)) ?? (asked && asked.mac === undefined ? asked : undefined);
    if (owner) {
      owner.pens.add(penId);
      owner.stream.penConnected(penId);
      this.publish();
      return;
    }
    this.pens.disconnect(penId);
    this.say(
      asked
        ? {
            key: 'station.wrongPen',
            params: { pen: penId, name: asked.name, expected: asked.mac ?? '' },
            level: 'error',
          }
        : { key: 'station.strangerPen', params: { pen: penId }, level: 'error' },
    );
  }

  private releasePen(penId: string): void {
    const owner = this.pupilOfPen(penId);
    if (!owner) return;
    owner.pens.delete(penId);
    owner.stream.penDisconnected(penId, this.deps.clock.nowMs());
    this.publish();
  }

  private persist(): void {
    remember(this.deps.memory, this.deps.courseId, {
      lesson: this.lesson,
      pupils: [...this.records.values()],
    });
  }

  private publish(): void {
    const blocked = this.queue.get().signInNeeded;
    this.blockedShown = blocked;
    this.state = {
      lesson: this.lesson,
      notice: this.notice,
      busy: this.busy,
      pupils: [...this.records.values()].map((r) => ({
        studentId: r.studentId,
        name: r.name,
        mac: r.mac,
        pens: [...r.pens],
        socket: r.socketState,
        liveLostAtMs: r.lostAtMs,
        liveBackAfterMs: r.backAfterMs,
        signInNeeded: blocked.has(r.studentId),
      })),
    };
    for (const l of [...this.listeners]) l();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
