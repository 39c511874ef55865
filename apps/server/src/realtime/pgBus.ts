/**
 * The realtime bus across server processes on one PostgreSQL database: `NOTIFY` on a room's
 * channels ({@link roomChannel}), and each process `LISTEN`s, on a connection of its own, to the
 * channels of the rooms it has members in ({@link RealtimeBus.join}). A room has two: what a
 * teacher sends, for every member, and what the others send (pupils' pens), which only a room's
 * teachers, board owners and viewers receive (rooms.ts). PostgreSQL then hands a lesson's pens
 * only to the processes holding one of its teachers, not to every process: three processes spend
 * on a pen message about what one does.
 *
 * A process sends a message only when another process listens to its channel. nginx sends a
 * room's sockets to one process, so most rooms have none, and one process alone sends nothing:
 * without this, every pen message went to PostgreSQL and came back to the process that sent it.
 * The processes say on {@link PRESENCE_CHANNEL} which channels they listen to (when they join,
 * leave, start listening, and every {@link PRESENCE_REFRESH_MS}). While a process does not know
 * (its listening connection down, or just back for {@link PRESENCE_SETTLE_MS}) it sends
 * everything. What it did not send it keeps for {@link REPLAY_MS}, and sends when a process
 * starts listening to the channel: the messages published between that process's LISTEN and this
 * one hearing of it are not lost. That bookkeeping, without I/O, is `busPresence.ts`.
 *
 * Messages are batched: everything published in one turn of the event loop (and, while a NOTIFY
 * statement is on its way, everything published until it returns) travels as one statement, a
 * batch per channel — its messages one after another, each with its lengths ({@link encodeBatch}:
 * nothing escaped) — so forty pens cost a few NOTIFYs a turn instead of one per message. A
 * process sends at most one statement every {@link NOTIFY_INTERVAL_MS}: under load a statement
 * then carries many messages instead of one (its own members get them at once, unbatched).
 * A NOTIFY payload holds less than 8000 bytes, so a batch travels as numbered chunks:
 * `origin:seq:index:count:` + at most {@link CHUNK_BYTES} UTF-8 bytes of the batch's text, all
 * sent by one statement (one transaction: PostgreSQL delivers them together, in order). Receivers
 * put the pieces back together by origin and sequence and deliver the batch's messages in the
 * order published; a process ignores its own batches (it delivered them locally when publishing).
 * While the listening connection is down other processes' messages are missed (realtime ink is
 * best-effort, the ink store is the record): it reconnects with back-off ({@link RECONNECT_MS}
 * doubling up to {@link MAX_RECONNECT_MS}) for as long as it takes, says so in the log (a warning
 * when lost, an error while still down after {@link DOWN_ERROR_MS}, info when back) and in
 * {@link RealtimeBus.listening} (readiness, the teacher's status message).
 * Every attempt and every NOTIFY gives up after {@link CONNECT_TIMEOUT_MS}: a database that accepts
 * connections and answers none (a frozen host, a stopped postmaster) would otherwise hold one
 * attempt forever — no retry, no error line — and every publish behind one stuck NOTIFY.
 */

import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '@dotink/ncode';
import pg from 'pg';
import type { BusMessage, RealtimeBus, RoomRole } from './bus';
import {
  type PresenceOp,
  type Published,
  parsePresence,
  presencePayloads,
  RemoteListeners,
  UnsentMessages,
} from './busPresence';
import { receives } from './rooms';

/** The prefix of the rooms' NOTIFY channels. */
export const REALTIME_CHANNEL = 'dotink_realtime';

/**
 * Least time between two NOTIFY statements of one process (ms): at most one display frame, which
 * only a message for another process waits (a process's own members get it at once). Each
 * statement is a round trip to PostgreSQL: at 4 ms, three processes carrying 10 lessons sent 2.1×
 * the statements one process did (22,257 against 10,610 over the capacity bench, when every
 * message was sent whether or not another process listened) and carried 400 pens; at 16 ms,
 * 7,141 against 3,076, and they carried 800 (issue 26 item 11, bench/src/capacity.bench.ts).
 */
