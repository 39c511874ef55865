/**
 * The sockets of this process, by room, fed by the bus. A message goes to every member of its
 * room that may receive it (rooms.ts), never back to its sender. A member whose socket has more
 * than `maxBufferedBytes` waiting to be sent is dropped (terminated) instead of being sent more:
 * a slow consumer cannot make the server hold an ever-growing queue. Dead sockets are found by
 * ping/pong and terminated; at the same heartbeat each member's token is checked again. Every
 * `closeCheckMs` (default 1 s) the members whose room closed by the injected clock (a lesson's
 * room, `Membership.closesAtMs`) are closed with {@link ROOM_CLOSED_CLOSE} (4002).
 * While the bus does not listen (its database connection is down: other processes' pens do not
 * arrive) the lessons' teachers are told so, `relay: reconnecting`, and `relay: ok` once it is back
 * (`@dotink/contracts/realtimeStatus`); a teacher joining meanwhile is told at once.
 */

import type { Socket } from 'node:net';
import { LiveMessage } from '@dotink/contracts/eduLive';
import { relayStatusText } from '@dotink/contracts/realtimeStatus';
import type { Clock } from '@dotink/ncode';
import type { WebSocket } from 'ws';
import type { BusMessage, RealtimeBus } from './bus';
import { type Membership, ROOM_CLOSED_CLOSE, receives } from './rooms';

/** A member socket. */
export interface Connection {
  readonly id: string;
  readonly accountId: string;
  readonly membership: Membership;
  /** The bearer token the member joined with. */
  readonly token: string;
  readonly socket: WebSocket;
  /**
   * The member speaks `dotink.remote.v2`: a frame the server sends may carry several messages,
   * one per line (see {@link RealtimeHub.deliver}). Otherwise one message a frame.
   */
  readonly batched?: boolean;
}

export interface HubOptions {
  readonly maxBufferedBytes: number;
  /** Ping period; a socket that did not answer the previous ping is terminated. */
  readonly heartbeatMs?: number;
  readonly onDrop?: (connection: Connection, reason: 'slow' | 'dead' | 'revoked') => void;
  /**
   * Whether a member's credentials still hold (checked at every heartbeat): a socket outlives
   * its upgrade, so an expired or revoked token, or an account removed, closes it (4001).
   */
  readonly stillAllowed?: (connection: Connection) => Promise<boolean>;
  /** The clock rooms close by (without one, rooms never close). */
  readonly clock?: Clock;
  /** Period of the closing check (ms); default 1000. */
  readonly closeCheckMs?: number;
}

/** Most bytes a member's socket holds back within one turn of the event loop. */
const CORK_LIMIT_BYTES = 64 * 1024;

/** Close code of a member whose token expired or was revoked. */
export const REVOKED_CLOSE = 4001;

/**
 * Close code of every member when the process drains or stops (1012 "service restart"): the
 * apps connect again at once, and the load balancer sends them to another process.
 */
export const RESTART_CLOSE = 1012;

/** Members told of the relay's state: a lesson's teachers (their screen says "reconnecting"). */
const hearsRelay = (c: Connection): boolean => c.membership.role === 'teacher';

export class RealtimeHub {
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private readonly unsubscribe: () => void;
  private readonly stopRelayWatch: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly closing: NodeJS.Timeout | undefined;
  /** Sockets dropped as slow consumers since start. */
  slowDropped = 0;
  /** Member sockets holding their writes until the next turn of the event loop. */
  private readonly corked = new Set<Socket>();
  /** Messages of this turn for batched members, sent as one frame at the turn's end. */
  private readonly queued = new Map<Connection, { texts: string[]; bytes: number }>();
  private turnEndScheduled = false;
  /** The pupils' sockets waiting to be closed while the process drains. */
  private readonly draining = new Set<NodeJS.Timeout>();

  constructor(
    private readonly bus: RealtimeBus,
    private readonly options: HubOptions,
  ) {
    this.unsubscribe = bus.subscribe((m) => this.deliver(m));
    this.stopRelayWatch = bus.onListening((listening) => this.relayChanged(listening));
    this.heartbeat = setInterval(() => void this.ping(), options.heartbeatMs ?? 30_000);
    this.heartbeat.unref();
    const { clock } = options;
    if (clock) {
      this.closing = setInterval(() => this.closeDue(clock.nowMs()), options.closeCheckMs ?? 1000);
      this.closing.unref();
    }
  }

