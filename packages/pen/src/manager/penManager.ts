/**
 * The pen manager: which pens are connected, keyed by mac, with per-pen brush state and the
 * writer / surface owner their strokes carry (engine.md §3 "Pen (manager entry)", §4).
 *
 * - A pen is added when it reports connected and removed when it reports disconnected; a pen
 *   that disconnects without having been added logs
 *   'PenManager: something wrong, un-added pen disconnected' (a failed connection attempt,
 *   connecting → disconnected, is not logged).
 * - Events of added pens are forwarded in order, each with its entry.
 * - Page changes go to {@link PenManager.onPageChange} only when the pen's writer is in the
 *   allowed list, when one is given (engine.md §5). Page events still reach {@link
 *   PenManager.onEvent}: strokes need their page whoever writes them.
 * - The connected-pen count is published on every change, for the board's pen counter.
 */

import type { BrushType, InputType, PenEvent, PenId } from '@dotink/ink';
import type { Logger, PageAddress } from '@dotink/ncode';
import { samePage, silentLogger } from '@dotink/ncode';
import type { Pen, PenStateChange } from '../session/pen';
import { listeners, type Unsubscribe } from '../transports/listeners';
import { type BrushSettings, type BrushStyle, initialBrushSettings, styleOf, withStyle } from './brushState';

/** One connected pen, as the UI and the stroke builder see it. */
export interface PenEntry {
  readonly mac: PenId;
  readonly webBluetoothId?: string;
  readonly inputType: InputType;
  readonly writerId: string;
  readonly surfaceOwnerId: string;
  readonly brush: BrushSettings;
  readonly maxPressure: number;
  readonly connected: boolean;
  readonly pen: Pen;
}

/** What a stroke of this pen is made with, for the stroke builder. */
export interface PenStrokeStyle {
  readonly mac: string;
  readonly inputType: InputType;
  readonly brushType: BrushType;
  readonly colorArgb: number;
  readonly thickness: number;
  readonly writerId: string;
  readonly surfaceOwnerId: string;
}

export interface PenManagerOptions {
  readonly logger?: Logger;
  /** Writer id given to new pens (default ''). */
  readonly writerId?: string;
  /** Surface owner id given to new pens (default ''). */
  readonly surfaceOwnerId?: string;
  /** Writers whose page changes are followed; undefined = everyone. */
  readonly allowedWriters?: readonly string[];
}

/** Pen manager. */
export interface PenManager {
  /** Follows a pen: added when connected, removed when disconnected. Returns the un-follow. */
  attach(pen: Pen): Unsubscribe;
  /** The entry of a connected pen. */
  get(mac: PenId): PenEntry | undefined;
  /** Connected pens, in the order they connected. */
  entries(): readonly PenEntry[];
  readonly connectedCount: number;
  /** True when a followed pen with this Web Bluetooth id is connecting or connected. */
  isBusy(webBluetoothId: string): boolean;
  onCountChange(listener: (count: number) => void): Unsubscribe;
  /** Connection changes of followed pens (the firmware warning arrives here). */
  onStateChange(listener: (change: PenStateChange, pen: Pen) => void): Unsubscribe;
  onEvent(listener: (event: PenEvent, entry: PenEntry) => void): Unsubscribe;
  /** Page changes of allowed writers. */
  onPageChange(listener: (page: PageAddress, entry: PenEntry) => void): Unsubscribe;
  setBrushType(mac: PenId, brushType: BrushType): void;
  setBrushStyle(mac: PenId, brushType: BrushType, change: Partial<BrushStyle>): void;
  setWriterId(mac: PenId, writerId: string): void;
  setSurfaceOwnerId(mac: PenId, surfaceOwnerId: string): void;
  /** Sets (or, with undefined, clears) the allowed-writer list. */
  setAllowedWriters(writers: readonly string[] | undefined): void;
  /**
   * What the pen's next stroke is made with (fits the ink stroke builder's `brushFor`). A pen
   * the manager does not hold gets the defaults.
   */
  strokeStyle(mac: PenId): PenStrokeStyle;
}

interface Settings {
  brush: BrushSettings;
  writerId: string;
  surfaceOwnerId: string;
}

