/**
 * A live lesson through a database outage (issue 26 item 7), on a PostgreSQL of the test's own
 * that it stops for 5 s and for 30 s: two servers on it (each with its own realtime bus, as two
 * processes), the teacher's socket on A, a pupil's pen station on B. While A's bus is down the
 * teacher's socket is told `relay: reconnecting` (the contract of `@dotink/contracts/realtimeStatus`),
 * then `relay: ok`; pens written through B reach the teacher again within 2 s of the database's
 * return.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRelayStatus, relayStatusText } from '@dotink/contracts/realtimeStatus';
import { manualClock } from '@dotink/ncode';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres, SETUP_TIMEOUT_MS, testConfig } from '../../test/harness';
import { type Classroom, createClassroom, pupilPen } from '../../test/inkFixtures';
import { type PrivatePostgres, startPrivatePostgres } from '../../test/privatePostgres';
import { type Client, connect, connectedMessage, listenWs, strokeMessage } from '../../test/realtimeClient';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { diskFileStore } from '../files/diskFileStore';

describePostgres('a live lesson through a database outage', () => {
  let pgServer: PrivatePostgres;
  const closers: (() => Promise<void>)[] = [];
  const bases: string[] = [];
  let room: Classroom;
  let teacher: Client;
  let station: Client;

  beforeAll(async () => {
    pgServer = await startPrivatePostgres();
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'dotink-outage-'));
      const config = testConfig({ DATABASE_URL: pgServer.url, OIDC_ACCESS_TOKEN_TTL: '86400' }, dataDir);
      const database = await openDatabase({ kind: 'postgres', url: pgServer.url, maxConnections: 4 });
      if (i === 0) await migrateToLatest(database.db);
      // before the lesson's start: the room stays open whatever the test's duration
      const clock = manualClock(Date.UTC(2025, 2, 3));
      const app = await buildApp({
        config,
        database,
        files: diskFileStore(config.filesDir),
        clock,
        logger: false,
      });
      bases.push(await listenWs(app));
      closers.unshift(async () => {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      });
      if (i === 0) room = await createClassroom(app, 1);
    }
    const path = `/realtime/v1/rooms/session/${room.tag}`;
    teacher = await connect(`${bases[0]}${path}`, { headers: room.teacher.headers });
    station = await connect(`${bases[1]}${path}`, { headers: room.students[0]!.headers });
    station.ws.send(connectedMessage(pupilPen(0)));
    await teacher.waitFor(1);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    teacher?.ws.close();
    station?.ws.close();
    for (const close of closers) await close();
    pgServer?.close();
  }, SETUP_TIMEOUT_MS);

  let strokes = 0;
  /** A stroke of the pupil's pen, through B. */
  const write = () => {
    strokes += 1;
    const text = strokeMessage(room.students[0]!.id, 3, `k-outage-${strokes}`, pupilPen(0));
    station.ws.send(text);
    return text;
  };
  const relayStates = () => teacher.messages.map(parseRelayStatus).filter((s) => s !== undefined);
  const pens = () => teacher.messages.filter((m) => parseRelayStatus(m) === undefined);

  /** Stops the database for `seconds` mid-lesson; answers how long after its return a pen reached the teacher. */
  async function outage(seconds: number): Promise<number> {
    const before = write();
    await expect.poll(() => pens().at(-1), { timeout: 5000 }).toBe(before);
    teacher.messages.length = 0;

    pgServer.stop();
    await expect.poll(relayStates, { timeout: 5000 }).toEqual(['reconnecting']);
    // pens keep coming through B meanwhile: A cannot hear them
    const deadline = Date.now() + seconds * 1000;
    while (Date.now() < deadline) {
      write();
      await new Promise((r) => setTimeout(r, 250));
    }
    pgServer.start();
    const back = Date.now();
    const sent = new Set<string>();
    let arrived = -1;
    while (arrived < 0 && Date.now() - back < 10_000) {
      sent.add(write());
      await new Promise((r) => setTimeout(r, 100));
      if (pens().some((m) => sent.has(m))) arrived = Date.now() - back;
    }
    await expect.poll(relayStates, { timeout: 5000 }).toEqual(['reconnecting', 'ok']);
    expect(teacher.messages.filter((m) => m === relayStatusText('reconnecting'))).toHaveLength(1);
    return arrived;
  }

  it('5 s down: the teacher is told "reconnecting", then pens through the other server arrive within 2 s of the return', async () => {
    const arrived = await outage(5);
    expect(arrived).toBeGreaterThanOrEqual(0);
    expect(arrived).toBeLessThan(2000);
  }, 60_000);

  it('30 s down: the same', async () => {
    const arrived = await outage(30);
    expect(arrived).toBeGreaterThanOrEqual(0);
    expect(arrived).toBeLessThan(2000);
  }, 90_000);
});
