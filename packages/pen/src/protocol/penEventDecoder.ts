/**
 * Turns decoded device messages into {@link PenEvent}s (packages/ink/src/penEvents.ts), with
 * absolute times, positions in nu and raw force (pen-protocol.md §6.0, §8.3, §8.4).
 *
 * - Time: pen down and up carry absolute epoch-ms timestamps; each dot (and error dot) adds its
 *   `dt` to a running time that starts at the pen-down timestamp. Hover dots only carry `dt`:
 *   a hover run is anchored on the host clock and follows the dts while they agree with it.
 * - Position: `x + fx/100`, `y + fy/100` nu.
 * - Both event sets (2.12+ and legacy 0x63–0x68) are accepted, as every SDK does.
 * - The event counter (0x69–0x6D) is checked: the first one after a reset is the baseline
 *   [CHOICE §6.0]; a gap or a step back is reported, nothing is dropped.
 *
 * The decoder does not build strokes: page changes mid-stroke are passed on as `page` events and
 * the stroke builder closes the stroke as multi-page. Protocol anomalies (§8.3) are logged through
 * the injected Logger and reported to `onAnomaly`.
 */

import type { PenEvent, PenId } from '@dotink/ink';
import type { Clock, Logger, PageAddress } from '@dotink/ncode';
import { pageAddress, silentLogger } from '@dotink/ncode';
import type { DeviceMessage, DotErrorFields } from './deviceMessages';

/** Protocol anomalies the decoder reports. */
export type PenAnomalyKind =
  /** A pen down arrived while a stroke with dots was open: it was closed with a synthetic up. */
  | 'missingPenUp'
  /** A dot (or pen up) arrived with no stroke open. */
  | 'missingPenDown'
  /** A dot arrived in a stroke before any page info: the dot was dropped. */
  | 'missingPageInfo'
  /** A pen up closed a stroke without dots. */
  | 'missingMove'
  /** The event counter skipped or went back. */
  | 'eventCounterGap'
  /** A pen time below 10 000 ms: the pen's clock was never set. */
  | 'invalidTime';

export interface PenAnomaly {
  readonly kind: PenAnomalyKind;
  readonly timeMs: number;
  readonly expectedEc?: number;
  readonly ec?: number;
}

export interface PenEventDecoderOptions {
  readonly penId: PenId;
  /** The host clock: hover dots and page infos outside strokes carry no pen time. */
  readonly clock: Clock;
  readonly logger?: Logger;
  readonly onAnomaly?: (anomaly: PenAnomaly) => void;
  /** Force given to 0x66 dots, which carry none (hosts assume the maximum). Default 852. */
  readonly maxForce?: number;
  /**
   * Hover mode is on (0x84 / setting 6). Below 2.18 a hovering pen sends ordinary dots outside a
   * down/up pair; with hover mode on they become hover events (§8.4). Default false.
   */
  readonly hoverMode?: boolean;
  /**
   * A dot with no stroke open and hover mode off: when true (default, WEB's behaviour) and the
   * page is known, a pen down is synthesised at the host time; otherwise the dot is dropped.
   */
  readonly synthesizeMissingDown?: boolean;
  /** Pen-up time: the 0x6A timestamp (default, AND) or the last dot's time (WEB). */
  readonly upTime?: 'penUp' | 'lastDot';
  /** A hover run is re-anchored on the host clock when its dts drift further than this. Default 500. */
  readonly hoverResyncMs?: number;
}

/** Times below this mean the pen's RTC was never set (WEB and AND flag them). */
export const MIN_VALID_PEN_TIME_MS = 10_000;

const ANOMALY_MESSAGES: Record<PenAnomalyKind, string> = {
  missingPenUp: 'missing pen up: stroke closed at its last dot',
  missingPenDown: 'missing pen down',
  missingPageInfo: 'missing page change: dot dropped',
  missingMove: 'missing move: pen up without dots',
  eventCounterGap: 'event counter gap',
  invalidTime: 'invalid pen time (RTC not set)',
};

/** Stateful decoder of one pen connection's message stream into pen events. */
export class PenEventDecoder {
  private readonly penId: PenId;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly onAnomaly: PenEventDecoderOptions['onAnomaly'];
  private readonly synthesize: boolean;
  private readonly upTime: 'penUp' | 'lastDot';
  private readonly resyncMs: number;
  private maxForce: number;
  private hoverMode: boolean;

  private strokeOpen = false;
  private strokeHasDots = false;
  private pageSinceDown = false;
  private timeMs = 0;
  private page: PageAddress | undefined;
  private lastEc = -1;
  private hoverAt: number | undefined;

