/**
 * Crash safety of the ink upload: the real server (`src/main.ts` under tsx, embedded PGlite in a
 * temporary data directory) is killed with SIGKILL while a series of 200 batches (100,000
 * strokes) is being uploaded, started again on the same directory, and the client re-sends every
 * batch it has no answer for. Afterwards every stroke is stored exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeStrokeUploads } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { makeStroke } from '../../test/inkFixtures';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { AccountStore } from '../identity/accounts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BATCHES = 200;
const PER_BATCH = 500;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

interface Running {
  readonly child: ChildProcess;
  readonly exited: Promise<unknown>;
}

async function startServer(dataDir: string, port: number): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise((r) => child.on('exit', r));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

describe('ink upload across a server crash (SIGKILL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dotink-crash-'));
  let running: Running | undefined;
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing and stores nothing twice when the client re-sends unanswered batches', async () => {
    // A student in the server's database before it starts.
    const setup = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
    await migrateToLatest(setup.db);
    const student = await new AccountStore(setup.db).createStudent({ name: 'Crash pupil' });
    await setup.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    running = await startServer(dataDir, port);
    const tokenRes = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: student.id,
        password: student.id,
        client_id: 'dotink-classroom',
        scope: 'openid storage',
      }),
    });
    expect(tokenRes.status).toBe(200);
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;

    const body = (b: number) =>
      JSON.stringify(
        encodeStrokeUploads(
          Array.from({ length: PER_BATCH }, (_, i) =>
            makeStroke({
              page: pageAddress(3, 1012, 1191, 1 + (i % 8)),
              startMs: 1_700_000_000_000 + (b * PER_BATCH + i) * 1000,
              writerId: student.id,
              dots: 10,
            }),
          ),
          { writer: student.id, clock: manualClock(0) },
        ),
      );
    const acked = new Map<number, number>();
    const send = async (b: number): Promise<boolean> => {
      try {
        const res = await fetch(`${base}/inkstore/v1/data`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body(b),
        });
        if (res.status !== 200) return false;
        acked.set(b, ((await res.json()) as { data: { stored: number } }).data.stored);
        return true;
      } catch {
        return false; // the connection died with the server
      }
    };

    // Two requests in flight; the server is killed once a third of the batches are answered.
    const killAt = Math.floor(BATCHES / 3);
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < BATCHES) {
        const b = next++;
        await send(b);
        if (!killed && acked.size >= killAt) {
          killed = true;
          running!.child.kill('SIGKILL');
        }
        if (killed) return;
      }
    };
    await Promise.all([worker(), worker()]);
    await running.exited;
    expect(acked.size).toBeGreaterThanOrEqual(killAt);
    expect(acked.size).toBeLessThan(BATCHES);

    // Restart on the same data directory; re-send every batch without an answer.
    running = await startServer(dataDir, port);
    for (let b = 0; b < BATCHES; b++) {
      if (acked.has(b)) continue;
      expect(await send(b)).toBe(true);
    }
    expect(acked.size).toBe(BATCHES);
    const storedByAnswers = [...acked.values()].reduce((a, n) => a + n, 0);
    running.child.kill('SIGTERM');
    await running.exited;

    const check = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
    try {
      const counts = await sql<{ n: number; keys: number }>`
        select count(*)::int as n,
               count(distinct (page, start_time))::int as keys
        from ink_strokes where student_id = ${student.id}`.execute(check.db);
      expect(counts.rows[0]).toEqual({ n: BATCHES * PER_BATCH, keys: BATCHES * PER_BATCH });
      expect(storedByAnswers).toBe(BATCHES * PER_BATCH);
    } finally {
      await check.close();
    }
  }, 120_000);
});
