/**
 * The Bluetooth pen session: the host side of protocol 2.x over one {@link PenTransport}.
 *
 * States: disconnected → connecting → connected (engine.md §4). `connect()` runs the handshake
 * (`handshake.ts`); then pen events (down, page info, moves, hover moves, up, Ncode errors,
 * disconnect) flow to `onEvent` listeners, where the ink stroke builder consumes them. Requests
 * (status, settings, offline memory) wait for their reply with a timeout on the injected
 * scheduler. When the link drops, an open stroke is closed with a synthetic up, every waiting
 * request fails, and the session is disconnected (pen-protocol.md §8.5).
 *
 * A session belongs to its transport: once disconnected, connect again with a new transport
 * (a new session).
 */

import type { PenEvent, PenId } from '@dotink/ink';
import type { BookAddress, Logger } from '@dotink/ncode';
import { silentLogger } from '@dotink/ncode';
import {
  DeviceCmd,
  type DeviceMessage,
  decodeDeviceFrame,
  encodeRequest,
  type Frame,
  FrameReassembler,
  type HostRequest,
  isBelowMinimumProtocol,
  type NoteFilterEntry,
  type PenAnomaly,
  type PenDeviceInfo,
  PenEventDecoder,
  type PenStatus,
  penDeviceInfo,
  type Setting,
  type VersionInfo,
} from '../protocol';
import { listeners, type Unsubscribe } from '../transports/listeners';
import type { PenTransport } from '../transports/types';
import { runHandshake } from './handshake';
import { OFFLINE_CHUNK_TIMEOUT_MS, type OfflineNoteData } from './offlineDownload';
import { type OfflineDownloadOptions, OfflineMemory } from './offlineMemory';
import type { AskPassword } from './passwordPrompt';
import { type Pen, type PenStateChange, REAL_PEN_MAX_PRESSURE } from './pen';
import { type PenCore, penCore } from './penCore';
import { PendingReplies, PenRequestError } from './pendingReplies';
import { replyOf } from './replies';
import type { Scheduler } from './scheduler';

/** Things the pen tells that are not pen events. */
export type PenNotice =
  | { readonly kind: 'lowBattery'; readonly levelPercent: number }
  | { readonly kind: 'powerOff'; readonly reason: number }
  /** The password retry limit was reached: the pen erased its data and password. */
  | { readonly kind: 'penReset' }
  /** An error response nobody was waiting for. */
  | { readonly kind: 'penError'; readonly cmd: number; readonly err: number }
  | { readonly kind: 'malformed'; readonly cmd: number; readonly reason: string }
  | { readonly kind: 'anomaly'; readonly anomaly: PenAnomaly };

export interface PenSessionOptions {
  readonly transport: PenTransport;
  readonly scheduler: Scheduler;
  readonly logger?: Logger;
  /** Asks the user for the 4-digit passcode of a locked pen. */
  readonly askPassword?: AskPassword;
  /** Turn hover on after connecting (protocol ≥ 2.18). Default true. */
  readonly hover?: boolean;
  /** The 0x11 note filter. Default 'all'. */
  readonly noteFilter?: 'all' | readonly NoteFilterEntry[];
  /** Protocol version asked for in 0x01. Default '2.18'. */
  readonly requestedProtocol?: string;
  /** Reply timeout. Default 5000 ms. */
  readonly replyTimeoutMs?: number;
  /** Version request: wait this long per attempt (default 2000 ms) … */
  readonly versionRetryMs?: number;
  /** … for this many attempts (default 3), then give up. */
  readonly versionAttempts?: number;
  /** Offline download: wait this long for each message (default 20 000 ms). */
  readonly offlineChunkTimeoutMs?: number;
}

const EVENT_KINDS: ReadonlySet<DeviceMessage['kind']> = new Set([
  'penDown',
  'penUp',
  'pageInfo',
  'dot',
  'dotError',
  'hoverDot',
  'legacyPenUpDown',
  'legacyPageInfo',
  'legacyDot',
  'legacyDotLowSpeed',
  'legacyDotSection0',
  'legacyDotError',
]);

/** A Bluetooth pen session. */
export class PenSession implements Pen {
  readonly inputType = 'pen' as const;
  readonly webBluetoothId: string;
  /** engine.md §3 "Pen device info", once 0x81 arrived. */
  deviceInfo: PenDeviceInfo | undefined;
  /** The raw 0x81 message. */
  versionInfo: VersionInfo | undefined;
  /** The last pen status (0x84). */
  status: PenStatus | undefined;