export const NOTIFY_INTERVAL_MS = 16;

/**
 * Who a room's channel is for: `all` carries what a teacher sends (every member receives it),
 * `staff` what the others send (pupils' pens: never received by pupils).
 */
export type Audience = 'all' | 'staff';

/**
 * The NOTIFY channel of a room's audience: a channel name is an identifier of at most 63 bytes,
 * and a room's path is longer and holds any character, so it is named by a digest of the path.
 */
export function roomChannel(room: string, audience: Audience): string {
  let digest = digests.get(room);
  if (digest === undefined) {
    // a room's digest is worked out once, not for every pen message published in it
    if (digests.size >= MAX_DIGESTS) digests.clear();
    digest = createHash('sha256').update(room).digest('hex').slice(0, 32);
    digests.set(room, digest);
  }
  return `${REALTIME_CHANNEL}_${audience === 'all' ? 'a' : 's'}${digest}`;
}

/** Rooms' digests kept (a room lives for a lesson; the map starts over past this many). */
const MAX_DIGESTS = 10_000;
const digests = new Map<string, string>();

/**
 * The channel a message travels on, by rooms.ts `receives`: what a pupil may receive goes to the
 * whole room, the rest only to the members who are not pupils.
 */
export function channelOf(message: Pick<BusMessage, 'room' | 'senderRole'>): string {
  return roomChannel(message.room, receives('student', message.senderRole) ? 'all' : 'staff');
}

/** The channels a member of `role` listens to: the other channel only if pupils' messages reach it. */
export function channelsFor(room: string, role: RoomRole): string[] {
  return receives(role, 'student')
    ? [roomChannel(room, 'all'), roomChannel(room, 'staff')]
    : [roomChannel(room, 'all')];
}
/** UTF-8 bytes of a batch per chunk: with its header (under 50 bytes) under the 8,000-byte limit. */
export const CHUNK_BYTES = 7900;
/** First wait before listening again after the connection was lost. */
export const RECONNECT_MS = 250;
/** Longest wait between attempts: pens reach the other processes within about this of the database's return. */
export const MAX_RECONNECT_MS = 1000;
/** Down this long: logged at error level (once per outage). */
export const DOWN_ERROR_MS = 10_000;
/** A connection attempt or statement of the bus not answered within this fails (and is retried). */
export const CONNECT_TIMEOUT_MS = 5000;
const CHANNEL_PREFIX = `${REALTIME_CHANNEL}_`;
/**
 * The channel on which processes say which room channels they listen to: `origin:op:channels`
 * (channels separated by spaces). `hello` (listening again: the others answer with `here`),
 * `here` (listening to these, said again every {@link PRESENCE_REFRESH_MS}), `join`, `leave`,
 * `bye` (the process closes).
 */
export const PRESENCE_CHANNEL = `${REALTIME_CHANNEL}_presence`;
/** Each process says again which channels it listens to this often (ms). */
export const PRESENCE_REFRESH_MS = 30_000;
/** A process not heard of for this long (ms) is taken as gone (it died without `bye`). */
export const PRESENCE_EXPIRE_MS = 95_000;
/** After (re)listening, everything is sent this long (ms): the others' answers are on their way. */
export const PRESENCE_SETTLE_MS = 1000;
/**
 * Messages not sent (no other process listened) are kept this long (ms): when a process starts
 * listening to their channel they are sent after all, so that nothing published between its
 * LISTEN and this process hearing of it is missed.
 */
export const REPLAY_MS = 500;
/** At most this many unsent messages are kept for {@link REPLAY_MS}. */
const REPLAY_MAX = 50_000;

