/**
 * The image of deploy/Dockerfile, run for real (deploy/ci/containers.sh builds it, then runs this
 * file with deploy/ci/vitest.config.ts): three containers of it (`--network host`) behind nginx
 * (deploy/nginx/, rendered by apps/server/src/cluster/nginx.ts) on a fresh PostgreSQL database
 * and an S3 store (moto's server). Through nginx only: a teacher signs in through the login
 * pages, registers a class and reads it back, a pupil uploads ink and the teacher reads it back;
 * then a rolling restart (`docker stop` = SIGTERM, then `docker start`, one container after
 * another) while a pupil's uploads and the teacher's reads go on: every read succeeds, every
 * batch is stored exactly once.
 *
 * Environment: DOTINK_IMAGE (default dotink:ci), TEST_DATABASE_URL (a PostgreSQL URL whose role
 * may CREATEDB), DOCKER_HOST (the daemon containers.sh started), MOTO_SERVER (default moto_server).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeStrokeUploads } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/server/src/cluster/cluster';
import { type RunningNginx, startNginx } from '../../apps/server/src/cluster/nginx';
import { TestBrowser } from '../../apps/server/test/browser';
import { makeStroke } from '../../apps/server/test/inkFixtures';
import { pkcePair, signInWithPassword } from '../../apps/server/test/oauth';
import { createPostgresDatabase } from '../../apps/server/test/postgresDatabase';

const run = promisify(execFile);
const IMAGE = process.env.DOTINK_IMAGE ?? 'dotink:ci';
const BUCKET = 'dotink-ci';
const CONTAINERS = 3;

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run deploy/ci/containers.sh');

let base: string;
let database: pg.Pool;
let nginx: RunningNginx | undefined;
let moto: ChildProcess | undefined;
const containers: { name: string; port: number }[] = [];
const closers: (() => Promise<unknown>)[] = [];

/** Waits until `url` answers 200; the message names what did not come up. */
async function until200(url: string, what: () => Promise<string>, timeoutMs = 300_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = 'no answer';
  while (performance.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      last = `${res.status} ${(await res.text()).slice(0, 200)}`;
      if (res.status === 200) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})\n${await what()}`);
}

const logsOf = async (name: string) => {
  const { stdout, stderr } = await run('docker', ['logs', '--tail', '40', name]).catch((error: unknown) => ({
    stdout: '',
    stderr: String(error),
  }));
  return `docker logs ${name}:\n${stdout}${stderr}`;
};

beforeAll(async () => {
  // The S3 store: moto's server on loopback, with the bucket made.
  const s3Port = await freePort();
  moto = spawn(process.env.MOTO_SERVER ?? 'moto_server', ['-H', '127.0.0.1', '-p', String(s3Port)], {
    stdio: 'ignore',
  });
  closers.push(async () => moto?.kill('SIGTERM'));
  const s3 = `http://127.0.0.1:${s3Port}`;
  await until200(s3, async () => 'moto_server did not start');
  const bucket = await fetch(`${s3}/${BUCKET}`, { method: 'PUT' });
  expect(bucket.status).toBe(200);

  // A fresh PostgreSQL database.
  const created = await createPostgresDatabase(adminUrl);
  closers.push(created.drop);
  database = new pg.Pool({ connectionString: created.url, max: 2 });
  closers.push(() => database.end());

  const nginxPort = await freePort();
  base = `http://127.0.0.1:${nginxPort}`;
  const suffix = `${process.pid}`;
  for (let i = 1; i <= CONTAINERS; i++) {
    const port = await freePort();
    const name = `dotink-ci-${suffix}-${i}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      TRUST_PROXY: 'true',
      DATABASE_URL: created.url,
      S3_ENDPOINT: s3,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'ci',
      S3_SECRET_ACCESS_KEY: 'ci-secret',
      S3_FORCE_PATH_STYLE: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    };
    await run('docker', [
      'run',
      '--detach',
      '--name',
      name,
      '--network',
      'host',
      ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
      IMAGE,
    ]);
    closers.push(() => run('docker', ['rm', '--force', '--volumes', name]));
    containers.push({ name, port });
  }
  // All three start at once on the empty database (one migrates and seeds, under a lock).
  await Promise.all(
    containers.map((c) => until200(`http://127.0.0.1:${c.port}/api/ready`, () => logsOf(c.name))),
  );
  // nginx's own folder, readable by its workers (they drop root: request bodies are buffered there)
  const nginxDir = mkdtempSync(join(tmpdir(), 'dotink-ci-nginx-'));
  chmodSync(nginxDir, 0o755);
  closers.push(async () => rmSync(nginxDir, { recursive: true, force: true }));
  nginx = await startNginx({
    dir: nginxDir,
    port: nginxPort,
    backends: containers.map((c) => ({ host: '127.0.0.1', port: c.port })),
  });
  closers.push(() => nginx!.close());
}, 600_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch((error: unknown) => console.error(error));
}, 120_000);

