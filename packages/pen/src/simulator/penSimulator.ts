/**
 * An in-process Neo smartpen (protocol 2.12 / 2.18 / 2.22) for tests, benchmarks and the browser
 * test page. It takes host → pen writes ({@link PenSimulator.receive}), answers every request,
 * plays handwriting scripts, keeps settings, password and offline memory across connections, and
 * notifies the host in 20-byte pieces (or with split and garbage faults). Time comes from an
 * injected scheduler, so tests run instantly with a manual one.
 */
import type { PageAddress } from '@dotink/ncode';
import { encodeDeviceMessage } from '../protocol/deviceEncode';
import type { DeviceMessage } from '../protocol/deviceMessages';
import { FrameReassembler, type FrameStats } from '../protocol/framing';
import { decodeHostFrame } from '../protocol/hostCodec';
import type { DecodedHostRequest } from '../protocol/hostRequests';
import type { OfflineStroke } from '../protocol/offlineData';
import { PEN_UUIDS_16BIT, PEN_UUIDS_128BIT, type PenUuidSet } from '../protocol/validation';
import { newSession, type SimBehaviour, type SimCore, type SimLock } from './core';
import {
  joinWithGarbage,
  type NotifyOptions,
  type NotifyStats,
  type ResolvedNotifyOptions,
  resolveNotifyOptions,
  splitNotifications,
} from './notifier';
import { OfflineStore } from './offlineStore';
import {
  DEFAULT_IDENTITY,
  defaultSettings,
  penProtocol,
  type SimPenIdentity,
  type SimPenSettings,
} from './penState';
import { ProfileStore } from './profiles';
import { handleRequest, hasPassword } from './requestHandler';
import { type SimScheduler, seededPrng } from './runtime';
import type { ScriptItem, ScriptStroke } from './script';
import { offlineStrokesOf, playItem } from './scriptPlayer';

export interface PenSimulatorOptions {
  readonly scheduler: SimScheduler;
  /** Shortcut for `identity.protocolVersion`: `"2.12"`, `"2.18"` (default) or `"2.22"`. */
  readonly protocolVersion?: string;
  /** Model name, firmware, MAC, sensor type … (defaults: §13, NWP-F121). */
  readonly identity?: Partial<SimPenIdentity>;
  /** GATT service set the pen exposes (for the Web Bluetooth stand-in). Default 16-bit. */
  readonly uuidSet?: '16bit' | '128bit';
  readonly settings?: Partial<SimPenSettings>;
  /** A password makes the pen locked. */
  readonly password?: string;
  readonly retryLimit?: number;
  readonly retryCount?: number;
  /** Pen RTC = scheduler time + this (until the host sets the time). Default 0. */
  readonly penClockOffsetMs?: number;
  /** Notification size and faults. */
  readonly notify?: NotifyOptions;
  /** Seed of the fault PRNG. Default 1. */
  readonly seed?: number;
  /** Protocol choices the fact sheet leaves open (see {@link SimBehaviour}). */
  readonly behaviour?: Partial<SimBehaviour>;
}

/** Runs a script on the pen. */
export interface SimScriptControl {
  /** Queues items; they play one after another in scheduler time. */
  play(items: readonly ScriptItem[]): void;
  /** True while an item plays or is queued. */
  readonly busy: boolean;
  /** Drops items that have not started. */
  clear(): void;
  /** Called each time the queue runs empty. */
  onIdle(listener: () => void): () => void;
}

/** A snapshot of the pen's state, for tests. */
export interface SimInspection {
  readonly settings: Readonly<SimPenSettings>;
  readonly password: string | undefined;
  readonly retryCount: number;
  readonly retryLimit: number;
  readonly authorised: boolean;
  readonly streaming: boolean;
  /** The protocol of the event stream (min of host's and pen's), e.g. 218. */
  readonly protocol: number;
  readonly penTimeMs: number;
  readonly offlineStrokes: number;
  readonly firmwareImage: Uint8Array | undefined;
  /** Host → pen frames (reassembly counters). */
  readonly inbound: Readonly<FrameStats>;
  readonly outbound: Readonly<NotifyStats>;
}

