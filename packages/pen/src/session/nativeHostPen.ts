/**
 * The native host pen (engine.md §4 "Native host pen"): a native application that owns the pen
 * (an SDK on a phone or a desktop) calls into the page with connected, disconnected, down, move
 * and up. Each call carries mac, timestamp, page info, x, y, f and deltaTime; every field but the
 * ones a call needs may be left out.
 *
 * Rules:
 * - A call without `mac` uses the last mac given; if none was ever given it throws
 *   'mac address was not given before'.
 * - down, move, up and disconnected for a mac that has not called connected throw
 *   'mac address was not registered'.
 * - A dot's time is `timestamp` when given, otherwise the previous time plus `deltaTime`.
 * - down emits pen down, then page info (when given), then a first dot when x and y are given;
 *   move emits page info first when the page changed; up closes the stroke (its x/y are not a dot).
 */

import type { PenEvent } from '@dotink/ink';
import type { PageAddress } from '@dotink/ncode';
import { samePage } from '@dotink/ncode';
import { notImplemented, type Pen, REAL_PEN_MAX_PRESSURE } from './pen';
import { type PenCore, penCore } from './penCore';

/** One call from the host application. */
export interface HostPenCall {
  readonly mac?: string;
  /** Epoch ms. */
  readonly timestamp?: number;
  readonly pageInfo?: PageAddress;
  /** nu. */
  readonly x?: number;
  /** nu. */
  readonly y?: number;
  /** Raw force. */
  readonly f?: number;
  /** ms since the previous dot. */
  readonly deltaTime?: number;
}

/** The page-level entry points a host application calls. */
export interface NativeHostPenBridge {
  connected(call: HostPenCall): void;
  disconnected(call: HostPenCall): void;
  down(call: HostPenCall): void;
  move(call: HostPenCall): void;
  up(call: HostPenCall): void;
  /** The pen of a mac, once connected. */
  pen(mac: string): Pen | undefined;
}

export interface NativeHostPenOptions {
  /** Called once for each new pen (the app passes `manager.attach`). */
  readonly attach?: (pen: Pen) => void;
  /** Raw full-scale force of the host's pens (default 852). */
  readonly maxPressure?: number;
}

interface HostPenState {
  readonly core: PenCore;
  readonly pen: Pen;
  timeMs: number;
  page: PageAddress | undefined;
  down: boolean;
}

/** Makes the bridge the host application calls. */
export function createNativeHostPenBridge(options: NativeHostPenOptions = {}): NativeHostPenBridge {
  const pens = new Map<string, HostPenState>();
  let lastMac: string | undefined;

  const macOf = (call: HostPenCall): string => {
    const mac = call.mac ?? lastMac;
    if (mac === undefined || mac === '') throw new Error('mac address was not given before');
    lastMac = mac;
    return mac;
  };
  const registered = (call: HostPenCall): HostPenState => {
    const p = pens.get(macOf(call));
    if (p?.core.state !== 'connected') throw new Error('mac address was not registered');
    return p;
  };
  const timeOf = (p: HostPenState, call: HostPenCall): number => {
    const t =
      call.timestamp !== undefined && Number.isFinite(call.timestamp) && call.timestamp > 0
        ? call.timestamp
        : p.timeMs + (call.deltaTime ?? 0);
    p.timeMs = t;
    return t;
  };
  const emit = (p: HostPenState, e: PenEvent) => p.core.events.emit(e);
  const pageIfChanged = (p: HostPenState, call: HostPenCall, timeMs: number) => {
    if (call.pageInfo && !(p.page && samePage(p.page, call.pageInfo))) {
      p.page = call.pageInfo;
      emit(p, { kind: 'page', penId: p.core.penId, timeMs, page: call.pageInfo });
    }
  };
  const dot = (p: HostPenState, call: HostPenCall, timeMs: number) => {
    if (call.x === undefined || call.y === undefined) return;
    emit(p, { kind: 'move', penId: p.core.penId, timeMs, xNu: call.x, yNu: call.y, force: call.f ?? 0 });
  };
  const close = (p: HostPenState, timeMs: number) => {
    if (!p.down) return;
    p.down = false;
    emit(p, { kind: 'up', penId: p.core.penId, timeMs });
  };
  const makePen = (mac: string): HostPenState => {
    const core = penCore(mac);
    const state: HostPenState = {
      core,
      timeMs: 0,
      page: undefined,
      down: false,
      pen: {
        penId: mac,
        inputType: 'sdk',
        get state() {
          return core.state;
        },
        maxPressure: options.maxPressure ?? REAL_PEN_MAX_PRESSURE,
        onEvent: (l) => core.events.add(l),
        onStateChange: (l) => core.states.add(l),
        connect() {
          // The host application owns the connection.
          throw notImplemented('connect');
        },
        disconnect() {
          disconnect(state, state.timeMs);
        },
      },
    };
    return state;
  };
  const disconnect = (p: HostPenState, timeMs: number) => {
    if (p.core.state === 'disconnected') return;
    close(p, timeMs);
    p.page = undefined;
    emit(p, { kind: 'disconnect', penId: p.core.penId, timeMs });
    p.core.setState('disconnected');
  };

  return {
    connected(call) {
      const mac = macOf(call);
      let p = pens.get(mac);
      const fresh = !p;
      if (!p) {
        p = makePen(mac);
        pens.set(mac, p);
      }
      if (call.timestamp !== undefined) p.timeMs = call.timestamp;
      if (fresh) options.attach?.(p.pen);
      p.core.setState('connected');
    },
    disconnected(call) {
      const p = registered(call);
      disconnect(p, timeOf(p, call));
    },
    down(call) {
      const p = registered(call);
      const timeMs = timeOf(p, call);
      close(p, timeMs); // a down without an up before it closes the open stroke
      p.down = true;
      emit(p, { kind: 'down', penId: p.core.penId, timeMs, penTipMode: 0 });
      if (call.pageInfo) {
        p.page = call.pageInfo;
        emit(p, { kind: 'page', penId: p.core.penId, timeMs, page: call.pageInfo });
      }
      dot(p, call, timeMs);
    },
    move(call) {
      const p = registered(call);
      const timeMs = timeOf(p, call);
      pageIfChanged(p, call, timeMs);
      if (p.down) dot(p, call, timeMs);
      else if (call.x !== undefined && call.y !== undefined)
        emit(p, { kind: 'hover', penId: p.core.penId, timeMs, xNu: call.x, yNu: call.y });
    },
    up(call) {
      const p = registered(call);
      close(p, timeOf(p, call));
    },
    pen: (mac) => pens.get(mac)?.pen,
  };
}
