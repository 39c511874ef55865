/**
 * Trusted proxies (issue 27 item 2): behind a real nginx, a client that writes its own
 * X-Forwarded-For is still known by the address nginx saw. The lockout's address count, the
 * sign-up limit (both read Fastify's `request.ip`, the password grant through `clientIpOf`) and
 * the request log use the right-most address not trusted, never the client's left-most entry.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, testClients, useTestServer } from '../../test/harness';

/** A free loopback port (listen on 0, close). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** POST a form from the loopback address `from` (so nginx sees another address than its own). */
function postForm(
  port: number,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string>,
  from: string,
) {
  const body = new URLSearchParams(form).toString();
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describeEachDatabase('trusted proxies behind nginx', (kind) => {
  const logLines: string[] = [];
  // `true`: one proxy in front (nginx), whose X-Forwarded-For entry names the client.
  const server = useTestServer(kind, {
    env: { TRUST_PROXY: 'true', LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  let dir: string;
  let nginx: ChildProcess;
  let proxyPort: number;

  beforeAll(async () => {
    const address = await server().app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = new URL(address).port;
    proxyPort = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'dotink-nginx-'));
    mkdirSync(join(dir, 'logs'));
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((t) => `${t}_temp_path ${join(dir, t)};`)
      .join(' ');
    writeFileSync(
      join(dir, 'nginx.conf'),
      `user root; worker_processes 1; error_log ${join(dir, 'error.log')} warn; pid ${join(dir, 'nginx.pid')};
events { worker_connections 64; }
http {
  access_log off; ${temp}
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
    );
    nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    // Ready when it answers.
    for (let i = 0; ; i++) {
      try {
        await postForm(proxyPort, '/api/health', {}, {}, '127.0.0.2');
        break;
      } catch (error) {
        if (i > 100) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    if (nginx && nginx.exitCode === null) await new Promise((r) => nginx.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts failed sign-ins and logs requests under the address nginx saw, whatever X-Forwarded-For the client wrote', async () => {
    const { db, accounts } = server().app.services;
    const pupil = await accounts.createStudent({ name: 'Pupil' });
    const spa = testClients.spa;
    for (let i = 1; i <= 3; i++) {
      const res = await postForm(
        proxyPort,
        '/oauth/token',
        {
          grant_type: 'password',
          username: pupil.id,
          password: `wrong ${i}`,
          client_id: spa.clientId,
          scope: 'profile storage',
        },
        { 'x-forwarded-for': `198.51.100.${i}` },
        '127.0.0.2',
      );
      expect(res.status, res.body).toBe(400);
      expect(JSON.parse(res.body).error).toBe('invalid_grant');
    }
    const rows = await db
      .selectFrom('login_attempts')
      .select(['username', 'ip', 'failures'])
      .where('ip', '!=', '')
      .execute();
    expect(rows).toEqual([{ username: ' any name', ip: '127.0.0.2', failures: 3 }]);
    const seen = logLines
      .map((l) => JSON.parse(l) as { req?: { url?: string; remoteAddress?: string } })
      .filter((l) => l.req?.url === '/oauth/token')
      .map((l) => l.req!.remoteAddress);
    expect(seen).toEqual(['127.0.0.2', '127.0.0.2', '127.0.0.2']);
  });
});
