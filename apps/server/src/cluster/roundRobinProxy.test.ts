/** The cluster's proxy: round robin, a refused backend rested and skipped, WebSockets relayed. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { freePort } from './cluster';
import { BackendRing, PIN_COOKIE, pinnedBackend, startProxy } from './roundRobinProxy';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function backend(name: string): Promise<number> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => {
      body += d.toString();
    });
    req.on('end', () => res.end(`${name}:${req.method}:${body}:${req.headers['x-forwarded-for'] ?? ''}`));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, req) => {
    socket.send(`${name} ${req.headers['sec-websocket-protocol'] ?? ''}`);
    socket.on('message', (m) => socket.send(`${name} echo ${m.toString()}`));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closers.push(
    () =>
      new Promise<void>((r) => {
        wss.close();
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return (server.address() as AddressInfo).port;
}

it('orders backends round robin and puts a resting one last until its rest is over', () => {
  let now = 0;
  const ring = new BackendRing(3, 1000, () => now);
  expect(ring.order()).toEqual([0, 1, 2]);
  expect(ring.order()).toEqual([1, 2, 0]);
  ring.rest(2);
  expect(ring.order()).toEqual([0, 1, 2]);
  expect(ring.order()).toEqual([0, 1, 2]);
  now = 1000;
  expect(ring.order()).toEqual([1, 2, 0]);
});

it('spreads requests, sends a refused request with its body to another backend, relays WebSockets', async () => {
  const a = await backend('a');
  const b = await backend('b');
  const dead = await freePort(); // nothing listens: connections are refused
  const downs: number[] = [];
  const proxy = await startProxy(0, {
    backends: [
      { host: '127.0.0.1', port: a },
      { host: '127.0.0.1', port: dead },
      { host: '127.0.0.1', port: b },
    ],
    restMs: 60_000,
    onBackendDown: (backend) => downs.push(backend.port),
  });
  closers.push(() => proxy.close());

  const answers: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await fetch(`${proxy.url}/x`, { method: 'POST', body: `n${i}` });
    expect(res.status).toBe(200);
    answers.push(await res.text());
  }
  // the dead backend's turn went to the next one, with the body intact; then it rests
  expect(answers.map((t) => t.split(':').slice(0, 3).join(':'))).toEqual([
    'a:POST:n0',
    'b:POST:n1',
    'b:POST:n2',
    'a:POST:n3',
  ]);
  expect(answers[0]).toMatch(/:127\.0\.0\.1$/);
  expect(downs).toEqual([dead]);
  expect(proxy.served).toEqual([2, 0, 2]);

  const socket = new WebSocket(`${proxy.url.replace('http', 'ws')}/realtime`, [
    'bearer.t',
    'dotink.remote.v1',
  ]);
  const messages: string[] = [];
  socket.on('message', (m) => messages.push(m.toString()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send('hello');
  await expect.poll(() => messages.length).toBe(2);
  expect(messages[1]).toMatch(/^[ab] echo hello$/);
  expect(messages[0]).toMatch(/^[ab] bearer\.t, ?dotink\.remote\.v1$/);
  socket.close();

  // An upgrade whose backend refuses goes to the next one too.
  const second = await startProxy(0, {
    backends: [
      { host: '127.0.0.1', port: dead },
      { host: '127.0.0.1', port: b },
    ],
  });
  closers.push(() => second.close());
  const retried = new WebSocket(`${second.url.replace('http', 'ws')}/realtime`);
  const first = await new Promise<string>((resolve, reject) => {
    retried.once('message', (m) => resolve(m.toString()));
    retried.once('error', reject);
  });
  expect(first).toBe('b ');
  expect(second.served).toEqual([0, 1]);
  retried.close();
});

it('pins a request and a WebSocket to the backend its cookie names, round robin otherwise', async () => {
  const a = await backend('a');
  const b = await backend('b');
  const c = await backend('c');
  const proxy = await startProxy(0, {
    backends: [a, b, c].map((port) => ({ host: '127.0.0.1', port })),
  });
  closers.push(() => proxy.close());
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${proxy.url}/x`, {
      method: 'POST',
      body: `p${i}`,
      headers: { cookie: `other=1; ${PIN_COOKIE}=2` },
    });
    names.push((await res.text()).split(':').slice(0, 3).join(':'));
  }
  expect(names).toEqual(['b:POST:p0', 'b:POST:p1', 'b:POST:p2']);
  // a pin naming no backend is ignored
  const unpinned = await fetch(`${proxy.url}/x`, { headers: { cookie: `${PIN_COOKIE}=9` } });
  expect((await unpinned.text()).startsWith('a:')).toBe(true);
  expect(proxy.served).toEqual([1, 3, 0]);

  const socket = new WebSocket(`${proxy.url.replace('http', 'ws')}/realtime`, {
    headers: { cookie: `${PIN_COOKIE}=3` },
  });
  const first = await new Promise<string>((resolve, reject) => {
    socket.once('message', (m) => resolve(m.toString()));
    socket.once('error', reject);
  });
  expect(first).toBe('c ');
  socket.close();

  // a pinned backend that refuses is not swapped for another: the answer says so
  const dead = await freePort();
  const strict = await startProxy(0, {
    backends: [
      { host: '127.0.0.1', port: a },
      { host: '127.0.0.1', port: dead },
    ],
  });
  closers.push(() => strict.close());
  const refused = await fetch(`${strict.url}/x`, { headers: { cookie: `${PIN_COOKIE}=2` } });
  expect(refused.status).toBe(502);
  expect(strict.served).toEqual([0, 0]);
});

it('reads the pin from the cookie header', () => {
  expect(pinnedBackend('a=1; dotink-backend=2', 3)).toBe(1);
  expect(pinnedBackend('dotink-backend=1', 3)).toBe(0);
  expect(pinnedBackend('dotink-backend=0', 3)).toBeUndefined();
  expect(pinnedBackend('dotink-backend=4', 3)).toBeUndefined();
  expect(pinnedBackend('dotink-backend=x', 3)).toBeUndefined();
  expect(pinnedBackend('xdotink-backend=1', 3)).toBeUndefined();
  expect(pinnedBackend(undefined, 3)).toBeUndefined();
});