const DEMO_ADMIN = 'admin@demo.dotink.dev';
const DEMO_PASSWORD = 'dotink-demo';
const CLIENT = 'dotink-classroom';

type Answer<T> = { ok: boolean; data: T };

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function tokenOf(form: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT, ...form }),
  });
  return (await json<{ access_token: string }>(res)).access_token;
}

/** The demo administrator, signed in through the login pages (authorization code with PKCE). */
async function teacherToken(): Promise<string> {
  const pkce = pkcePair();
  const redirectUri = `${base}/callback.html`;
  const signIn = await signInWithPassword(new TestBrowser(undefined, base), {
    clientId: CLIENT,
    redirectUri,
    scope: 'openid profile edu.read edu.write admin.read admin.write',
    pkce,
    username: DEMO_ADMIN,
    password: DEMO_PASSWORD,
  });
  expect(signIn.loginPage.status).toBe(200);
  expect(signIn.code).toBeTruthy();
  return tokenOf({
    grant_type: 'authorization_code',
    code: signIn.code!,
    redirect_uri: redirectUri,
    code_verifier: pkce.verifier,
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One pupil of the demo school's classes (a pupil's password is its id, classroom.md §6). */
async function demoPupil(teacher: string): Promise<string> {
  const { data } = await json<Answer<{ classes: { eduClassId: number }[] }>>(
    await fetch(`${base}/edu/v1/classes`, { headers: bearer(teacher) }),
  );
  for (const k of data.classes) {
    const res = await fetch(`${base}/edu/v1/class/${k.eduClassId}/students`, { headers: bearer(teacher) });
    const { students } = (await json<Answer<{ students: { id: string; deleteYn: string }[] }>>(res)).data;
    const pupil = students.find((s) => s.deleteYn === 'N');
    if (pupil) return pupil.id;
  }
  throw new Error('no pupil in the demo school');
}

/** The pen these tests write with (no demo ink has it). */
const MAC = '02:00:00:C1:00:01';

/** The upload body of `count` strokes of `pupil`, from stroke number `from` (distinct keys). */
function inkBatch(pupil: string, from: number, count: number): string {
  const strokes = Array.from({ length: count }, (_, i) =>
    makeStroke({
      page: pageAddress(3, 1012, 1191, 1 + ((from + i) % 8)),
      startMs: 1_700_000_000_000 + (from + i) * 1000,
      writerId: pupil,
      mac: MAC,
      dots: 10,
    }),
  );
  return JSON.stringify(encodeStrokeUploads(strokes, { writer: pupil, clock: manualClock(0) }));
}

async function storedStrokes(pupil: string): Promise<{ n: number; keys: number }> {
  const { rows } = await database.query<{ n: number; keys: number }>(
    `select count(*)::int as n,
            count(distinct (section, owner, book, page, writer_id, mac, start_time))::int as keys
       from ink_strokes where student_id = $1 and mac = $2`,
    [pupil, MAC],
  );
  return rows[0]!;
}

let teacher: string;
let pupil: string;
let pupilToken: string;

beforeAll(async () => {
  teacher = await teacherToken();
  pupil = await demoPupil(teacher);
  pupilToken = await tokenOf({
    grant_type: 'password',
    username: pupil,
    password: pupil,
    scope: 'openid profile storage',
  });
});

describe('the image behind nginx', () => {
  it('serves the built web apps, signs a teacher in, keeps a new class and a pupil’s ink', async () => {
    const classroom = await fetch(`${base}/`);
    expect(classroom.status).toBe(200);
    expect(await classroom.text()).toContain('<html');
    const board = await fetch(`${base}/board/`);
    expect(board.status).toBe(200);
    expect(board.headers.get('content-type')).toContain('text/html');

    // A class registered by the teacher, then read back (each request may go to another container).
    const year = new Date().getFullYear();
    const created = await json<Answer<{ eduClassId: number }>>(
      await fetch(`${base}/edu/v1/class`, {
        method: 'POST',
        headers: { ...bearer(teacher), 'content-type': 'application/json' },
        body: JSON.stringify({ year, grade: 3, classNum: 17, className: 'Containers' }),
      }),
    );
    const { data } = await json<Answer<{ classes: { eduClassId: number; className: string }[] }>>(
      await fetch(`${base}/edu/v1/classes?year=${year}`, { headers: bearer(teacher) }),
    );
    expect(data.classes.find((k) => k.eduClassId === created.data.eduClassId)?.className).toBe('Containers');

    // The pupil's ink, uploaded and read back by the teacher.
    const uploaded = await json<Answer<{ stored: number }>>(
      await fetch(`${base}/inkstore/v1/data`, {
        method: 'POST',
        headers: { ...bearer(pupilToken), 'content-type': 'application/json' },
        body: inkBatch(pupil, 0, 20),
      }),
    );
    expect(uploaded.data.stored).toBe(20);
    const search = await json<Answer<{ resultElements: { writer: string }[] }>>(
      await fetch(`${base}/admin/v1/inkstore/search/${pupil}`, { headers: bearer(teacher) }),
    );
    expect(search.data.resultElements.length).toBeGreaterThan(0);
    expect(search.data.resultElements.every((e) => e.writer === pupil)).toBe(true);
    expect(await storedStrokes(pupil)).toEqual({ n: 20, keys: 20 });
  });

  it('restarts the containers one after another (docker stop = SIGTERM) without losing a read or a stroke', async () => {
    const BATCH = 25;
    const FIRST = 1000; // after the journey's strokes
    let nextBatch = 0;
    let running = true;
    const stored = new Map<number, number>();
    const readFailures: string[] = [];
    const lostBatches: string[] = [];
    let reads = 0;
    let uploadRetries = 0;

    // The pen station's uploader: a batch is sent again until it has an answer (stroke keys make
    // a repeat store nothing twice); a POST is not retried by nginx.
    const uploader = async () => {
      while (running) {
        const b = nextBatch++;
        for (let attempt = 1; ; attempt++) {
          if (attempt > 100) {
            lostBatches.push(`batch ${b}: no 200 in 100 attempts`);
            break;
          }
          try {
            const res = await fetch(`${base}/inkstore/v1/data`, {
              method: 'POST',
              headers: { ...bearer(pupilToken), 'content-type': 'application/json' },
              body: inkBatch(pupil, FIRST + b * BATCH, BATCH),
            });
            if (res.status === 200) {
              const answer = (await res.json()) as Answer<{ stored: number }>;
              stored.set(b, (stored.get(b) ?? 0) + answer.data.stored);
              break;
            }
            if (attempt === 100) {
              lostBatches.push(`batch ${b}: ${res.status} ${(await res.text()).slice(0, 200)}`);
              break;
            }
            await res.body?.cancel();
          } catch {
            // the connection ended with a container: sent again
          }
          uploadRetries++;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    // The teacher's screen: reads that must all succeed (nginx passes a GET to another container).
    const reader = async () => {
      while (running) {
        reads++;
        try {
          const res = await fetch(`${base}/edu/v1/classes`, { headers: bearer(teacher) });
          if (res.status !== 200) readFailures.push(`${res.status} ${(await res.text()).slice(0, 200)}`);
          else await res.arrayBuffer();
        } catch (error) {
          readFailures.push(String(error));
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const load = Promise.all([uploader(), uploader(), reader(), reader()]);

    const restarts: { container: string; stopMs: number; readyMs: number }[] = [];
    for (const { name, port } of containers) {
      const t0 = performance.now();
      await run('docker', ['stop', '--time', '40', name]);
      const stopped = performance.now();
      await run('docker', ['start', name]);
      await until200(`http://127.0.0.1:${port}/api/ready`, () => logsOf(name));
      restarts.push({
        container: name,
        stopMs: Math.round(stopped - t0),
        readyMs: Math.round(performance.now() - stopped),
      });
    }
    running = false;
    await load;
    console.log(
      `rolling restart: ${JSON.stringify(restarts)}; ${reads} reads, ${nextBatch} batches, ${uploadRetries} upload retries`,
    );

    expect(lostBatches).toEqual([]);
    expect(readFailures).toEqual([]);
    expect(reads).toBeGreaterThan(containers.length * 10);
    expect(stored.size).toBe(nextBatch);
    const total = nextBatch * BATCH;
    const counted = await storedStrokes(pupil);
    expect(counted).toEqual({ n: 20 + total, keys: 20 + total });
    expect([...stored.values()].reduce((a, n) => a + n, 0)).toBeLessThanOrEqual(total);
  });
});