/** `LISTEN` (or `UNLISTEN`) to `channels`, one statement each, sent as one query. */
function listenStatement(verb: 'LISTEN' | 'UNLISTEN', channels: readonly string[]): string {
  // a channel is a digest's hex after a fixed prefix: nothing in it needs quoting
  return channels.map((c) => `${verb} ${c}`).join('; ');
}

/** Partial batches older than this are dropped (a sender died mid-batch). */
const PARTIAL_TTL_MS = 30_000;

/** UTF-8 length of the code point at `i` of `text` and its UTF-16 length. */
function utf8At(text: string, i: number): [bytes: number, units: number] {
  const c = text.charCodeAt(i);
  if (c < 0x80) return [1, 1];
  if (c < 0x800) return [2, 1];
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return [4, 2];
  }
  return [3, 1];
}

/**
 * Splits `text` into pieces of at most `maxBytes` UTF-8 bytes, never inside a surrogate pair
 * (`maxBytes` ≥ 4).
 */
export function chunkText(text: string, maxBytes = CHUNK_BYTES): string[] {
  if (Buffer.byteLength(text, 'utf8') === text.length) {
    // ASCII (the remote-pen JSON nearly always): bytes are characters
    const out: string[] = [];
    for (let at = 0; at < text.length; at += maxBytes) out.push(text.slice(at, at + maxBytes));
    return out.length > 0 ? out : [''];
  }
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = at;
    let bytes = 0;
    while (end < text.length) {
      const [b, units] = utf8At(text, end);
      if (bytes + b > maxBytes) break;
      bytes += b;
      end += units;
    }
    out.push(text.slice(at, end));
    at = end;
  }
  return out.length > 0 ? out : [''];
}

const ROLE_LETTER: Record<BusMessage['senderRole'], string> = {
  teacher: 't',
  student: 's',
  owner: 'o',
  viewer: 'v',
};
const ROLE_OF: Record<string, BusMessage['senderRole']> = {
  t: 'teacher',
  s: 'student',
  o: 'owner',
  v: 'viewer',
};

/**
 * A batch as one text, without escaping anything: per message its sender's role letter, the
 * lengths (UTF-16 units) of its room, sender and text, then those three as they are:
 * `s12:36:230:session/1_abc…{"v":1,…}`.
 */
export function encodeBatch(batch: readonly BusMessage[]): string {
  let out = '';
  for (const m of batch) {
    out += `${ROLE_LETTER[m.senderRole]}${m.room.length}:${m.senderId.length}:${m.text.length}:${m.room}${m.senderId}${m.text}`;
  }
  return out;
}

/** The messages of a batch's text; undefined when it is not one. */
export function decodeBatch(text: string): BusMessage[] | undefined {
  const out: BusMessage[] = [];
  let at = 0;
  const length = (): number | undefined => {
    const end = text.indexOf(':', at);
    if (end <= at || end - at > 9) return undefined;
    const digits = text.slice(at, end);
    if (!/^\d+$/.test(digits)) return undefined;
    at = end + 1;
    return Number(digits);
  };
  while (at < text.length) {
    const senderRole = ROLE_OF[text[at]!];
    if (!senderRole) return undefined;
    at += 1;
    const roomLength = length();
    const senderLength = roomLength === undefined ? undefined : length();
    const textLength = senderLength === undefined ? undefined : length();
    if (roomLength === undefined || senderLength === undefined || textLength === undefined) return undefined;
    const end = at + roomLength + senderLength + textLength;
    if (end > text.length) return undefined;
    const room = text.slice(at, at + roomLength);
    const senderId = text.slice(at + roomLength, at + roomLength + senderLength);
    out.push({ room, senderId, senderRole, text: text.slice(at + roomLength + senderLength, end) });
    at = end;
  }
  return out;
}

/** The NOTIFY payloads of one batch of messages (in the order published). */
export function encodeChunks(origin: string, seq: number, batch: readonly BusMessage[]): string[] {
  const pieces = chunkText(encodeBatch(batch));
  return pieces.map((piece, i) => `${origin}:${seq}:${i}:${pieces.length}:${piece}`);
}