  private readonly core: PenCore;
  private readonly log: Logger;
  private readonly transport: PenTransport;
  private readonly scheduler: Scheduler;
  private readonly reassembler: FrameReassembler;
  private readonly pending: PendingReplies<DeviceMessage>;
  private readonly notices = listeners<PenNotice>();
  private readonly emitEvent: (e: PenEvent) => void;
  private decoder: PenEventDecoder | undefined;
  private readonly memory: OfflineMemory;
  private connecting: Promise<boolean> | undefined;
  private gone = false;
  private readonly unsubscribe: Unsubscribe[];

  constructor(private readonly options: PenSessionOptions) {
    this.transport = options.transport;
    this.scheduler = options.scheduler;
    this.log = options.logger ?? silentLogger;
    this.webBluetoothId = options.transport.id;
    this.core = penCore(options.transport.id);
    this.pending = new PendingReplies(options.scheduler);
    this.reassembler = new FrameReassembler({
      onDrop: (reason) => this.log.debug(`pen frame dropped: ${reason}`),
    });
    this.emitEvent = (e) => this.core.events.emit(e);
    this.memory = new OfflineMemory({
      scheduler: this.scheduler,
      logger: this.log,
      send: (r) => this.send(r),
      request: (req, what, match) => this.request(req, what, match),
      chunkTimeoutMs: options.offlineChunkTimeoutMs ?? OFFLINE_CHUNK_TIMEOUT_MS,
    });
    const onFrame = (f: Frame) => this.onFrame(f);
    this.unsubscribe = [
      this.transport.onNotify((bytes) => this.reassembler.push(bytes, onFrame)),
      this.transport.onDisconnect(() => this.onLinkGone()),
    ];
  }

  get penId(): PenId {
    return this.core.penId;
  }

  get state(): PenStateChange['state'] {
    return this.core.state;
  }

  /** Raw full-scale force from the pen status (852 when the pen reports 0 or before status). */
  get maxPressure(): number {
    const v = this.status?.maxPressureValue ?? 0;
    return v > 0 ? v : REAL_PEN_MAX_PRESSURE;
  }

  /** Framing counters (garbage bytes, dropped frames): for the debug panel. */
  get frameStats() {
    return this.reassembler.stats;
  }

  onEvent(listener: (event: PenEvent) => void): Unsubscribe {
    return this.core.events.add(listener);
  }

  onStateChange(listener: (change: PenStateChange) => void): Unsubscribe {
    return this.core.states.add(listener);
  }

  /** Low battery, power off, pen reset, unexpected pen errors, protocol anomalies. */
  onNotice(listener: (notice: PenNotice) => void): Unsubscribe {
    return this.notices.add(listener);
  }

