/**
 * PostgreSQL only (TEST_DATABASE_URL; in CI its absence fails the run): three real server
 * processes (`src/main.ts`) on one fresh database and one s3rver, behind the round-robin proxy,
 * started at once on the empty database. A pupil's pen station uploads a stream of ink batches
 * through the proxy with idempotent stroke keys and retries what has no answer; one process is
 * killed with SIGKILL in the middle. The others keep answering, the proxy leaves the dead one
 * out, and in the end every stroke is stored exactly once. Sign-in state is shared: a token from
 * one process is accepted by every process, and a live lesson's room works through the proxy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeStrokeUploads } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser';
import { describePostgres, testClients, testConfig } from '../../test/harness';
import { createClassroom, makeStroke } from '../../test/inkFixtures';
import { pkcePair, signInWithPassword } from '../../test/oauth';
import { createPostgresDatabase } from '../../test/postgresDatabase';
import { connect, connectedMessage, strokeMessage } from '../../test/realtimeClient';
import { startS3Server } from '../../test/s3Server';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { diskFileStore } from '../files/diskFileStore';
import { AccountStore } from '../identity/accounts';
import { freePort, type RunningCluster, startCluster } from './cluster';

const BATCHES = 60;
const PER_BATCH = 50;

describePostgres('three processes behind the proxy, one killed during ink uploads', (adminUrl) => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  });

  it('keeps serving, the uploader retries on another process, every stroke is stored once', async () => {
    const database = await createPostgresDatabase(adminUrl);
    closers.push(database.drop);
    const s3 = await startS3Server();
    closers.push(() => s3.close());

    const proxyPort = await freePort();
    const downs: number[] = [];
    const clients = [
      testClients.web,
      testClients.spa,
      {
        clientId: 'dotink-classroom',
        redirectUris: [`http://127.0.0.1:${proxyPort}/callback.html`],
        grantTypes: ['authorization_code', 'refresh_token', 'password'],
      },
    ];
    const cluster: RunningCluster = await startCluster({
      proxyPort,
      env: {
        OAUTH_CLIENTS: JSON.stringify(clients),
        DATABASE_URL: database.url,
        ...s3.env,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      processes: 3,
      publicHost: '127.0.0.1',
      restMs: 60_000,
      onBackendDown: (port) => downs.push(port),
    });
    closers.push(() => cluster.close());
    const base = cluster.proxy.url;

    const setup = await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 2 });
    closers.push(() => setup.close());
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

    // A teacher's sign-in (authorization code with PKCE, session cookies) whose requests the
    // proxy spreads over the three processes, then the code exchanged at yet another.
    const teacher = await new AccountStore(setup.db).createTeacher({
      username: 'cluster-teacher@example.org',
      name: 'Cluster teacher',
      status: 'ACTIVE',
      isSchoolAdmin: false,
      schoolId: null,
      password: 'cluster-pass-1',
    });
    expect(teacher.id).toBeTruthy();
    const before = [...cluster.proxy.served];
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
    expect(cluster.proxy.served.every((n, i) => n > before[i]!)).toBe(true);
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

    // A live lesson's room through the proxy: the pupil's pen reaches the teacher's socket
    // (each upgrade goes to the next process in turn; across processes by LISTEN/NOTIFY).
    const dataDir = mkdtempSync(join(tmpdir(), 'dotink-cluster-'));
    closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const config = testConfig({ DATABASE_URL: database.url }, dataDir);
    const seeder = await buildApp({
      config,
      database: setup,
      files: diskFileStore(config.filesDir),
      logger: false,
    });
    closers.push(() => seeder.close());
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
    let next = 0;
    const worker = async () => {
      while (next < BATCHES) {
        const b = next++;
        if (b === BATCHES / 3) victim.child.kill('SIGKILL');
        await upload(b);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    await victim.exited;
    expect(victim.child.signalCode).toBe('SIGKILL');

    // The survivors still answer, directly and through the proxy.
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
    // Every process served part of the stream before the kill; the survivors the rest.
    expect(cluster.proxy.served.every((n) => n > 0)).toBe(true);
    expect(failures).toBeLessThan(BATCHES);
    // The proxy met the dead process's refusal and sent the request on (then rested it).
    expect(downs).toContain(victim.port);
  }, 240_000);
});