/**
 * The statement that sends `count` payloads in one transaction, in order: payload i on the
 * channel of parameter 2i + 1, its text in parameter 2i + 2. Each is a parameter of its own: a
 * text array would have to be escaped (every quote of the JSON inside), which cost more than the
 * rest.
 */
export function notifyStatement(count: number): string {
  const rows = Array.from(
    { length: count },
    (_, i) => `($${2 * i + 1}::text, $${2 * i + 2}::text, ${i})`,
  ).join(', ');
  return `select pg_notify(n, c) from (values ${rows}) as t(n, c, i) order by i`;
}

/**
 * The NOTIFYs of one flush, as the statement's parameters (channel, payload, …): the messages
 * grouped by channel (a channel's in the order published), a batch per channel, each batch
 * numbered from `seq` on. Answers the parameters and the next free sequence number.
 */
export function notifyParameters(
  origin: string,
  seq: number,
  messages: readonly BusMessage[],
): { parameters: string[]; nextSeq: number } {
  const byChannel = new Map<string, BusMessage[]>();
  for (const m of messages) {
    const channel = channelOf(m);
    const list = byChannel.get(channel);
    if (list) list.push(m);
    else byChannel.set(channel, [m]);
  }
  const parameters: string[] = [];
  let next = seq;
  for (const [channel, batch] of byChannel) {
    for (const chunk of encodeChunks(origin, next, batch)) parameters.push(channel, chunk);
    next += 1;
  }
  return { parameters, nextSeq: next };
}

interface Partial {
  readonly parts: (string | undefined)[];
  received: number;
  readonly startedMs: number;
}

/** Puts chunks back together; answers each whole batch once. */
export class ChunkAssembler {
  private readonly partial = new Map<string, Partial>();

  constructor(private readonly nowMs: () => number) {}

  /** Adds one payload; the batch's messages when it is complete. Malformed payloads are ignored. */
  add(payload: string): { origin: string; messages: BusMessage[] } | undefined {
    const m = /^([^:]+):(\d+):(\d+):(\d+):/.exec(payload);
    if (!m) return undefined;
    const [head, origin, seq, index, count] = m as unknown as [string, string, string, string, string];
    const i = Number(index);
    const n = Number(count);
    if (n < 1 || i >= n) return undefined;
    if (n === 1) {
      const messages = decodeBatch(payload.slice(head.length));
      return messages && { origin, messages };
    }
    const key = `${origin}:${seq}`;
    let p = this.partial.get(key);
    if (!p) {
      this.sweep();
      p = { parts: new Array<string | undefined>(n).fill(undefined), received: 0, startedMs: this.nowMs() };
      this.partial.set(key, p);
    }
    if (p.parts.length !== n || p.parts[i] !== undefined) return undefined;
    p.parts[i] = payload.slice(head.length);
    p.received += 1;
    if (p.received < n) return undefined;
    this.partial.delete(key);
    const messages = decodeBatch(p.parts.join(''));
    return messages && { origin, messages };
  }

  private sweep(): void {
    const old = this.nowMs() - PARTIAL_TTL_MS;
    for (const [key, p] of this.partial) if (p.startedMs < old) this.partial.delete(key);
  }
}

/** Where the bus reports its connection's ups and downs (the server's logger). */
export interface BusLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface PgBusOptions {
  readonly connectionString: string;
  readonly onError?: (error: unknown) => void;
  /** The listening connection lost, still down, back (default: nowhere). */
  readonly log?: BusLog;
  /** The server's clock (how long a partly received message is kept). */
  readonly clock: Clock;
}

/** The LISTEN/NOTIFY bus, and what it knows of the other processes. */
export interface PgRealtimeBus extends RealtimeBus {
  /** How many other processes listen to a channel of `room`, as this process last heard. */
  remoteProcesses(room: string): number;
}