  constructor(options: PenEventDecoderOptions) {
    this.penId = options.penId;
    this.clock = options.clock;
    this.logger = options.logger ?? silentLogger;
    this.onAnomaly = options.onAnomaly;
    this.maxForce = options.maxForce ?? 852;
    this.hoverMode = options.hoverMode ?? false;
    this.synthesize = options.synthesizeMissingDown ?? true;
    this.upTime = options.upTime ?? 'penUp';
    this.resyncMs = options.hoverResyncMs ?? 500;
  }

  /** Sets the force used for force-less 0x66 dots (from 0x84 `maxPressureValue`). */
  setMaxForce(force: number): void {
    this.maxForce = force > 0 ? force : 852;
  }

  /** Sets hover mode (see {@link PenEventDecoderOptions.hoverMode}). */
  setHoverMode(on: boolean): void {
    this.hoverMode = on;
  }

  /** True while a stroke is open (between pen down and pen up). */
  get inStroke(): boolean {
    return this.strokeOpen;
  }

  /** The last page reported, if any. */
  get currentPage(): PageAddress | undefined {
    return this.page;
  }

  /** Forgets all state (a new connection). Emits nothing. */
  reset(): void {
    this.strokeOpen = false;
    this.strokeHasDots = false;
    this.pageSinceDown = false;
    this.timeMs = 0;
    this.page = undefined;
    this.lastEc = -1;
    this.hoverAt = undefined;
  }

  /**
   * The link is gone: closes an open stroke that has dots (synthetic up, reported as
   * `missingPenUp`), then emits `disconnect` at the host time, and resets.
   */
  disconnect(emit: (e: PenEvent) => void): void {
    const now = this.clock.nowMs();
    if (this.strokeOpen && this.strokeHasDots) {
      this.anomaly('missingPenUp', this.timeMs);
      emit({ kind: 'up', penId: this.penId, timeMs: this.timeMs });
    }
    emit({ kind: 'disconnect', penId: this.penId, timeMs: now });
    this.reset();
  }

  /** Decodes one message and returns its events (often none or one). */
  decodeAll(msg: DeviceMessage): PenEvent[] {
    const out: PenEvent[] = [];
    this.decode(msg, (e) => out.push(e));
    return out;
  }

  /** Decodes one message, handing each resulting event to `emit` in order. */
  decode(msg: DeviceMessage, emit: (e: PenEvent) => void): void {
    switch (msg.kind) {
      case 'dot':
        this.checkEc(msg.ec);
        this.dot(msg.dtMs, msg.x + msg.fx / 100, msg.y + msg.fy / 100, msg.force, emit);
        return;
      case 'legacyDot':
        this.dot(msg.dtMs, msg.x + msg.fx / 100, msg.y + msg.fy / 100, msg.force, emit);
        return;
      case 'legacyDotLowSpeed':
      case 'legacyDotSection0':
        this.dot(msg.dtMs, msg.x + msg.fx / 100, msg.y + msg.fy / 100, this.maxForce, emit);
        return;
      case 'penDown':
        this.checkEc(msg.ec);
        this.down(msg.timeMs, msg.penTipType, msg.colorArgb, emit);
        return;
      case 'penUp':
        this.checkEc(msg.ec);
        this.up(msg.timeMs, emit);
        return;
      case 'legacyPenUpDown':
        if (msg.up) this.up(msg.timeMs, emit);
        else this.down(msg.timeMs, msg.penTipType, msg.colorArgb, emit);
        return;
      case 'pageInfo':
        this.checkEc(msg.ec);
        this.pageInfo(msg.section, msg.owner, msg.book, msg.page, emit);
        return;
      case 'legacyPageInfo':
        this.pageInfo(msg.section, msg.owner, msg.book, msg.page, emit);
        return;
      case 'dotError':
        this.checkEc(msg.ec);
        this.dotError(msg, emit);
        return;
      case 'legacyDotError':
        this.dotError(msg, emit);
        return;
      case 'hoverDot':
        emit({
          kind: 'hover',
          penId: this.penId,
          timeMs: this.hoverTime(msg.dtMs),
          xNu: msg.x + msg.fx / 100,
          yNu: msg.y + msg.fy / 100,
        });
        return;
      default:
        return;
    }
  }