  /** Runs the handshake. Resolves true when connected (also with the firmware warning). */
  connect(): Promise<boolean> {
    if (this.core.state === 'connected') return Promise.resolve(true);
    this.connecting ??= this.runConnect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** Drops the link. */
  disconnect(): void {
    this.transport.disconnect();
    this.onLinkGone();
  }

  // ── requests ────────────────────────────────────────────────────────────────────────────

  /** Sends a request without waiting for a reply. */
  send(req: HostRequest): Promise<void> {
    if (this.gone) return Promise.reject(new PenRequestError('pen disconnected', 'disconnected'));
    return this.transport.write(encodeRequest(req));
  }

  /** Sends a request and waits for the reply `match` picks (see `replies.ts`). */
  async request<T>(
    req: HostRequest,
    what: string,
    match: (m: DeviceMessage) => T | undefined,
    timeoutMs = this.options.replyTimeoutMs ?? 5000,
  ): Promise<T> {
    if (this.gone) throw new PenRequestError(`${what}: pen disconnected`, 'disconnected');
    const reply = this.pending.wait(what, match, timeoutMs);
    const [, value] = await Promise.all([this.send(req), reply]);
    return value;
  }

  /** Asks the pen for its status (0x84). */
  async requestStatus(): Promise<PenStatus> {
    const s = await this.request(
      { kind: 'statusRequest' },
      'pen status',
      replyOf('penStatus', DeviceCmd.penStatus),
    );
    this.applyStatus(s);
    return s;
  }

  /** Changes one setting (0x05); fails when the pen refuses it. */
  async changeSetting(setting: Setting): Promise<void> {
    const code = setting.type === 'other' ? setting.code : undefined;
    const r = await this.request(
      { kind: 'setting', setting },
      `setting ${setting.type}`,
      replyOf('settingResult', DeviceCmd.settingResult, (m) => code === undefined || m.settingType === code),
    );
    if (r.result !== 0) throw new PenRequestError(`the pen refused setting ${setting.type}`, 'refused');
    if (setting.type === 'hover') this.applyHoverMode(setting.on);
  }

  setAutoPowerOffMinutes(minutes: number): Promise<void> {
    return this.changeSetting({ type: 'autoPowerOffTime', minutes });
  }
  setBeep(on: boolean): Promise<void> {
    return this.changeSetting({ type: 'beep', on });
  }
  setHover(on: boolean): Promise<void> {
    return this.changeSetting({ type: 'hover', on });
  }
  setPenCapPower(on: boolean): Promise<void> {
    return this.changeSetting({ type: 'penCapPower', on });
  }
  setAutoPowerOn(on: boolean): Promise<void> {
    return this.changeSetting({ type: 'autoPowerOn', on });
  }
  /** 0 off, 1 on, 100 both (engine.md §5 transfer modes). */
  setOfflineSave(mode: number): Promise<void> {
    return this.changeSetting({ type: 'offlineSave', mode });
  }
  /** The pen's LED colour, ARGB. */
  setLedColor(argb: number): Promise<void> {
    return this.changeSetting({ type: 'ledColor', argb });
  }
  setFsrSensitivity(step: number): Promise<void> {
    return this.changeSetting({ type: 'fsrSensitivity', step });
  }
  setFscSensitivity(step: number): Promise<void> {
    return this.changeSetting({ type: 'fscSensitivity', step });
  }
  setUsbMode(mode: 'disk' | 'bulk'): Promise<void> {
    return this.changeSetting({ type: 'usbMode', mode });
  }
  setDownSampling(on: boolean): Promise<void> {
    return this.changeSetting({ type: 'downSampling', on });
  }
  setBluetoothName(name: string): Promise<void> {
    return this.changeSetting({ type: 'btLocalName', name });
  }
  /** Sets the pen's clock (default: the scheduler's now). */
  setTime(timeMs = this.scheduler.nowMs()): Promise<void> {
    return this.changeSetting({ type: 'rtcTime', timeMs });
  }

  /**
   * Sets, changes (`usePassword` true) or removes (false) the password (0x03), then confirms a
   * new password with 0x02 as WEB, AND and WIN do.
   */
  async changePassword(oldPassword: string, newPassword: string, usePassword = true): Promise<void> {
    const r = await this.request(
      { kind: 'passwordChange', usePassword, oldPassword, newPassword: usePassword ? newPassword : '' },
      'password change',
      replyOf('passwordChangeResult', DeviceCmd.passwordChangeResult),
    );
    if ((r.status ?? 0) !== 0)
      throw new PenRequestError(`password change refused (status ${r.status})`, 'refused');
    if (!usePassword) return;
    const c = await this.request(
      { kind: 'passwordInput', password: newPassword },
      'password',
      replyOf('passwordResult', DeviceCmd.passwordResult),
    );
    if (c.status !== 1) throw new PenRequestError('the new password was not accepted', 'refused');
  }

  // ── offline memory (offlineMemory.ts) ─────────────────────────────────────────────────

  /** Notes stored on the pen (every section/owner, or one). */
  listOfflineNotes(from: 'all' | { section: number; owner: number } = 'all'): Promise<BookAddress[]> {
    return this.memory.listNotes(from);
  }

  /** Pages of a note stored on the pen. */
  listOfflinePages(note: BookAddress): Promise<number[]> {
    return this.memory.listPages(note);
  }

  /**
   * Downloads the strokes of a note (all pages, or `pages`), compressed by default. With
   * `deleteAfter` the pen deletes what it sent. Turn them into ink with `importOfflineStrokes`
   * and `stableOfflineKeys` (the same keys in every download).
   */
  downloadOfflineNote(note: BookAddress, options: OfflineDownloadOptions = {}): Promise<OfflineNoteData> {
    return this.memory.download(note, options);
  }

  /** Deletes notes stored on the pen; resolves the books the pen reports deleted. */
  deleteOfflineNotes(section: number, owner: number, books: readonly number[]): Promise<number[]> {
    return this.memory.deleteNotes(section, owner, books);
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────

  private async runConnect(): Promise<boolean> {
    if (this.gone || !this.transport.connected) return false;
    this.core.setState('connecting');
    try {
      await runHandshake({
        scheduler: this.scheduler,
        logger: this.log,
        askPassword: this.options.askPassword,
        requestedProtocol: this.options.requestedProtocol ?? '2.18',
        noteFilter: this.options.noteFilter ?? 'all',
        hover: this.options.hover ?? true,
        versionAttempts: this.options.versionAttempts ?? 3,
        versionRetryMs: this.options.versionRetryMs ?? 2000,
        request: (req, what, match, timeoutMs) => this.request(req, what, match, timeoutMs),
        onVersion: (v) => this.applyVersion(v),
        onStatus: (s) => this.applyStatus(s),
        markConnected: (extra) => this.core.setState('connected', extra),
        onPenReset: () => this.notices.emit({ kind: 'penReset' }),
        setHover: async (on) => {
          try {
            await this.setHover(on);
          } catch (error) {
            this.log.warn(
              'hover mode could not be turned on',
              error instanceof Error ? error.message : error,
            );
          }
        },
      });
      return true;
    } catch (error) {
      this.log.warn('pen connection failed', error instanceof Error ? error.message : error);
      this.disconnect();
      return false;
    }
  }

  private applyVersion(v: VersionInfo): void {
    this.versionInfo = v;
    this.deviceInfo = penDeviceInfo(v, this.log);
    this.core.penId = v.mac;
    this.decoder = new PenEventDecoder({
      penId: v.mac,
      clock: this.scheduler,
      logger: this.log,
      onAnomaly: (anomaly) => this.notices.emit({ kind: 'anomaly', anomaly }),
    });
  }

  private applyStatus(s: PenStatus): void {
    this.status = s;
    this.decoder?.setMaxForce(s.maxPressureValue);
    this.applyHoverMode(s.hoverModeOn);
  }

  /**
   * Below 2.18 a hovering pen sends ordinary dots outside a stroke, so with hover on those are
   * hover moves (§8.4). From 2.18 hover has its own 0x6F dots, and a dot outside a stroke is a
   * missing pen down.
   */
  private applyHoverMode(on: boolean): void {
    const legacy = this.versionInfo ? isBelowMinimumProtocol(this.versionInfo.protocolVersion) : false;
    this.decoder?.setHoverMode(on && legacy);
  }

  private onFrame(frame: Frame): void {
    const m = decodeDeviceFrame(frame);
    if (EVENT_KINDS.has(m.kind)) {
      if (this.decoder) this.decoder.decode(m, this.emitEvent);
      else this.log.debug('pen event before version info dropped', m.kind);
      return;
    }
    if (this.memory.handle(m)) return;
    if (this.pending.offer(m)) return;
    switch (m.kind) {
      case 'lowBattery':
        this.notices.emit({ kind: 'lowBattery', levelPercent: m.levelPercent });
        return;
      case 'powerOff':
        this.log.info(`pen powered off (reason ${m.reason})`);
        this.notices.emit({ kind: 'powerOff', reason: m.reason });
        this.disconnect();
        return;
      case 'errorResponse':
        this.log.warn(`pen error 0x${m.err.toString(16)} for command 0x${m.cmd.toString(16)}`);
        this.notices.emit({ kind: 'penError', cmd: m.cmd, err: m.err });
        return;
      case 'malformed':
        this.log.warn(`malformed pen message 0x${m.cmd.toString(16)}: ${m.reason}`);
        this.notices.emit({ kind: 'malformed', cmd: m.cmd, reason: m.reason });
        return;
      default:
        this.log.debug('unexpected pen message', m.kind);
    }
  }

  private onLinkGone(): void {
    if (this.gone) return;
    this.gone = true;
    for (const u of this.unsubscribe) u();
    this.reassembler.reset();
    const error = new PenRequestError('pen disconnected', 'disconnected');
    this.pending.failAll(error);
    this.memory.fail(error);
    this.decoder?.disconnect(this.emitEvent);
    this.decoder = undefined;
    this.core.setState('disconnected');
  }
}