const NO_WAIT = { resolve() {}, reject() {} };

/** A bus over LISTEN/NOTIFY. Resolves once listening. */
export async function pgBus(options: PgBusOptions): Promise<PgRealtimeBus> {
  const origin = randomBytes(6).toString('hex');
  const ownPrefix = `${origin}:`;
  const handlers = new Set<(message: BusMessage) => void>();
  const assembler = new ChunkAssembler(() => options.clock.nowMs());
  // One connection: publishes run in order, so a pen's messages arrive in the order sent.
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 1,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
  });
  pool.on('error', (e) => options.onError?.(e));
  let seq = 0;
  let listener: pg.Client | undefined;
  /** The channels of the rooms this process has members in: how many, and when listened to. */
  const channels = new Map<string, { count: number; ready: Promise<void> }>();
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** The other processes listening to each channel. */
  const remote = new RemoteListeners();
  /** Until then (after listening again) every message is sent: the others' answers are on their way. */
  let settledFromMs = Number.POSITIVE_INFINITY;
  /** Messages not sent for want of a listener, kept {@link REPLAY_MS}. */
  const unsent = new UnsentMessages(REPLAY_MS, REPLAY_MAX);
  let published = 0;

  const deliver = (message: BusMessage) => {
    for (const h of handlers) {
      try {
        h(message);
      } catch (error) {
        options.onError?.(error);
      }
    }
  };

  const statusListeners = new Set<(listening: boolean) => void>();
  /** When the listening connection was lost (undefined while listening). */
  let downSince: number | undefined;
  /** Why the connection was lost, then why the last attempt failed. */
  let lastFailure: string | undefined;
  /** Logs the error line once the connection has been down {@link DOWN_ERROR_MS}. */
  let downTimer: NodeJS.Timeout | undefined;
  const setListening = (listening: boolean) => {
    for (const l of statusListeners) {
      try {
        l(listening);
      } catch (error) {
        options.onError?.(error);
      }
    }
  };
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

  /** Tries to listen again, waiting longer after each failure, until it listens or the bus closes. */
  const retryListening = (waitMs: number) => {
    if (closed) return;
    retry = setTimeout(() => {
      listen().then(
        () => {
          const seconds = ((options.clock.nowMs() - (downSince ?? options.clock.nowMs())) / 1000).toFixed(1);
          downSince = undefined;
          clearTimeout(downTimer);
          options.log?.info(`realtime bus: listening again after ${seconds} s`);
          setListening(true);
        },
        (error: unknown) => {
          lastFailure = reason(error);
          retryListening(Math.min(waitMs * 2, MAX_RECONNECT_MS));
        },
      );
    }, waitMs);
    retry.unref();
  };

  /** The connection was lost: the error line follows if it is still down after {@link DOWN_ERROR_MS}. */
  const watchOutage = () => {
    downSince = options.clock.nowMs();
    clearTimeout(downTimer);
    downTimer = setTimeout(() => {
      if (closed || listener !== undefined || downSince === undefined) return;
      const seconds = Math.round((options.clock.nowMs() - downSince) / 1000);
      options.log?.error(
        `realtime bus: PostgreSQL still unreachable after ${seconds} s (${lastFailure ?? 'no answer'}): pens on other processes do not arrive; retrying`,
      );
    }, DOWN_ERROR_MS);
    downTimer.unref();
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
    });
    const reconnect = (error?: unknown) => {
      if (closed || listener !== client) return;
      listener = undefined;
      client.end().catch((e: unknown) => options.onError?.(e));
      lastFailure = error ? reason(error) : 'connection ended';
      watchOutage();
      options.log?.warn(
        `realtime bus: the listening connection to PostgreSQL was lost${error ? ` (${reason(error)})` : ''}; reconnecting`,
      );
      setListening(false);
      retryListening(RECONNECT_MS);
    };
    client.on('notification', (n) => {
      if (n.channel === PRESENCE_CHANNEL) {
        if (n.payload) heard(n.payload);
        return;
      }
      // this process's own batches were delivered when published: not even parsed
      if (!n.channel.startsWith(CHANNEL_PREFIX) || !n.payload || n.payload.startsWith(ownPrefix)) return;
      const whole = assembler.add(n.payload);
      if (whole && whole.origin !== origin) for (const m of whole.messages) deliver(m);
    });
    client.on('error', (e) => reconnect(e));
    client.on('end', () => reconnect());
    try {
      await client.connect();
      const joined = [PRESENCE_CHANNEL, ...channels.keys()];
      await client.query(listenStatement('LISTEN', joined));
      // what the others listen to is not known until they answer: meanwhile everything is sent
      settledFromMs = options.clock.nowMs() + PRESENCE_SETTLE_MS;
      listener = client;
      // rooms joined while this connection was being made
      const later = [...channels.keys()].filter((c) => !joined.includes(c));
      if (later.length > 0) await client.query(listenStatement('LISTEN', later));
      void say('hello', [...channels.keys()]);
    } catch (error) {
      // a failed attempt: its connection goes, the caller waits and tries again
      if (listener === client) listener = undefined;
      await client.end().catch(() => undefined);
      throw error;
    }
  };
  /** Messages published and not yet sent, with their publishers' promises. */
  let pending: (Published & { done: { resolve(): void; reject(e: unknown): void } })[] = [];
  let flushAsked = false;
  let inFlight = false;

  /** When the last statement was sent (the clock's ms). */
  let sentAtMs = Number.NEGATIVE_INFINITY;
  const flush = () => {
    flushAsked = false;
    if (inFlight || pending.length === 0) return;
    sentAtMs = options.clock.nowMs();
    const batch = pending;
    pending = [];
    if (closed) {
      const error = new Error('realtime bus closed');
      for (const b of batch) b.done.reject(error);
      return;
    }
    inFlight = true;
    const { parameters, nextSeq } = notifyParameters(
      origin,
      seq,
      batch.map((b) => b.message),
    );
    seq = nextSeq;
    pool
      .query(notifyStatement(parameters.length / 2), parameters)
      .then(
        () => {
          for (const b of batch) b.done.resolve();
        },
        (error: unknown) => {
          for (const b of batch) b.done.reject(error);
        },
      )
      .finally(() => {
        inFlight = false;
        // what was published while this batch travelled goes as the next one
        if (pending.length > 0) askFlush();
      });
  };
  const askFlush = () => {
    if (flushAsked) return;
    flushAsked = true;
    const waitMs = sentAtMs + NOTIFY_INTERVAL_MS - options.clock.nowMs();
    if (waitMs > 0) setTimeout(flush, waitMs);
    else setImmediate(flush);
  };

  /** Says on the presence channel what this process listens to (never rejects). */
  const say = (op: PresenceOp, list: readonly string[]): Promise<void> => {
    const parameters = presencePayloads(origin, op, list).flatMap((p) => [PRESENCE_CHANNEL, p]);
    return pool.query(notifyStatement(parameters.length / 2), parameters).then(
      () => undefined,
      (error: unknown) => options.onError?.(error),
    );
  };

  /** Another process said what it listens to. */
  const heard = (payload: string) => {
    const said = parsePresence(payload, CHANNEL_PREFIX);
    if (!said || said.origin === origin) return;
    if (said.op === 'leave') return remote.remove(said.origin, said.channels);
    if (said.op === 'bye') return remote.remove(said.origin);
    const gained = remote.add(said.origin, said.channels, options.clock.nowMs());
    if (gained.size > 0) replay(gained);
    if (said.op === 'hello' && channels.size > 0) void say('here', [...channels.keys()]);
  };

  /**
   * Channels another process started listening to: what this process published on them lately
   * and did not send is sent now, before anything published since (it may have been published
   * after that process's LISTEN, before this one heard of it).
   */
  const replay = (gained: ReadonlySet<string>) => {
    const again = unsent.take(gained, options.clock.nowMs());
    if (again.length === 0) return;
    pending = [...pending, ...again.map((p) => ({ ...p, done: NO_WAIT }))].sort((a, b) => a.n - b.n);
    if (!inFlight) askFlush();
  };

  /**
   * Whether a message on `channel` goes to PostgreSQL: only when another process listens to it
   * (nginx sends a room's sockets to one process, so most rooms have none), and always while this
   * process does not know (its listening connection down, or just back).
   */
  const sendsTo = (channel: string) =>
    listener === undefined || options.clock.nowMs() < settledFromMs || remote.has(channel);

  /** Says again what this process listens to; forgets processes not heard of for long. */
  const refresh = setInterval(() => {
    remote.expire(options.clock.nowMs() - PRESENCE_EXPIRE_MS);
    if (listener && channels.size > 0) void say('here', [...channels.keys()]);
  }, PRESENCE_REFRESH_MS);
  refresh.unref();

  try {
    await listen();
  } catch (error) {
    clearInterval(refresh);
    // the bus never started: its pool goes, and the start's own error is what the caller gets
    await pool.end().catch((e: unknown) => options.onError?.(e));
    throw error;
  }

  return {
    publish(message) {
      deliver(message);
      const n = published++;
      const channel = channelOf(message);
      if (!sendsTo(channel)) {
        unsent.keep({ n, message }, channel, options.clock.nowMs());
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        pending.push({ n, message, done: { resolve, reject } });
        if (!inFlight) askFlush();
      });
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async join(room, role) {
      const waits: Promise<void>[] = [];
      const fresh: string[] = [];
      for (const channel of channelsFor(room, role)) {
        const had = channels.get(channel);
        if (had) {
          had.count += 1;
          waits.push(had.ready);
        } else fresh.push(channel);
      }
      if (fresh.length > 0) {
        // The first member here: the channels are listened to before the member is told it
        // joined. While the connection is down the member joins all the same (its own process's
        // messages reach it) and the channels are listened to when the connection is back.
        // Once listening, the others are told (they send the room's messages from then on, and
        // the ones they kept from just before).
        const ready = listener
          ? listener.query(listenStatement('LISTEN', fresh)).then(
              () => say('join', fresh),
              (e: unknown) => options.onError?.(e),
            )
          : Promise.resolve();
        for (const channel of fresh) channels.set(channel, { count: 1, ready });
        waits.push(ready);
      }
      await Promise.all(waits);
    },
    leave(room, role) {
      const gone: string[] = [];
      for (const channel of channelsFor(room, role)) {
        const had = channels.get(channel);
        if (!had) continue;
        had.count -= 1;
        if (had.count > 0) continue;
        channels.delete(channel);
        gone.push(channel);
      }
      if (gone.length === 0) return;
      const unlistened = listener
        ? listener.query(listenStatement('UNLISTEN', gone)).then(
            () => undefined,
            (e: unknown) => options.onError?.(e),
          )
        : Promise.resolve();
      void unlistened.then(() => say('leave', gone));
    },
    remoteProcesses(room) {
      return remote.origins([roomChannel(room, 'all'), roomChannel(room, 'staff')]).size;
    },
    get listening() {
      return listener !== undefined;
    },
    onListening(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    async close() {
      // the others stop sending to this process (bounded: the database may be the one gone)
      if (!closed && listener)
        await Promise.race([say('bye', []), new Promise((r) => setTimeout(r, 1000).unref())]);
      closed = true;
      statusListeners.clear();
      clearInterval(refresh);
      clearTimeout(retry);
      clearTimeout(downTimer);
      handlers.clear();
      const l = listener;
      listener = undefined;
      await l?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
