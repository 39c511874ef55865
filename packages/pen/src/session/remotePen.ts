/**
 * Remote (network) pens: pens of a remote party whose strokes and events arrive over a
 * WebSocket-like channel as the JSON messages of `remoteMessages.ts`. One link carries any number
 * of remote pens, keyed by mac. It also sends: the app broadcasts its own strokes and erasures to
 * the remote party through the same link.
 *
 * A remote pen does not support pen down: its live events are page and hover (the remote
 * party's pointer); its ink arrives as completed strokes, or live by stroke key (open, dots,
 * close), which {@link feedRemoteStrokes} hands to the ink stroke builder's remote-stroke calls.
 * Unsupported interface methods throw, e.g. `Error('connect() not implemented')`; a `down` message is refused the same way (logged).
 */

import {
  type BrushType,
  createStroke,
  type Dot,
  dotsFrom,
  type InputType,
  type PenTipMode,
  type Stroke,
} from '@dotink/ink';
import type { Logger, PageAddress } from '@dotink/ncode';
import { parsePageId, silentLogger } from '@dotink/ncode';
import { listeners, type Unsubscribe } from '../transports/listeners';
import { notImplemented, type Pen, REAL_PEN_MAX_PRESSURE } from './pen';
import { type PenCore, penCore } from './penCore';
import {
  decodeRemoteMessage,
  encodeRemoteMessage,
  type RemoteMessage,
  type RemoteStroke,
  toRemoteStroke,
} from './remoteMessages';

/** A WebSocket-like text channel: `send` and a message subscription. */
export interface RemoteChannel {
  send(text: string): void;
  /**
   * Each message received: its text, or the message itself when the channel decoded it already
   * (a receiver that reads every message first, e.g. the live lesson's room, hands it on instead
   * of having it decoded twice).
   */
  onMessage(listener: (text: string | RemoteMessage) => void): Unsubscribe | unknown;
}

/** A pen of the remote party. */
export interface RemotePen extends Pen {
  /** Always throws: a remote pen does not support pen down. */
  down(): never;
}

/** Where live remote strokes go: the ink stroke builder's `openRemote` / `appendRemote` / `closeRemote`. */
export interface RemoteStrokeSink {
  openRemote(init: {
    readonly key: string;
    readonly penId?: string;
    readonly page: PageAddress;
    readonly brush: {
      readonly colorArgb?: number;
      readonly thickness: number;
      readonly brushType: BrushType;
      readonly writerId: string;
      readonly surfaceOwnerId: string;
      readonly mac?: string;
      readonly inputType: InputType;
    };
    readonly penTipMode?: PenTipMode;
  }): void;
  appendRemote(key: string, dots: readonly Dot[]): void;
  closeRemote(key: string, timeMs: number): void;
}

/** A live remote-stroke message. */
export type RemoteLiveStroke = Extract<RemoteMessage, { type: 'strokeOpen' | 'strokeDots' | 'strokeClose' }>;

/** A link to a remote party. */
export interface RemotePenLink {
  pen(mac: string): RemotePen | undefined;
  /** Completed strokes from the remote party. */
  onStroke(listener: (stroke: Stroke, pen: RemotePen) => void): Unsubscribe;
  /** Live remote strokes, by key (see {@link feedRemoteStrokes}). */
  onLiveStroke(listener: (message: RemoteLiveStroke, pen: RemotePen) => void): Unsubscribe;
  /** Stroke keys the remote party erased. */
  onErase(listener: (keys: readonly string[], pen: RemotePen) => void): Unsubscribe;
  /** Sends one of our strokes (as pen `mac`). */
  sendStroke(stroke: Stroke): void;
  /** Sends one of our erasures. */
  sendErase(mac: string, keys: readonly string[]): void;
  /** Sends any message. */
  send(message: RemoteMessage): void;
  /** Stops listening; every remote pen disconnects. */
  close(): void;
}

export interface RemotePenLinkOptions {
  readonly channel: RemoteChannel;
  /** Called once for each new remote pen (the app passes `manager.attach`). */
  readonly attach?: (pen: Pen) => void;
  readonly logger?: Logger;
}

interface RemoteEntry {
  readonly core: PenCore;
  readonly pen: RemotePen;
  maxPressure: number;
  timeMs: number;
}

/** The stroke record of a travelling stroke. */
export function strokeFromRemote(s: RemoteStroke, mac: string): Stroke {
  return createStroke(
    {
      key: s.key,
      page: parsePageId(s.page)!,
      mac,
      inputType: 'network',
      brushType: s.brushType,
      thickness: s.thickness,
      colorArgb: s.colorArgb,
      penTipMode: s.penTipMode,
      writerId: s.writerId,
      surfaceOwnerId: s.surfaceOwnerId,
    },
    dotsFrom(toDots(s.dots)),
  );
}