  /** Adds a member; it leaves when its socket closes. */
  add(connection: Connection): void {
    const { room } = connection.membership;
    let members = this.rooms.get(room);
    if (!members) {
      members = new Set();
      this.rooms.set(room, members);
    }
    members.add(connection);
    this.alive.set(connection.socket, true);
    connection.socket.on('pong', () => this.alive.set(connection.socket, true));
    connection.socket.on('close', () => this.remove(connection));
    if (!this.bus.listening && hearsRelay(connection))
      connection.socket.send(relayStatusText('reconnecting'));
  }

  /** Tells the lessons' teachers that the other processes' pens stop (or start again) arriving. */
  private relayChanged(listening: boolean): void {
    const text = relayStatusText(listening ? 'ok' : 'reconnecting');
    for (const members of this.rooms.values()) {
      for (const c of members) {
        if (hearsRelay(c) && c.socket.readyState === c.socket.OPEN) c.socket.send(text);
      }
    }
  }

  remove(connection: Connection): void {
    const members = this.rooms.get(connection.membership.room);
    if (!members) return;
    members.delete(connection);
    this.queued.delete(connection);
    if (members.size === 0) this.rooms.delete(connection.membership.room);
  }

  /** Members of a room in this process. */
  memberCount(room: string): number {
    return this.rooms.get(room)?.size ?? 0;
  }

  /** Publishes a member's message to its room (every process). */
  publish(from: Connection, text: string): Promise<void> {
    return this.bus.publish({
      room: from.membership.room,
      senderId: from.id,
      senderRole: from.membership.role,
      text,
    });
  }

  /**
   * Sends a message to the members of its room that receive it. A batched member (v2) gets every
   * message of one event-loop turn in ONE frame, one message a line (a message's JSON never holds
   * a raw line break): at 40 pens a teacher's tab then handles a few dozen frames a second instead
   * of 1,200, and the server writes as few. The delay is under a millisecond (the turn's end).
   * Other members get one frame a message, their writes of one turn held together (corked).
   */
  private deliver(m: BusMessage): void {
    const members = this.rooms.get(m.room);
    if (!members) return;
    for (const c of [...members]) {
      if (c.id === m.senderId || !receives(c.membership.role, m.senderRole)) continue;
      const { socket } = c;
      if (socket.readyState !== socket.OPEN) continue;
      if (c.batched) {
        let q = this.queued.get(c);
        if (!q) {
          // the backlog is judged once a turn, before the turn's frame
          if (socket.bufferedAmount > this.options.maxBufferedBytes) {
            this.drop(c, 'slow');
            continue;
          }
          q = { texts: [], bytes: 0 };
          this.queued.set(c, q);
        }
        q.texts.push(m.text);
        q.bytes += m.text.length;
        if (q.bytes >= CORK_LIMIT_BYTES) this.sendQueued(c);
        this.atTurnEnd();
        continue;
      }
      this.flushIfLarge(socket);
      if (socket.bufferedAmount > this.options.maxBufferedBytes) {
        this.drop(c, 'slow');
        continue;
      }
      this.cork(socket);
      socket.send(m.text);
    }
  }

  /** Sends a batched member's queued messages as one frame. */
  private sendQueued(c: Connection): void {
    const q = this.queued.get(c);
    if (!q) return;
    this.queued.delete(c);
    if (c.socket.readyState === c.socket.OPEN) c.socket.send(q.texts.join('\n'));
  }

  /** At the end of this turn: the batched members' frames go out, and corked sockets write. */
  private atTurnEnd(): void {
    if (this.turnEndScheduled) return;
    this.turnEndScheduled = true;
    setImmediate(() => {
      this.turnEndScheduled = false;
      for (const c of [...this.queued.keys()]) this.sendQueued(c);
      for (const r of this.corked) r.uncork();
      this.corked.clear();
    });
  }

  /**
   * Holds a member's writes until the event loop's next turn: a teacher receiving a class's pens
   * gets the frames of one turn in one write (one system call) instead of one write per message,
   * which is most of the relay's cost at 40 pens. The delay is under a millisecond.
   */
  private cork(socket: WebSocket): void {
    // ws keeps its TCP socket in `_socket` (no public accessor); without it, writes go one by one
    const raw = (socket as unknown as { _socket?: Socket })._socket;
    if (!raw || this.corked.has(raw)) return;
    raw.cork();
    this.corked.add(raw);
    this.atTurnEnd();
  }