  private anomaly(kind: PenAnomalyKind, timeMs: number, extra?: { expectedEc: number; ec: number }): void {
    const a: PenAnomaly = extra ? { kind, timeMs, ...extra } : { kind, timeMs };
    this.logger.warn(ANOMALY_MESSAGES[kind], a);
    this.onAnomaly?.(a);
  }

  private checkEc(ec: number): void {
    const last = this.lastEc;
    this.lastEc = ec;
    if (last < 0) return;
    const expected = (last + 1) & 0xff;
    if (ec !== expected) this.anomaly('eventCounterGap', this.timeMs, { expectedEc: expected, ec });
  }

  private hoverTime(dtMs: number): number {
    const now = this.clock.nowMs();
    const next = this.hoverAt === undefined ? now : this.hoverAt + dtMs;
    this.hoverAt = Math.abs(now - next) > this.resyncMs ? now : next;
    return this.hoverAt;
  }

  private down(timeMs: number, tip: number, colorArgb: number, emit: (e: PenEvent) => void): void {
    this.hoverAt = undefined;
    if (this.strokeOpen && this.strokeHasDots) {
      this.anomaly('missingPenUp', this.timeMs);
      emit({ kind: 'up', penId: this.penId, timeMs: this.timeMs });
    }
    if (timeMs < MIN_VALID_PEN_TIME_MS) this.anomaly('invalidTime', timeMs);
    this.strokeOpen = true;
    this.strokeHasDots = false;
    this.pageSinceDown = false;
    this.timeMs = timeMs;
    emit({ kind: 'down', penId: this.penId, timeMs, penTipMode: tip === 1 ? 1 : 0, colorArgb });
  }

  private up(timeMs: number, emit: (e: PenEvent) => void): void {
    this.hoverAt = undefined;
    if (!this.strokeOpen) {
      this.anomaly('missingPenDown', timeMs);
      return;
    }
    if (!this.strokeHasDots) this.anomaly('missingMove', timeMs);
    const t = this.upTime === 'lastDot' && this.strokeHasDots ? this.timeMs : timeMs;
    this.strokeOpen = false;
    this.strokeHasDots = false;
    this.pageSinceDown = false;
    emit({ kind: 'up', penId: this.penId, timeMs: t });
  }

  private pageInfo(
    section: number,
    owner: number,
    book: number,
    pg: number,
    emit: (e: PenEvent) => void,
  ): void {
    const p = this.page;
    this.page =
      p && p.section === section && p.owner === owner && p.book === book && p.page === pg
        ? p
        : pageAddress(section, owner, book, pg);
    let t: number;
    if (this.strokeOpen) {
      this.pageSinceDown = true;
      t = this.timeMs;
    } else {
      // Page info while the pen is up counts as a hover page (engine.md §4).
      t = this.clock.nowMs();
    }
    emit({ kind: 'page', penId: this.penId, timeMs: t, page: this.page });
  }

  private dot(dtMs: number, xNu: number, yNu: number, force: number, emit: (e: PenEvent) => void): void {
    if (this.strokeOpen) {
      this.timeMs += dtMs;
      if (!this.pageSinceDown) {
        this.anomaly('missingPageInfo', this.timeMs);
        return;
      }
      this.strokeHasDots = true;
      emit({ kind: 'move', penId: this.penId, timeMs: this.timeMs, xNu, yNu, force });
      return;
    }
    if (this.hoverMode) {
      emit({ kind: 'hover', penId: this.penId, timeMs: this.hoverTime(dtMs), xNu, yNu });
      return;
    }
    const now = this.clock.nowMs();
    this.anomaly('missingPenDown', now);
    if (!this.synthesize || this.page === undefined) return;
    this.strokeOpen = true;
    this.pageSinceDown = true;
    this.strokeHasDots = true;
    this.timeMs = now;
    emit({ kind: 'down', penId: this.penId, timeMs: now });
    emit({ kind: 'page', penId: this.penId, timeMs: now, page: this.page });
    emit({ kind: 'move', penId: this.penId, timeMs: now, xNu, yNu, force });
  }

  private dotError(m: DotErrorFields, emit: (e: PenEvent) => void): void {
    let t: number;
    if (this.strokeOpen) {
      this.timeMs += m.dtMs;
      t = this.timeMs;
    } else t = this.clock.nowMs();
    emit({
      kind: 'ncodeError',
      penId: this.penId,
      timeMs: t,
      brightness: m.brightness,
      exposureTime: m.exposureTime,
      ncodeErrorCode: m.ndacErrorCode,
      labelCount: m.labelCount,
      classType: m.classType,
      errorCount: m.errorCount,
    });
  }
}
