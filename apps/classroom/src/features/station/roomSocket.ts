/**
 * One pupil's socket to the lesson's realtime room (`/realtime/v1/rooms/{room}`): the token
 * travels as the subprotocol `bearer.<token>` next to `dotink.remote.v1` (browsers cannot set
 * headers on a WebSocket), and a socket that closes — network loss, the server restarting, the
 * token expiring (4001) — opens again after a back-off (0.5 s, 1 s … 10 s). Live messages sent
 * while it is down are dropped: the next open sends the state again ({@link LiveStream.snapshot})
 * and completed strokes reach the teacher through the ink store anyway.
 */
import { backoffDelay, SOCKET_BACKOFF } from './backoff';
import type { QueueTimers } from './uploadQueue';

export const REALTIME_PROTOCOL = 'dotink.remote.v1';
/** Close code of an expired or revoked token. */
export const TOKEN_EXPIRED_CLOSE = 4001;

/**
 * The server's process restarts (1012 "service restart", its drain): connect again at once, the
 * load balancer sends the socket to another process; back-off only if that fails.
 */
export const RESTART_CLOSE = 1012;

/** The part of a WebSocket the room uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: unknown) => void) | null;
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketState = 'connecting' | 'open' | 'waiting' | 'closed';

export interface RoomSocketOptions {
  /** The room's address (ws:// or wss://). */
  readonly url: string;
  /** The pupil's token now (read at each open). */
  readonly token: () => string;
  readonly create: (url: string, protocols: string[]) => SocketLike;
  readonly timers: QueueTimers;
  readonly random?: () => number;
  /** The socket opened (send the state). */
  readonly onOpen: () => void;
  /** The socket's state changed. */
  readonly onState?: (state: SocketState) => void;
  /** The server closed for the token (expired, revoked): sign in again before the next try. */
  readonly onTokenExpired?: () => Promise<void>;
}

/** The room's address on the app's own server. */
export function roomUrl(origin: string, room: string): string {
  const u = new URL(origin);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `/realtime/v1/rooms/${room.split('/').map(encodeURIComponent).join('/')}`;
  u.search = '';
  return u.href;
}

/** A reconnecting socket. */
export class RoomSocket {
  private socket: SocketLike | undefined;
  private attempt = 0;
  private timer: unknown;
  private closed = false;
  state: SocketState = 'connecting';

  constructor(private readonly options: RoomSocketOptions) {
    this.connect();
  }

  /** Sends when open; drops otherwise (see the module's note). */
  send(text: string): boolean {
    const s = this.socket;
    if (s?.readyState !== 1 || this.state !== 'open') return false;
    s.send(text);
    return true;
  }

  /** Opens again now (the network came back). */
  retryNow(): void {
    if (this.closed || this.state === 'open' || this.state === 'connecting') return;
    if (this.timer !== undefined) this.options.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.connect();
  }

  /**
   * The network is gone (the browser's `offline`): the socket is given up at once, as a lost one —
   * on a dead network a WebSocket may stay 'open' for minutes, its close never coming.
   */
  lost(): void {
    if (this.closed || this.state === 'waiting') return;
    const s = this.socket;
    this.socket = undefined;
    if (s) {
      s.onclose = null;
      s.close(4000, 'network lost');
    }
    if (this.timer !== undefined) this.options.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.retryLater(1006);
  }

  /** Closes for good (the pupil left the station). */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) this.options.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const s = this.socket;
    this.socket = undefined;
    if (s) {
      s.onclose = null;
      s.close(1000, 'pupil left the station');
    }
    this.setState('closed');
  }

  private connect(): void {
    this.setState('connecting');
    let s: SocketLike;
    try {
      s = this.options.create(this.options.url, [`bearer.${this.options.token()}`, REALTIME_PROTOCOL]);
    } catch {
      // the address or the token refused by the browser: wait and try again like a lost socket
      this.retryLater(1006);
      return;
    }
    this.socket = s;
    s.onopen = () => {
      this.attempt = 0;
      this.setState('open');
      this.options.onOpen();
    };
    s.onclose = (ev) => {
      if (this.socket !== s) return;
      this.socket = undefined;
      this.retryLater(ev.code);
    };
    s.onerror = () => undefined; // a close event follows every error: handled there
  }

  private retryLater(code: number): void {
    if (this.closed) return;
    this.setState('waiting');
    const wait =
      code === RESTART_CLOSE && this.attempt === 0
        ? 0
        : backoffDelay(this.attempt, SOCKET_BACKOFF, this.options.random);
    this.attempt++;
    const renew = code === TOKEN_EXPIRED_CLOSE ? this.options.onTokenExpired : undefined;
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = undefined;
      if (!renew) {
        this.connect();
        return;
      }
      renew().then(
        () => this.connect(),
        () => this.retryLater(code),
      );
    }, wait);
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onState?.(state);
  }
}