  /**
   * Writes out what a member's socket holds once it is over {@link CORK_LIMIT_BYTES}: only what
   * the network did not take then counts as a slow consumer's backlog, not a turn's own frames.
   */
  private flushIfLarge(socket: WebSocket): void {
    const raw = (socket as unknown as { _socket?: Socket })._socket;
    if (!raw || !this.corked.has(raw) || raw.writableLength < CORK_LIMIT_BYTES) return;
    raw.uncork();
    this.corked.delete(raw);
  }

  private drop(c: Connection, reason: 'slow' | 'dead' | 'revoked'): void {
    if (reason === 'slow') this.slowDropped += 1;
    this.remove(c);
    this.options.onDrop?.(c, reason);
    if (reason === 'revoked') c.socket.close(REVOKED_CLOSE, 'token expired or revoked');
    else c.socket.terminate();
  }

  /** One heartbeat: drops sockets that did not answer the last ping, pings, re-checks tokens. */
  async ping(): Promise<void> {
    const checks: Promise<void>[] = [];
    for (const members of this.rooms.values()) {
      for (const c of [...members]) {
        if (this.alive.get(c.socket) === false) {
          this.drop(c, 'dead');
          continue;
        }
        this.alive.set(c.socket, false);
        c.socket.ping();
        const check = this.options.stillAllowed;
        if (check) {
          checks.push(
            check(c).then(
              (ok) => {
                if (!ok) this.drop(c, 'revoked');
              },
              () => {},
            ),
          );
        }
      }
    }
    await Promise.all(checks);
  }

  /**
   * Closes (4002, LiveMessage.closed) the members whose room closes at or before `nowMs`; answers
   * how many were closed.
   */
  closeDue(nowMs: number): number {
    let closed = 0;
    for (const members of this.rooms.values()) {
      for (const c of [...members]) {
        const at = c.membership.closesAtMs;
        if (at === undefined || at > nowMs) continue;
        this.remove(c);
        c.socket.close(ROOM_CLOSED_CLOSE, LiveMessage.closed);
        closed += 1;
      }
    }
    return closed;
  }

  /**
   * The process drains: closes with {@link RESTART_CLOSE} the sockets of those who watch (a
   * lesson's teachers, a board's owner and viewers) at once, then the pupils' one after another
   * over `spreadMs`, so they reconnect to another process. A room's sockets all land on one process
   * (nginx picks it by the room's path): closed together, the next process was asked for 41
   * sockets at once and the teacher's came back after 2.5 s at a load of 8; the teacher first
   * and the pupils spread, it was back in 0.36-0.78 s at a load of 11-13
   * (cluster/rollingRestart.pg.test.ts). A pupil still here meanwhile is relayed as before
   * (the bus carries its pen to the teacher's new process); a pen station queues what it writes
   * while it reconnects and sends it again.
   */
  drainMembers(spreadMs: number): void {
    const pupils: Connection[] = [];
    for (const members of this.rooms.values()) {
      for (const c of [...members]) {
        if (c.membership.role === 'student' && spreadMs > 0) pupils.push(c);
        else this.closeForRestart(c);
      }
    }
    pupils.forEach((c, i) => {
      const timer = setTimeout(
        () => {
          this.draining.delete(timer);
          this.closeForRestart(c);
        },
        Math.round(((i + 1) * spreadMs) / pupils.length),
      );
      this.draining.add(timer);
    });
  }

  private closeForRestart(c: Connection): void {
    this.remove(c);
    c.socket.close(RESTART_CLOSE, 'server restarting');
  }

  /** Closes every member's socket with {@link RESTART_CLOSE} at once (the process stops). */
  closeMembers(): void {
    for (const timer of this.draining) clearTimeout(timer);
    this.draining.clear();
    this.queued.clear();
    for (const members of this.rooms.values())
      for (const c of members) c.socket.close(RESTART_CLOSE, 'server restarting');
    this.rooms.clear();
  }

  /** Stops listening and closes every socket. */
  close(): void {
    clearInterval(this.heartbeat);
    if (this.closing) clearInterval(this.closing);
    this.unsubscribe();
    this.stopRelayWatch();
    this.closeMembers();
  }
}
