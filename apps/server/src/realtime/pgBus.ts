/**
 * The realtime bus across server processes on one PostgreSQL database: `NOTIFY` on one channel,
 * every process `LISTEN`s on a connection of its own.
 *
 * A NOTIFY payload holds at most 8000 bytes, and a stroke message is often longer, so a message
 * travels as numbered chunks: `origin:seq:index:count:` + a piece of its JSON envelope, all sent
 * by one statement (one transaction: PostgreSQL delivers them together, in order). Receivers put
 * the pieces back together by origin and sequence; a process ignores its own messages (it
 * delivered them locally when publishing). While the listening connection is down (it reconnects
 * after a second) other processes' messages are missed: realtime ink is best-effort, the ink store
 * is the record.
 */

import { randomBytes } from 'node:crypto';
import type { Clock } from '@dotink/ncode';
import pg from 'pg';
import type { BusMessage, RealtimeBus } from './bus';

/** The NOTIFY channel. */
export const REALTIME_CHANNEL = 'dotink_realtime';
/** Characters per chunk: 2,500 UTF-16 units are at most 7,500 UTF-8 bytes, under the 8,000 limit. */
export const CHUNK_CHARS = 2500;
const RECONNECT_MS = 1000;
/** Partial messages older than this are dropped (a sender died mid-message). */
const PARTIAL_TTL_MS = 30_000;

/** Splits `text` into pieces of at most `size` UTF-16 units, never inside a surrogate pair. */
export function chunkText(text: string, size = CHUNK_CHARS): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    out.push(text.slice(at, end));
    at = end;
  }
  return out.length > 0 ? out : [''];
}

/** The NOTIFY payloads of one message. */
export function encodeChunks(origin: string, seq: number, message: BusMessage): string[] {
  const envelope = JSON.stringify([message.room, message.senderId, message.senderRole, message.text]);
  const pieces = chunkText(envelope);
  return pieces.map((piece, i) => `${origin}:${seq}:${i}:${pieces.length}:${piece}`);
}

interface Partial {
  readonly parts: (string | undefined)[];
  received: number;
  readonly startedMs: number;
}

/** Puts chunks back together; answers each whole message once. */
export class ChunkAssembler {
  private readonly partial = new Map<string, Partial>();

  constructor(private readonly nowMs: () => number) {}

  /** Adds one payload; the message when it is complete. Malformed payloads are ignored. */
  add(payload: string): { origin: string; message: BusMessage } | undefined {
    const m = /^([^:]+):(\d+):(\d+):(\d+):/.exec(payload);
    if (!m) return undefined;
    const [head, origin, seq, index, count] = m as unknown as [string, string, string, string, string];
    const i = Number(index);
    const n = Number(count);
    if (n < 1 || i >= n) return undefined;
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
    try {
      const [room, senderId, senderRole, text] = JSON.parse(p.parts.join('')) as [
        string,
        string,
        string,
        string,
      ];
      return {
        origin,
        message: { room, senderId, senderRole: senderRole as BusMessage['senderRole'], text },
      };
    } catch {
      return undefined;
    }
  }

  private sweep(): void {
    const old = this.nowMs() - PARTIAL_TTL_MS;
    for (const [key, p] of this.partial) if (p.startedMs < old) this.partial.delete(key);
  }
}

export interface PgBusOptions {
  readonly connectionString: string;
  readonly onError?: (error: unknown) => void;
  /** The server's clock (how long a partly received message is kept). */
  readonly clock: Clock;
}

/** A bus over LISTEN/NOTIFY. Resolves once listening. */
export async function pgBus(options: PgBusOptions): Promise<RealtimeBus> {
  const origin = randomBytes(6).toString('hex');
  const handlers = new Set<(message: BusMessage) => void>();
  const assembler = new ChunkAssembler(() => options.clock.nowMs());
  // One connection: publishes run in order, so a pen's messages arrive in the order sent.
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 1 });
  pool.on('error', (e) => options.onError?.(e));
  let seq = 0;
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const deliver = (message: BusMessage) => {
    for (const h of handlers) {
      try {
        h(message);
      } catch (error) {
        options.onError?.(error);
      }
    }
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.connectionString });
    const reconnect = () => {
      if (closed || listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      retry = setTimeout(() => {
        listen().catch((e) => {
          options.onError?.(e);
          retry = setTimeout(() => void listen().catch(() => {}), RECONNECT_MS);
        });
      }, RECONNECT_MS);
      retry.unref();
    };
    client.on('notification', (n) => {
      if (n.channel !== REALTIME_CHANNEL || !n.payload) return;
      const whole = assembler.add(n.payload);
      if (whole && whole.origin !== origin) deliver(whole.message);
    });
    client.on('error', (e) => {
      options.onError?.(e);
      reconnect();
    });
    client.on('end', reconnect);
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    listener = client;
  };
  await listen();

  return {
    async publish(message) {
      deliver(message);
      seq += 1;
      const chunks = encodeChunks(origin, seq, message);
      await pool.query(
        'select pg_notify($1, c) from unnest($2::text[]) with ordinality as t(c, i) order by i',
        [REALTIME_CHANNEL, chunks],
      );
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      handlers.clear();
      const l = listener;
      listener = undefined;
      await l?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