/** A simulated pen. */
export interface PenSimulator {
  readonly identity: SimPenIdentity;
  readonly uuidSet: PenUuidSet;
  /** True while the (simulated) GATT link is up. */
  readonly connected: boolean;
  /** The link comes up (GATT connect): a fresh session, event counter reset. */
  connect(): void;
  /** The host closes the link: the session is forgotten, persistent state kept. */
  disconnect(): void;
  /** Host → pen bytes (one GATT write; frames may be split across writes). */
  receive(bytes: Uint8Array): void;
  /** Pen → host notifications. */
  onNotify(listener: (bytes: Uint8Array) => void): () => void;
  /** The pen dropped the link (power off, wipe, fault). */
  onLinkDrop(listener: () => void): () => void;
  /** Fault: drop the link now. */
  dropLink(): void;
  /** Changes notification size and faults from now on. */
  setNotifyOptions(options: NotifyOptions): void;
  readonly script: SimScriptControl;
  /** Puts strokes straight into offline memory, as if written with no host (no time passes). */
  storeOffline(strokes: readonly ScriptStroke[], startTimeMs?: number): void;
  /** Adds one offline stroke to a note. */
  addOfflineStroke(page: PageAddress, stroke: OfflineStroke): void;
  /** Every host packet received, decoded, in order. */
  readonly received: readonly DecodedHostRequest[];
  inspect(): SimInspection;
}

const DEFAULT_BEHAVIOUR: SimBehaviour = {
  shortErrorFrames: false,
  responseDelayMs: 0,
  firstEventCounter: 0,
  strokesPerChunk: 10,
  compressionLevel: 9,
  maxChunkResends: 3,
  authorisationGate: true,
  lockedReport: 'untilAuthorised',
  hostProtocolWhenMissing: 200,
  listPaging: true,
  upAfterMs: 9,
  passwordResultOrder: 'countFirst',
  deleteResult: 'existing',
};