/** Opens a link over a channel. */
export function createRemotePenLink(options: RemotePenLinkOptions): RemotePenLink {
  const log = options.logger ?? silentLogger;
  const pens = new Map<string, RemoteEntry>();
  const strokes = listeners<{ stroke: Stroke; pen: RemotePen }>();
  const live = listeners<{ message: RemoteLiveStroke; pen: RemotePen }>();
  const erases = listeners<{ keys: readonly string[]; pen: RemotePen }>();

  const makePen = (mac: string): RemoteEntry => {
    const core = penCore(mac);
    const entry: RemoteEntry = {
      core,
      maxPressure: REAL_PEN_MAX_PRESSURE,
      timeMs: 0,
      pen: {
        penId: mac,
        inputType: 'network',
        get state() {
          return core.state;
        },
        get maxPressure() {
          return entry.maxPressure;
        },
        onEvent: (l) => core.events.add(l),
        onStateChange: (l) => core.states.add(l),
        connect() {
          // The remote party connects its pens; we only listen.
          throw notImplemented('connect');
        },
        disconnect() {
          drop(entry, entry.timeMs);
        },
        down() {
          throw notImplemented('down');
        },
      },
    };
    return entry;
  };
  const drop = (e: RemoteEntry, timeMs: number) => {
    if (e.core.state === 'disconnected') return;
    e.core.events.emit({ kind: 'disconnect', penId: e.core.penId, timeMs });
    e.core.setState('disconnected');
  };
  const connected = (mac: string): RemoteEntry | undefined => {
    const e = pens.get(mac);
    if (e && e.core.state === 'connected') return e;
    log.warn('remote pen: message for a pen that is not connected', mac);
    return undefined;
  };

  const handle = (m: RemoteMessage) => {
    switch (m.type) {
      case 'connected': {
        let e = pens.get(m.mac);
        const fresh = !e;
        if (!e) {
          e = makePen(m.mac);
          pens.set(m.mac, e);
        }
        if (m.maxPressure !== undefined) e.maxPressure = m.maxPressure;
        if (fresh) options.attach?.(e.pen);
        e.core.setState('connected');
        return;
      }
      case 'disconnected': {
        const e = pens.get(m.mac);
        if (e) drop(e, m.timeMs);
        return;
      }
      case 'page': {
        const e = connected(m.mac);
        if (!e) return;
        e.timeMs = m.timeMs;
        e.core.events.emit({ kind: 'page', penId: m.mac, timeMs: m.timeMs, page: m.page });
        return;
      }
      case 'hover': {
        const e = connected(m.mac);
        if (!e) return;
        e.timeMs = m.timeMs;
        e.core.events.emit({ kind: 'hover', penId: m.mac, timeMs: m.timeMs, xNu: m.xNu, yNu: m.yNu });
        return;
      }
      case 'stroke': {
        const e = connected(m.mac);
        if (e) strokes.emit({ stroke: strokeFromRemote(m.stroke, m.mac), pen: e.pen });
        return;
      }
      case 'strokeOpen':
      case 'strokeDots':
      case 'strokeClose': {
        const e = connected(m.mac);
        if (e) live.emit({ message: m, pen: e.pen });
        return;
      }
      case 'erase': {
        const e = connected(m.mac);
        if (e) erases.emit({ keys: m.keys, pen: e.pen });
        return;
      }
      case 'down': {
        const e = connected(m.mac);
        if (e) e.pen.down();
      }
    }
  };

  const unsubscribe = options.channel.onMessage((text) => {
    const m = typeof text === 'string' ? decodeRemoteMessage(text) : text;
    if (!m) {
      log.warn('remote pen: malformed message dropped');
      return;
    }
    try {
      handle(m);
    } catch (error) {
      log.error(error instanceof Error ? error.message : String(error));
    }
  });

  const send = (m: RemoteMessage) => options.channel.send(encodeRemoteMessage(m));
  return {
    pen: (mac) => pens.get(mac)?.pen,
    onStroke: (l) => strokes.add(({ stroke, pen }) => l(stroke, pen)),
    onLiveStroke: (l) => live.add(({ message, pen }) => l(message, pen)),
    onErase: (l) => erases.add(({ keys, pen }) => l(keys, pen)),
    sendStroke: (stroke) => send({ type: 'stroke', mac: stroke.mac, stroke: toRemoteStroke(stroke) }),
    sendErase: (mac, keys) => send({ type: 'erase', mac, keys }),
    send,
    close() {
      if (typeof unsubscribe === 'function') unsubscribe();
      for (const e of pens.values()) drop(e, e.timeMs);
    },
  };
}

const toDots = (dots: readonly (readonly [number, number, number, number])[]): Dot[] =>
  dots.map(([xNu, yNu, force, timeMs]) => ({ xNu, yNu, force, timeMs }));

/** Feeds a link's live remote strokes into a sink (the ink stroke builder). Returns the unfeed. */
export function feedRemoteStrokes(link: RemotePenLink, sink: RemoteStrokeSink): Unsubscribe {
  return link.onLiveStroke((m) => {
    if (m.type === 'strokeOpen') {
      const s = m.stroke;
      sink.openRemote({
        key: s.key,
        penId: m.mac,
        page: parsePageId(s.page)!,
        brush: {
          colorArgb: s.colorArgb,
          thickness: s.thickness,
          brushType: s.brushType,
          writerId: s.writerId,
          surfaceOwnerId: s.surfaceOwnerId,
          mac: m.mac,
          inputType: 'network',
        },
        penTipMode: s.penTipMode,
      });
      if (s.dots.length > 0) sink.appendRemote(s.key, toDots(s.dots));
    } else if (m.type === 'strokeDots') sink.appendRemote(m.key, toDots(m.dots));
    else sink.closeRemote(m.key, m.timeMs);
  });
}
