/**
 * The nginx configuration of `deploy/nginx/` as start:cluster renders it, checked by the real
 * nginx (`nginx -t`) and run in front of two small HTTP servers on free ports.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { BOARD_BODY_LIMIT_BYTES } from '../boards/boardRoutes';
import { MAX_UPLOAD_BODY_BYTES } from '../edu/textbooks/uploadLimits';
import { UPLOAD_BODY_LIMIT_BYTES } from '../inkstore/uploadRoutes';
import { freePort } from './cluster';
import { PIN_COOKIE, type RunningNginx, renderNginxConfig, servedByBackend, startNginx } from './nginx';

const render = (pinnable = false) =>
  renderNginxConfig({
    listen: '127.0.0.1:8080',
    dir: '/srv/nginx',
    backends: [
      { host: '10.0.0.11', port: 3000 },
      { host: '10.0.0.12', port: 3000 },
    ],
    pinnable,
  });

describe('the nginx configuration (deploy/nginx)', () => {
  it('fills every placeholder: the processes as upstream servers with passive health', () => {
    const conf = render();
    expect(conf).not.toMatch(/\{\{/);
    expect(conf).toContain('server 10.0.0.11:3000 max_fails=2 fail_timeout=10s;');
    expect(conf).toContain('server 10.0.0.12:3000 max_fails=2 fail_timeout=10s;');
    expect(conf).toContain('listen 127.0.0.1:8080;');
    expect(conf).toContain('access_log /srv/nginx/access.log dotink;');
    expect(conf).not.toContain(PIN_COOKIE); // pinning is for tests only
    expect(render(true)).toContain(PIN_COOKIE);
  });

  it('lets through the largest request the server takes, and retries only what cannot happen twice', () => {
    const conf = render();
    const size = /client_max_body_size (\d+)m;/.exec(conf);
    const bytes = Number(size?.[1]) * 1024 * 1024;
    for (const limit of [MAX_UPLOAD_BODY_BYTES, BOARD_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES]) {
      expect(bytes).toBeGreaterThanOrEqual(limit);
    }
    const retries = [...conf.matchAll(/^\s*proxy_next_upstream ([^;]+);/gm)].map((m) => m[1]);
    expect(retries).toEqual(['error timeout', 'error timeout http_503']);
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toMatch(/keepalive \d+;/);
    expect(conf).toContain('gzip off;');
  });

  it('refuses a template placeholder it has no value for', () => {
    expect(() =>
      renderNginxConfig({ listen: '1', dir: '/d', backends: [{ host: 'h', port: 1 }] }, 'x {{nothing}};'),
    ).toThrow('nginx template: no value for {{nothing}}');
  });

  it('counts the answering process of each logged request (the last upstream tried)', () => {
    const log = [
      '127.0.0.1 [t] "GET / HTTP/1.1" 200 2 upstream=127.0.0.1:1 upstream_status=200 rt=0.001',
      '127.0.0.1 [t] "GET / HTTP/1.1" 200 2 upstream=127.0.0.1:1, 127.0.0.1:2 upstream_status=502, 200 rt=0.001',
      '127.0.0.1 [t] "GET / HTTP/1.1" 400 2 upstream=- upstream_status=- rt=0.000',
    ].join('\n');
    const backends = [
      { host: '127.0.0.1', port: 1 },
      { host: '127.0.0.1', port: 2 },
    ];
    expect(servedByBackend(log, backends)).toEqual([1, 1]);
  });
});

describe('nginx in front of two processes', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  async function backend(name: string): Promise<{ port: number; seen: IncomingHttpHeaders[] }> {
    const seen: IncomingHttpHeaders[] = [];
    const server: Server = createServer((req, res) => {
      seen.push(req.headers);
      let bytes = 0;
      req.on('data', (d: Buffer) => {
        bytes += d.length;
      });
      req.on('end', () => {
        res.setHeader('content-type', 'text/plain');
        res.end(req.method === 'POST' ? `${name} got ${bytes}` : name);
      });
    });
    const wss = new WebSocketServer({ server });
    wss.on('connection', (ws) => ws.send(`hello from ${name}`));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(
      () =>
        new Promise((r) => {
          wss.close();
          server.closeAllConnections();
          server.close(() => r());
        }),
    );
    return { port: (server.address() as AddressInfo).port, seen };
  }

  it('spreads requests, appends X-Forwarded-For, passes WebSockets and pins with the test cookie', async () => {
    const [a, b] = [await backend('a'), await backend('b')];
    const nginx: RunningNginx = await startNginx({
      port: await freePort(),
      backends: [
        { host: '127.0.0.1', port: a.port },
        { host: '127.0.0.1', port: b.port },
      ],
      pinnable: true,
    });
    closers.push(() => nginx.close());
    const total = () => nginx.served().reduce((s, n) => s + n, 0);
    const started = total(); // the start's probe

    const names = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${nginx.url}/x`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      names.add(await res.text());
    }
    expect([...names].sort()).toEqual(['a', 'b']);
    const forwarded = [...a.seen, ...b.seen].at(-1)!;
    expect(forwarded['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(forwarded['x-forwarded-proto']).toBe('http');
    expect(forwarded.host).toBe(`127.0.0.1:${nginx.port}`);
    // the pooled upstream connection: no "Connection: close" towards the processes
    expect(forwarded.connection).toBeUndefined();

    const pinned = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${nginx.url}/x`, { headers: { cookie: `${PIN_COOKIE}=2` } }).then((r) => r.text()),
      ),
    );
    expect(pinned).toEqual(['b', 'b', 'b', 'b']);

    const ws = new WebSocket(`${nginx.url.replace('http', 'ws')}/realtime/v1/rooms/x`, {
      headers: { cookie: `${PIN_COOKIE}=1` },
    });
    const hello = await new Promise<string>((ok, fail) => {
      ws.once('message', (d) => ok(String(d)));
      ws.once('error', fail);
    });
    ws.close();
    expect(hello).toBe('hello from a');

    // a body larger than nginx keeps in memory goes through its buffer files (workers run as
    // `nobody` when nginx is started as root: they must reach the directory)
    const upload = await fetch(`${nginx.url}/inkstore/v1/data`, {
      method: 'POST',
      body: 'x'.repeat(300_000),
    });
    expect(upload.status).toBe(200);
    expect(await upload.text()).toMatch(/^[ab] got 300000$/);

    await expect.poll(() => total() - started).toBe(12);
    expect(nginx.served()[1]).toBeGreaterThanOrEqual(4);
  });

  it("sends every socket of a room to one process (a class's pens and its teacher meet there), rooms spread", async () => {
    const [a, b] = [await backend('a'), await backend('b')];
    const nginx = await startNginx({
      port: await freePort(),
      backends: [
        { host: '127.0.0.1', port: a.port },
        { host: '127.0.0.1', port: b.port },
      ],
    });
    closers.push(() => nginx.close());
    const open = (room: string, query = '') =>
      new Promise<string>((ok, fail) => {
        const ws = new WebSocket(`${nginx.url.replace('http', 'ws')}/realtime/v1/rooms/${room}${query}`);
        ws.once('message', (d) => {
          ok(String(d).replace('hello from ', ''));
          ws.close();
        });
        ws.once('error', fail);
      });
    // 41 sockets of one lesson, opened at once (least_conn spread them over both), one with its
    // token in the query
    const lesson = await Promise.all([
      ...Array.from({ length: 40 }, () => open('session/7_lesson')),
      open('session/7_lesson', '?access_token=t'),
    ]);
    expect(new Set(lesson).size).toBe(1);
    // lessons' rooms land on both processes. The hash ring depends on the processes' (random)
    // ports: 12 rooms all landed on one of the two in 1 of 10 runs (a ring giving one process
    // over 80 % of them); with 64 rooms that is about 1 in 100,000 runs
    const rooms = await Promise.all(Array.from({ length: 64 }, (_, i) => open(`session/${i}_s`)));
    expect([...new Set(rooms)].sort()).toEqual(['a', 'b']);
  });
});