/** Creates a simulated pen. It starts with the link down: call `connect()` first. */
export function createPenSimulator(options: PenSimulatorOptions): PenSimulator {
  const scheduler = options.scheduler;
  const identity: SimPenIdentity = {
    ...DEFAULT_IDENTITY,
    ...options.identity,
    ...(options.protocolVersion ? { protocolVersion: options.protocolVersion } : {}),
  };
  const behaviour: SimBehaviour = { ...DEFAULT_BEHAVIOUR, ...options.behaviour };
  const settings: SimPenSettings = { ...defaultSettings(), ...options.settings };
  const lock: SimLock = {
    password: options.password,
    retryCount: options.retryCount ?? 0,
    retryLimit: options.retryLimit ?? 10,
  };
  const rng = seededPrng(options.seed ?? 1);
  let notify: ResolvedNotifyOptions = resolveNotifyOptions(options.notify);
  const reassembler = new FrameReassembler();
  const outbound: NotifyStats = { frames: 0, notifications: 0, bytes: 0, garbageBytes: 0 };
  const notifyListeners = new Set<(bytes: Uint8Array) => void>();
  const dropListeners = new Set<() => void>();
  const received: DecodedHostRequest[] = [];
  let connected = false;
  let pending: Uint8Array[] = [];
  let flushScheduled = false;
  const pen = penProtocol(identity);

  const flush = () => {
    flushScheduled = false;
    if (pending.length === 0 || !connected) {
      pending = [];
      return;
    }
    const frames = pending;
    pending = [];
    outbound.frames += frames.length;
    const run = joinWithGarbage(frames, notify, rng, outbound);
    for (const n of splitNotifications(run, notify, rng)) {
      if (!connected) return;
      outbound.notifications++;
      outbound.bytes += n.length;
      for (const l of [...notifyListeners]) l(n);
    }
  };

  const core: SimCore = {
    identity,
    settings,
    store: new OfflineStore(),
    profiles: new ProfileStore(),
    behaviour,
    scheduler,
    rng,
    lock,
    rtcOffsetMs: options.penClockOffsetMs ?? 0,
    session: newSession(behaviour.firstEventCounter),
    get connected() {
      return connected;
    },
    firmwareImage: undefined,
    penProtocol: pen,
    penTimeMs: () => scheduler.nowMs() + core.rtcOffsetMs,
    protocol: () => Math.min(core.session.hostProtocol ?? pen, pen),
    send(msg: DeviceMessage) {
      if (!connected) return;
      pending.push(encodeDeviceMessage(msg));
      if (!flushScheduled) {
        flushScheduled = true;
        scheduler.setTimer(0, flush);
      }
    },
    sendError(cmd, err) {
      core.send({
        kind: 'errorResponse',
        cmd,
        err,
        payload: new Uint8Array(0),
        ...(behaviour.shortErrorFrames ? { short: true } : {}),
      });
    },
    flush,
    dropLink() {
      if (!connected) return;
      goDown();
      for (const l of [...dropListeners]) l();
    },
    nextEc() {
      const e = core.session.ec;
      core.session.ec = (e + 1) & 0xff;
      return e;
    },
    wipe() {
      lock.password = undefined;
      lock.retryCount = 0;
      core.store.clear();
    },
  };

  const goDown = () => {
    connected = false;
    pending = [];
    reassembler.reset();
    core.session = newSession(behaviour.firstEventCounter);
  };

  // Script queue.
  const queue: ScriptItem[] = [];
  let playing = false;
  const idleListeners = new Set<() => void>();
  const playNext = () => {
    const item = queue.shift();
    if (!item) {
      playing = false;
      for (const l of [...idleListeners]) l();
      return;
    }
    playing = true;
    playItem(core, item, playNext);
  };

  const script: SimScriptControl = {
    play(items) {
      queue.push(...items);
      if (!playing) {
        playing = true;
        scheduler.setTimer(0, playNext);
      }
    },
    get busy() {
      return playing || queue.length > 0;
    },
    clear() {
      queue.length = 0;
    },
    onIdle(listener) {
      idleListeners.add(listener);
      return () => idleListeners.delete(listener);
    },
  };

  const handle = (req: DecodedHostRequest) => {
    if (connected) handleRequest(core, req);
  };

  return {
    identity,
    uuidSet: options.uuidSet === '128bit' ? PEN_UUIDS_128BIT : PEN_UUIDS_16BIT,
    get connected() {
      return connected;
    },
    connect() {
      if (connected) return;
      connected = true;
      reassembler.reset();
      core.session = newSession(behaviour.firstEventCounter);
    },
    disconnect() {
      if (connected) goDown();
    },
    receive(bytes) {
      if (!connected) return;
      reassembler.push(bytes, (frame) => {
        const req = decodeHostFrame(frame);
        received.push(req);
        scheduler.setTimer(behaviour.responseDelayMs, () => handle(req));
      });
    },
    onNotify(listener) {
      notifyListeners.add(listener);
      return () => notifyListeners.delete(listener);
    },
    onLinkDrop(listener) {
      dropListeners.add(listener);
      return () => dropListeners.delete(listener);
    },
    dropLink: () => core.dropLink(),
    setNotifyOptions(o) {
      notify = resolveNotifyOptions({ ...notify, ...o });
    },
    script,
    storeOffline(strokes, startTimeMs) {
      let t = startTimeMs ?? core.penTimeMs();
      for (const s of strokes) {
        t += s.gapBeforeMs ?? 0;
        const parts = offlineStrokesOf(s, t);
        for (const p of parts) core.store.add(p.page, p.stroke);
        t = parts.at(-1)?.stroke.upTimeMs ?? t;
      }
    },
    addOfflineStroke(page, stroke) {
      core.store.add(page, stroke);
    },
    received,
    inspect() {
      return {
        settings: { ...settings },
        password: hasPassword(core) ? lock.password : undefined,
        retryCount: lock.retryCount,
        retryLimit: lock.retryLimit,
        authorised: core.session.authorised,
        streaming: core.session.streaming,
        protocol: core.protocol(),
        penTimeMs: core.penTimeMs(),
        offlineStrokes: core.store.strokeCount,
        firmwareImage: core.firmwareImage,
        inbound: reassembler.stats,
        outbound: { ...outbound },
      };
    },
  };
}
