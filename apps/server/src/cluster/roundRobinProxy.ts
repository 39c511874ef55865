/**
 * A small HTTP and WebSocket proxy for trying several server processes on one machine
 * (`npm run start:cluster`, the cluster tests and bench): round robin over the backends, and a
 * backend that refuses the connection is left out for a while and the request goes to the next.
 *
 * Written on node:http rather than a proxy library: the one behaviour that matters here — retry
 * on another backend only when nothing was sent — needs the request body held back until the
 * backend's socket is connected, which http-proxy(-3) does not expose (it pipes at once and
 * reports the error after). A connection refused before connecting has consumed nothing of the
 * client's request, so sending it to another backend cannot run it twice. Anything that fails
 * later (a backend killed mid-request) is answered 502 and left to the client to retry.
 *
 * A request carrying the cookie `dotink-backend=N` (1-based) goes to backend N only — the
 * WebSocket upgrade too, since browsers send cookies with it — so a browser test can pin one
 * browser to one process while every address the server hands out (`PUBLIC_URL`: the OAuth
 * issuer, download links) stays the proxy's. A pinned backend that refuses is answered 502, never
 * swapped for another.
 *
 * Not for production: a district runs a real load balancer (README, "District deployment").
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/** One backend: a server process's loopback address. */
export interface Backend {
  readonly host: string;
  readonly port: number;
}

export interface ProxyOptions {
  readonly backends: readonly Backend[];
  /** How long a backend that refused a connection is left out (ms); default 2,000. */
  readonly restMs?: number;
  /** The clock for rest periods (ms); default `performance.now`-based. */
  readonly nowMs?: () => number;
  /** Told when a backend is left out (for a log line). */
  readonly onBackendDown?: (backend: Backend, error: Error) => void;
}

export interface RunningProxy {
  readonly port: number;
  readonly url: string;
  /** How many requests (and upgrades) each backend received, by index. */
  readonly served: readonly number[];
  close(): Promise<void>;
}

/** Headers that belong to one hop (RFC 9110 §7.6.1), not forwarded. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** The cookie that pins a browser to one backend (its 1-based number). */
export const PIN_COOKIE = 'dotink-backend';

/** The backend index (0-based) a `cookie` header pins to, if it names one of `size`. */
export function pinnedBackend(cookie: string | undefined, size: number): number | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name !== PIN_COOKIE || value === undefined || !/^\d+$/.test(value)) continue;
    const n = Number(value);
    return n >= 1 && n <= size ? n - 1 : undefined;
  }
  return undefined;
}

function refused(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ECONNREFUSED' || error.code === 'EHOSTUNREACH' || error.code === 'ENETUNREACH';
}

/** The round-robin choice with rest periods (pure state; exported for its test). */
export class BackendRing {
  #next = 0;
  readonly #restUntil: number[];

  constructor(
    readonly size: number,
    private readonly restMs: number,
    private readonly nowMs: () => number,
  ) {
    this.#restUntil = Array.from({ length: size }, () => 0);
  }

  /** The backends to try for one request, in order: the next in turn first, resting ones last. */
  order(): number[] {
    const start = this.#next;
    this.#next = (this.#next + 1) % this.size;
    const now = this.nowMs();
    const all = Array.from({ length: this.size }, (_, i) => (start + i) % this.size);
    return [
      ...all.filter((i) => this.#restUntil[i]! <= now),
      ...all.filter((i) => this.#restUntil[i]! > now),
    ];
  }

  /** Leaves a backend out for the rest period. */
  rest(index: number): void {
    this.#restUntil[index] = this.nowMs() + this.restMs;
  }
}

function forwardedHeaders(req: http.IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value;
  }
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${prior}, ${client}` : client;
  headers['x-forwarded-proto'] = 'http';
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  return headers;
}

/** Starts the proxy on `port` (0: a free one) of 127.0.0.1. */
export async function startProxy(port: number, options: ProxyOptions): Promise<RunningProxy> {
  const { backends } = options;
  const ring = new BackendRing(
    backends.length,
    options.restMs ?? 2000,
    options.nowMs ?? (() => performance.now()),
  );
  const served = backends.map(() => 0);
  const down = (index: number, error: Error) => {
    ring.rest(index);
    options.onBackendDown?.(backends[index]!, error);
  };

  /** The backends to try for `req`: only the pinned one, or the ring's turn. */
  const orderFor = (req: http.IncomingMessage): number[] => {
    const pinned = pinnedBackend(req.headers.cookie, backends.length);
    return pinned === undefined ? ring.order() : [pinned];
  };

  const server = http.createServer((req, res) => {
    const order = orderFor(req);
    const attempt = (k: number): void => {
      const index = order[k]!;
      const backend = backends[index]!;
      // agent: false → a fresh connection per request, so "refused" always means "nothing sent"
      // (a pooled socket to a killed process would fail after the body was written).
      const upstream = http.request({
        host: backend.host,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
        agent: false,
      });
      let connected = false;
      upstream.on('socket', (socket) => {
        socket.once('connect', () => {
          connected = true;
          served[index]!++;
          req.pipe(upstream);
        });
      });
      upstream.on('response', (answer) => {
        const headers = { ...answer.headers };
        for (const name of HOP_HEADERS) delete headers[name];
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && refused(error)) {
          down(index, error);
          if (k + 1 < order.length) return attempt(k + 1);
        }
        if (res.headersSent) {
          res.destroy(error);
          return;
        }
        res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        res.end(
          JSON.stringify({
            ok: false,
            message: 'The server did not answer (bad gateway); try again',
            data: null,
          }),
        );
      });
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
    };
    attempt(0);
  });

  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const order = orderFor(req);
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    const attempt = (k: number): void => {
      const index = order[k]!;
      const backend = backends[index]!;
      const upstream = net.connect(backend.port, backend.host);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        served[index]!++;
        const headers = forwardedHeaders(req);
        headers.connection = 'Upgrade';
        headers.upgrade = req.headers.upgrade ?? 'websocket';
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (const [name, value] of Object.entries(headers)) {
          for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && refused(error)) {
          down(index, error);
          if (k + 1 < order.length) return attempt(k + 1);
          client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
          return;
        }
        client.destroy();
      });
      // A refused attempt closes too: only a tunnel that stood ends the client's socket.
      upstream.on('close', () => {
        if (connected) client.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    attempt(0);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
      }),
  };
}
