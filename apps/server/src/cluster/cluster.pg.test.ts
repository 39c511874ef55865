/**
 * PostgreSQL only (TEST_DATABASE_URL; in CI its absence fails the run): three real server
 * processes (`src/main.ts`) on one fresh database and one s3rver, behind nginx (the
 * configuration of `deploy/nginx/`), started at once on the empty database, supervised as
 * `npm run start:cluster` does (`test/testCluster.ts`).
 *
 * - A pupil's pen station uploads a stream of ink batches through nginx with idempotent stroke
 *   keys and retries what has no answer; one process is killed with SIGKILL in the middle. The
 *   others keep answering, the supervisor starts the dead one again, and in the end every stroke
 *   is stored exactly once. Sign-in state is shared: a token from one process is accepted by
 *   every process, and a live lesson's room works through nginx.
 * - One process stalls (SIGSTOP for 8 s) under 6 upload clients: requests keep completing
 *   through the other two every second of the stall.
 */
import { encodeStrokeUploads } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { TestBrowser } from '../../test/browser';
import { describePostgres } from '../../test/harness';
import { createClassroom, makeStroke } from '../../test/inkFixtures';
import { pkcePair, signInWithPassword } from '../../test/oauth';
import { connect, connectedMessage, strokeMessage } from '../../test/realtimeClient';
import { inkUploads, pupilWithToken, startTestCluster, strokesOf } from '../../test/testCluster';
import type { DatabaseHandle } from '../db/database';
import { AccountStore } from '../identity/accounts';
import type { App } from '../platform/types';
import type { RunningCluster } from './cluster';

const BATCHES = 60;
const PER_BATCH = 50;

