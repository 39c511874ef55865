/**
 * Two server processes' worth of apps on one PostgreSQL database: rooms span them through
 * LISTEN/NOTIFY. PostgreSQL only (PGlite is one process): runs when TEST_DATABASE_URL is set
 * (`describePostgres`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_GRACE_MINUTES, LiveMessage } from '@dotink/contracts/eduLive';
import { type ManualClock, manualClock, pageAddress } from '@dotink/ncode';
import { encodeRemoteMessage } from '@dotink/pen';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres, SETUP_TIMEOUT_MS, testConfig } from '../../test/harness';
import { type Classroom, createClassroom, pupilPen } from '../../test/inkFixtures';
import { createPostgresDatabase } from '../../test/postgresDatabase';
import { connect, connectedMessage, listenWs, strokeMessage } from '../../test/realtimeClient';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { diskFileStore } from '../files/diskFileStore';
import type { App } from '../platform/types';
import { CloseReason } from './realtimeRoutes';
import { ROOM_CLOSED_CLOSE } from './rooms';

describePostgres('realtime rooms across two server processes', (adminUrl) => {
  const apps: App[] = [];
  const closers: (() => Promise<void>)[] = [];
  const bases: string[] = [];
  const clocks: ManualClock[] = [];
  let room: Classroom;
  beforeAll(async () => {
    const { url, drop } = await createPostgresDatabase(adminUrl);
    closers.push(drop);
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'dotink-rt-'));
      const config = testConfig({ DATABASE_URL: url, OIDC_ACCESS_TOKEN_TTL: '86400' }, dataDir);
      const clock = manualClock(Date.UTC(2025, 2, 3));
      clocks.push(clock);
      const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
      if (i === 0) await migrateToLatest(database.db);
      const app = await buildApp({
        config,
        database,
        files: diskFileStore(config.filesDir),
        clock,
        logger: false,
      });
      apps.push(app);
      bases.push(await listenWs(app));
      closers.unshift(async () => {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      });
    }
    room = await createClassroom(apps[0]!, 1);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const close of closers) await close();
  }, SETUP_TIMEOUT_MS);

  it("delivers a pupil's pen on one process to the teacher on the other, long strokes included", async () => {
    const path = `/realtime/v1/rooms/session/${room.tag}`;
    const teacher = await connect(`${bases[0]}${path}`, { headers: room.teacher.headers });
    const pupil = room.students[0]!;
    const student = await connect(`${bases[1]}${path}`, { headers: pupil.headers });
    // The listener is up once the bus is built; a stroke of 1,000 dots is ~40 kB (several NOTIFYs).
    const long = strokeMessage(pupil.id, 1000);
    student.ws.send(connectedMessage());
    student.ws.send(long);
    student.ws.send(strokeMessage(pupil.id, 3));
    const got = await teacher.waitFor(3);
    expect(got.map((m) => m.length)).toEqual([
      connectedMessage().length,
      long.length,
      strokeMessage(pupil.id, 3).length,
    ]);
    expect(got[1] === long).toBe(true);
    // And back: the teacher's message reaches the pupil on the other process once.
    teacher.ws.send(strokeMessage(room.teacher.id, 4));
    expect(await student.waitFor(1)).toEqual([strokeMessage(room.teacher.id, 4)]);
    await new Promise((r) => setTimeout(r, 100));
    expect(student.messages).toHaveLength(1);
    expect(teacher.messages).toHaveLength(3);
    teacher.ws.close();
    student.ws.close();
  });

  it("streams a pupil's live stroke from one process to the teacher on the other, refuses another pen, closes both sides", async () => {
    const path = `/realtime/v1/rooms/session/${room.tag}`;
    const pupil = room.students[0]!;
    const teacher = await connect(`${bases[0]}${path}`, { headers: room.teacher.headers });
    const station = await connect(`${bases[1]}${path}`, { headers: pupil.headers });
    const mac = pupilPen(0);
    const open = strokeMessage(pupil.id, 2, 'k-live', mac).replace('"type":"stroke"', '"type":"strokeOpen"');
    const live = [
      connectedMessage(mac),
      encodeRemoteMessage({ type: 'page', mac, timeMs: 1, page: pageAddress(3, 1012, 1191, 5) }),
      open,
      ...Array.from({ length: 30 }, (_, i) =>
        encodeRemoteMessage({
          type: 'strokeDots',
          mac,
          key: 'k-live',
          dots: [[11 + i * 0.1, 20, 400, 20 + i]],
        }),
      ),
      encodeRemoteMessage({ type: 'strokeClose', mac, key: 'k-live', timeMs: 60 }),
    ];
    for (const m of live) station.ws.send(m);
    expect(await teacher.waitFor(live.length)).toEqual(live);
    // Another pen's message is refused on the pupil's process and never reaches the teacher.
    const thief = await connect(`${bases[1]}${path}`, { headers: pupil.headers });
    thief.ws.send(connectedMessage(pupilPen(5)));
    expect(await thief.closed).toEqual({ code: 1008, reason: CloseReason.otherPen });
    // The room closes on both processes by their clocks.
    const closesAt = room.lessonEndMs + LIVE_GRACE_MINUTES * 60_000;
    for (const c of clocks) c.set(closesAt);
    const closed = { code: ROOM_CLOSED_CLOSE, reason: LiveMessage.closed };
    expect(await Promise.all([teacher.closed, station.closed])).toEqual([closed, closed]);
    expect(teacher.messages).toHaveLength(live.length);
  });
});
