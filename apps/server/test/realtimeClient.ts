/** WebSocket clients for the realtime tests: connect, collect messages, wait for them. */
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