describePostgres('three processes behind nginx', (adminUrl) => {
  const closers: (() => Promise<void>)[] = [];
  let cluster: RunningCluster;
  let base: string;
  let setup: DatabaseHandle;
  let seeder: App;
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }, 120_000);

  beforeAll(async () => {
    ({ cluster, base, setup, seeder } = await startTestCluster(adminUrl, closers));
  }, 600_000);

  it('keeps serving, the uploader retries on another process, every stroke is stored once', async () => {
    const student = await new AccountStore(setup.db).createStudent({ name: 'Cluster pupil' });

    // The password grant answered by one process; the token checked by each of the three.
    const tokenRes = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: student.id,
        password: student.id,
        client_id: 'dotink-classroom',
        scope: 'openid profile storage',
      }),
    });
    expect(tokenRes.status).toBe(200);
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    for (const p of cluster.processes) {
      const me = await fetch(`${p.url}/profile/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    }

    // A teacher's sign-in (authorization code with PKCE, session cookies) whose requests nginx
    // spreads over the three processes, then the code exchanged at yet another.
    const teacher = await new AccountStore(setup.db).createTeacher({
      username: 'cluster-teacher@example.org',
      name: 'Cluster teacher',
      status: 'ACTIVE',
      isSchoolAdmin: false,
      schoolId: null,
      password: 'cluster-pass-1',
    });
    expect(teacher.id).toBeTruthy();
    const before = cluster.served();
    const pkce = pkcePair();
    const redirectUri = `${base}/callback.html`;
    const signIn = await signInWithPassword(new TestBrowser(undefined, base), {
      clientId: 'dotink-classroom',
      redirectUri,
      scope: 'openid profile edu.read',
      pkce,
      username: 'cluster-teacher@example.org',
      password: 'cluster-pass-1',
    });
    expect(signIn.code).toBeTruthy();
    await vi.waitFor(() => expect(cluster.served().every((n, i) => n > before[i]!)).toBe(true));
    const exchanged = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: signIn.code!,
        redirect_uri: redirectUri,
        client_id: 'dotink-classroom',
        code_verifier: pkce.verifier,
      }),
    });
    expect(exchanged.status).toBe(200);
    const teacherToken = ((await exchanged.json()) as { access_token: string }).access_token;
    for (const p of cluster.processes) {
      const me = await fetch(`${p.url}/profile/v1/me`, {
        headers: { authorization: `Bearer ${teacherToken}` },
      });
      expect(me.status).toBe(200);
    }

    // A live lesson's room through nginx: the pupil's pen reaches the teacher's socket
    // (across processes by LISTEN/NOTIFY when nginx sends them to different ones).
    const room = await createClassroom(seeder, 1);
    // the fixture's lesson is in 2025: these processes run on the real clock, so the lesson is
    // moved to now (a room closes 30 minutes after its lesson's end)
    await seeder.services.db
      .updateTable('courses')
      .set({ start_at: new Date(Date.now() - 600_000), end_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', room.courseId)
      .execute();
    const wsBase = base.replace(/^http/, 'ws');
    const path = `/realtime/v1/rooms/session/${room.tag}`;
    const teacherSocket = await connect(`${wsBase}${path}`, { headers: room.teacher.headers });
    const pupil = room.students[0]!;
    const pupilSocket = await connect(`${wsBase}${path}`, { headers: pupil.headers });
    pupilSocket.ws.send(connectedMessage());
    pupilSocket.ws.send(strokeMessage(pupil.id, 200));
    expect(await teacherSocket.waitFor(2)).toEqual([connectedMessage(), strokeMessage(pupil.id, 200)]);
    teacherSocket.ws.close();
    pupilSocket.ws.close();

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
    // The pen station's uploader: a batch is re-sent until it has an answer (the stroke keys
    // make a repeat store nothing twice).
    const stored = new Map<number, number>();
    let failures = 0;
    const upload = async (b: number): Promise<void> => {
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          const res = await fetch(`${base}/inkstore/v1/data`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: body(b),
          });
          if (res.status === 200) {
            const answer = (await res.json()) as { data: { stored: number } };
            stored.set(b, (stored.get(b) ?? 0) + answer.data.stored);
            return;
          }
          failures++;
        } catch {
          failures++; // the connection died with the process
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`batch ${b} never stored`);
    };

    const victim = cluster.processes[1]!;
    const killed = victim.child;
    const servedBefore = cluster.served();
    let next = 0;
    const worker = async () => {
      while (next < BATCHES) {
        const b = next++;
        if (b === BATCHES / 3) killed.kill('SIGKILL');
        await upload(b);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    await new Promise<void>((r) =>
      killed.exitCode !== null || killed.signalCode ? r() : killed.once('exit', () => r()),
    );
    expect(killed.signalCode).toBe('SIGKILL');

    // The survivors still answer, directly and through nginx.
    for (const p of cluster.processes.filter((p) => p !== victim)) {
      expect((await fetch(`${p.url}/api/health`)).status).toBe(200);
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    expect(stored.size).toBe(BATCHES);
    const storedByAnswers = [...stored.values()].reduce((a, n) => a + n, 0);
    const counts = await sql<{ n: number; keys: number }>`
      select count(*)::int as n,
             count(distinct (section, owner, book, page, writer_id, mac, start_time))::int as keys
        from ink_strokes where student_id = ${student.id}`.execute(setup.db);
    expect(counts.rows[0]).toEqual({ n: BATCHES * PER_BATCH, keys: BATCHES * PER_BATCH });
    // A batch answered after a retry reports 0 stored for strokes a dead process had committed.
    expect(storedByAnswers).toBeLessThanOrEqual(BATCHES * PER_BATCH);
    // Every process served part of the stream; nginx sent the rest to the survivors.
    await vi.waitFor(() => expect(cluster.served().every((n, i) => n > servedBefore[i]!)).toBe(true));
    expect(failures).toBeLessThan(BATCHES);
    // The supervisor started the killed process again; it is ready.
    await vi.waitFor(
      async () => expect((await fetch(`${victim.url}/api/ready`).catch(() => undefined))?.status).toBe(200),
      { timeout: 120_000, interval: 200 },
    );
    expect(victim.restarts).toBe(1);
    expect(victim.child).not.toBe(killed);
  }, 240_000);

  /** An ink uploader: posts batch `b` of `writer` until it has an answer (idempotent keys). */
  it('keeps completing requests through the other two while one is stopped for 8 s (SIGSTOP)', async () => {
    const PER = 20;
    const clients = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pupilWithToken(base, setup, `Stall ${i}`)),
    );
    const uploaders = clients.map((c) => ({ ...c, ...inkUploads(base, c.token, c.id, PER), batches: 0 }));
    const completed: number[] = [];
    let running = true;
    const loop = async (u: (typeof uploaders)[number]) => {
      while (running) {
        await u.post(u.batches++);
        completed.push(performance.now());
      }
    };
    const loops = uploaders.map(loop);
    await new Promise((r) => setTimeout(r, 1500));
    const stalled = cluster.processes[0]!;
    stalled.child.kill('SIGSTOP');
    const stoppedAt = performance.now();
    await new Promise((r) => setTimeout(r, 8000));
    stalled.child.kill('SIGCONT');
    await new Promise((r) => setTimeout(r, 1000));
    running = false;
    await Promise.all(loops);

    // every second of the stall, requests completed (through the other two)
    const perSecond = Array.from(
      { length: 8 },
      (_, k) => completed.filter((t) => t >= stoppedAt + k * 1000 && t < stoppedAt + (k + 1) * 1000).length,
    );
    expect(
      perSecond.every((n) => n > 0),
      `completed per second of the stall: ${perSecond}`,
    ).toBe(true);
    expect(uploaders.flatMap((u) => u.state.failures)).toEqual([]);
    const stored = await strokesOf(
      setup,
      uploaders.map((u) => u.id),
    );
    for (const u of uploaders) {
      expect(stored.get(u.id)).toEqual({ n: u.batches * PER, keys: u.batches * PER });
    }
    expect((await fetch(`${stalled.url}/api/ready`)).status).toBe(200);
  }, 120_000);
});
