/** WebSocket clients for the realtime tests: connect, collect messages, wait for them. */

import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { createStroke, dotsFrom } from '@dotink/ink';
import { pageAddress } from '@dotink/ncode';
import { encodeRemoteMessage, toRemoteStroke } from '@dotink/pen';
import WebSocket from 'ws';
import type { App } from '../src/platform/types';

export interface Client {
  readonly ws: WebSocket;
  readonly messages: string[];
  /** Resolves with the close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Waits until `n` messages have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<string[]>;
}

/** The refusal of an upgrade: its HTTP status and JSON body. */
export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: { ok: boolean; message: string },
  ) {
    super(`upgrade refused: ${status} ${body.message}`);
  }
}

/** Makes the app listen on a free loopback port; answers its ws:// base. */
export async function listenWs(app: App): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

/** Opens a socket; rejects with {@link UpgradeRefused} when the server answers HTTP instead. */
export function connect(
  url: string,
  options: { protocols?: string[]; headers?: Record<string, string> } = {},
) {
  return new Promise<Client>((resolve, reject) => {
    const ws = new WebSocket(url, options.protocols ?? [], { headers: options.headers ?? {} });
    const messages: string[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      messages.push(data.toString());
      for (const w of waiters.splice(0)) w();
    });
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
    );
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => reject(new UpgradeRefused(res.statusCode ?? 0, JSON.parse(text || '{}'))));
    });
    ws.on('error', (e) => reject(e));
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        closed,
        waitFor(n, timeoutMs = 5000) {
          return new Promise((ok, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`got ${messages.length} of ${n} messages`)),
              timeoutMs,
            );
            const check = () => {
              if (messages.length >= n) {
                clearTimeout(timer);
                ok(messages);
              } else waiters.push(check);
            };
            check();
          });
        },
      }),
    );
  });
}

/** A remote-pen `stroke` message of `dots` dots written by `writerId`. */
export function strokeMessage(
  writerId: string,
  dots = 20,
  key = `k-${writerId}-${dots}`,
  mac = '9C:7B:D2:10:00:01',
): string {
  const stroke = createStroke(
    {
      key,
      page: pageAddress(3, 1012, 1191, 5),
      mac,
      writerId,
      surfaceOwnerId: writerId,
    },
    dotsFrom(
      Array.from({ length: dots }, (_, i) => ({
        xNu: 10 + i * 0.1,
        yNu: 20,
        force: 400,
        timeMs: 1_700_000_000_000 + i * 10,
      })),
    ),
  );
  return encodeRemoteMessage({ type: 'stroke', mac: stroke.mac, stroke: toRemoteStroke(stroke) });
}

/** A `connected` message. */
export const connectedMessage = (mac = '9C:7B:D2:10:00:01') =>
  encodeRemoteMessage({ type: 'connected', mac });

/** What {@link healthProbe} saw: each answer's time (ms) and status (0: no answer). */
export interface HealthTimes {
  readonly ms: number[];
  readonly statuses: number[];
}

/**
 * Times `GET /api/health` on `httpBase` (`http://…`) one request after another, `everyMs` apart,
 * until `stop()`; answers what it saw.
 */
export function healthProbe(httpBase: string, everyMs = 20) {
  const seen: HealthTimes = { ms: [], statuses: [] };
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      // no answer at all counts as status 0
      const status = await fetch(`${httpBase}/api/health`).then(
        async (answer) => {
          await answer.arrayBuffer();
          return answer.status;
        },
        () => 0,
      );
      seen.ms.push(performance.now() - t0);
      seen.statuses.push(status);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop(): Promise<HealthTimes> {
      running = false;
      await done;
      return seen;
    },
  };
}

/** The p-th percentile (0–100) of `values` (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * A WebSocket client on a bare TCP socket, for what `ws` will not send: a frame's header without
 * all of its payload, frames after the server's close. `closeCode` resolves with the code of the
 * server's close frame (or 1006 when the connection ends without one).
 */
export function rawSocket(url: string, protocols: string[]) {
  const { hostname, port, pathname, search } = new URL(url);
  const socket = createConnection({ host: hostname, port: Number(port) });
  let received = Buffer.alloc(0);
  let upgraded = false;
  let settle: (code: number) => void = () => {};
  const closeCode = new Promise<number>((r) => {
    settle = r;
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!upgraded) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = received.subarray(0, end).toString('latin1');
        if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(head.split('\r\n')[0]));
        upgraded = true;
        received = received.subarray(end + 4);
        resolve();
      }
      // the server's frames: only a close frame matters here (2-byte code after a short length)
      while (received.length >= 2) {
        const length = received[1]! & 0x7f;
        if (length > 125 || received.length < 2 + length) break;
        if ((received[0]! & 0x0f) === 0x8) settle(length >= 2 ? received.readUInt16BE(2) : 1005);
        received = received.subarray(2 + length);
      }
    });
    socket.on('close', () => settle(1006));
  });
  socket.write(
    `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
      `Sec-WebSocket-Protocol: ${protocols.join(', ')}\r\n\r\n`,
  );
  const ended = new Promise<void>((r) => socket.once('close', () => r()));
  return {
    opened,
    closeCode,
    /** Resolves when the TCP connection has ended (by either side). */
    ended,
    /** Whether the connection is still there (not ended, not destroyed). */
    live: () => !socket.destroyed,
    /** Writes raw bytes; false once the connection has ended. */
    write: (bytes: Uint8Array) => !socket.destroyed && socket.write(bytes),
    /** Writes raw bytes; resolves once they are handed to the system (or the connection ended). */
    send: (bytes: Uint8Array) =>
      new Promise<void>((r) => {
        if (socket.destroyed) r();
        else socket.write(bytes, () => r());
      }),
    end: () => socket.destroy(),
  };
}

const MASK = [1, 2, 3, 4] as const;

/** The header of a masked text frame announcing `length` payload bytes (mask 1, 2, 3, 4). */
export function maskedTextFrameHeader(length: number): Buffer {
  const header = Buffer.alloc(14);
  header[0] = 0x81;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  header.set(MASK, 10);
  return header;
}

/**
 * A whole masked text frame carrying `text`, built once: a client sending it again and again
 * costs the sender nothing more (`ws` masks every message anew, which in a test's process
 * competes with the server it measures).
 */
export function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  for (let i = 0; i < payload.length; i++) payload[i]! ^= MASK[i & 3]!;
  return Buffer.concat([maskedTextFrameHeader(payload.length), payload]);
}