/** Makes a pen manager. */
export function createPenManager(options: PenManagerOptions = {}): PenManager {
  const log = options.logger ?? silentLogger;
  const followed = new Set<Pen>();
  const added = new Map<PenId, { pen: Pen; lastPage?: PageAddress }>();
  // Per-mac preferences survive a reconnect.
  const settings = new Map<PenId, Settings>();
  let allowed = options.allowedWriters ? new Set(options.allowedWriters) : undefined;
  const counts = listeners<number>();
  const states = listeners<{ change: PenStateChange; pen: Pen }>();
  const events = listeners<{ event: PenEvent; entry: PenEntry }>();
  const pages = listeners<{ page: PageAddress; entry: PenEntry }>();

  const settingsOf = (mac: PenId): Settings => {
    let s = settings.get(mac);
    if (!s) {
      s = {
        brush: initialBrushSettings(),
        writerId: options.writerId ?? '',
        surfaceOwnerId: options.surfaceOwnerId ?? '',
      };
      settings.set(mac, s);
    }
    return s;
  };
  const entryOf = (mac: PenId, pen: Pen): PenEntry => {
    const s = settingsOf(mac);
    return {
      mac,
      ...(pen.webBluetoothId !== undefined ? { webBluetoothId: pen.webBluetoothId } : {}),
      inputType: pen.inputType,
      writerId: s.writerId,
      surfaceOwnerId: s.surfaceOwnerId,
      brush: s.brush,
      maxPressure: pen.maxPressure,
      connected: pen.state === 'connected',
      pen,
    };
  };
  const add = (mac: PenId, pen: Pen) => {
    const before = added.size;
    added.set(mac, { pen });
    if (added.size !== before) counts.emit(added.size);
  };
  const remove = (mac: PenId, pen: Pen) => {
    const a = added.get(mac);
    if (!a || a.pen !== pen) {
      log.warn('PenManager: something wrong, un-added pen disconnected');
      return;
    }
    added.delete(mac);
    counts.emit(added.size);
  };
  const onPenEvent = (pen: Pen, event: PenEvent) => {
    const a = added.get(event.penId);
    if (!a || a.pen !== pen) return;
    const entry = entryOf(event.penId, pen);
    events.emit({ event, entry });
    if (event.kind === 'page' && !(a.lastPage && samePage(a.lastPage, event.page))) {
      a.lastPage = event.page;
      if (!allowed || allowed.has(entry.writerId)) pages.emit({ page: event.page, entry });
    }
  };

  const manager: PenManager = {
    attach(pen) {
      if (followed.has(pen)) return () => undefined;
      followed.add(pen);
      let last = pen.state;
      const offState = pen.onStateChange((change) => {
        if (change.state === 'connected') add(change.penId, pen);
        // A connection attempt that failed was never added: nothing wrong there.
        else if (change.state === 'disconnected') {
          if (last !== 'connecting' || added.get(change.penId)?.pen === pen) remove(change.penId, pen);
        }
        last = change.state;
        states.emit({ change, pen });
      });
      const offEvent = pen.onEvent((e) => onPenEvent(pen, e));
      if (pen.state === 'connected') add(pen.penId, pen);
      return () => {
        offState();
        offEvent();
        followed.delete(pen);
      };
    },
    get(mac) {
      const a = added.get(mac);
      return a ? entryOf(mac, a.pen) : undefined;
    },
    entries: () => [...added].map(([mac, a]) => entryOf(mac, a.pen)),
    get connectedCount() {
      return added.size;
    },
    isBusy(webBluetoothId) {
      for (const p of followed) {
        if (p.webBluetoothId === webBluetoothId && p.state !== 'disconnected') return true;
      }
      return false;
    },
    onCountChange: (l) => counts.add(l),
    onStateChange: (l) => states.add(({ change, pen }) => l(change, pen)),
    onEvent: (l) => events.add(({ event, entry }) => l(event, entry)),
    onPageChange: (l) => pages.add(({ page, entry }) => l(page, entry)),
    setBrushType(mac, brushType) {
      const s = settingsOf(mac);
      s.brush = { ...s.brush, brushType };
    },
    setBrushStyle(mac, brushType, change) {
      const s = settingsOf(mac);
      s.brush = withStyle(s.brush, brushType, change);
    },
    setWriterId(mac, writerId) {
      settingsOf(mac).writerId = writerId;
    },
    setSurfaceOwnerId(mac, surfaceOwnerId) {
      settingsOf(mac).surfaceOwnerId = surfaceOwnerId;
    },
    setAllowedWriters(writers) {
      allowed = writers ? new Set(writers) : undefined;
    },
    strokeStyle(mac) {
      const a = added.get(mac);
      const s = settings.get(mac) ?? {
        brush: initialBrushSettings(),
        writerId: options.writerId ?? '',
        surfaceOwnerId: options.surfaceOwnerId ?? '',
      };
      const style = styleOf(s.brush);
      return {
        mac,
        inputType: a?.pen.inputType ?? 'pen',
        brushType: s.brush.brushType,
        colorArgb: style.colorArgb,
        thickness: style.thickness,
        writerId: s.writerId,
        surfaceOwnerId: s.surfaceOwnerId,
      };
    },
  };
  return manager;
}
