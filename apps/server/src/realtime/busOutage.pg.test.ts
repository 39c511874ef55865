/**
 * The realtime bus through a database outage (issue 26 item 7), on a PostgreSQL of the test's
 * own that it stops for 5 s and for 30 s: the listener reconnects with back-off for as long as
 * it takes, says so in the log and in `listening` (readiness: the `bus` check), and messages
 * published by the other process reach it again within 2 s of the database's return.
 */
import { EventEmitter } from 'node:events';
import { relayStatusText } from '@dotink/contracts/realtimeStatus';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { describePostgres, SETUP_TIMEOUT_MS } from '../../test/harness';
import { type PrivatePostgres, startPrivatePostgres } from '../../test/privatePostgres';
import { busCheck } from '../platform/dependencyChecks';
import type { BusMessage, RealtimeBus, RoomRole } from './bus';
import { RealtimeHub } from './hub';
import { pgBus } from './pgBus';

// Tests may read the wall clock (the server's code takes an injected one).
const clock = { nowMs: () => Date.now() };

describePostgres('realtime bus through a database outage', () => {
  let pgServer: PrivatePostgres;
  let a: RealtimeBus;
  let b: RealtimeBus;
  const logs: { level: string; message: string }[] = [];
  const received: BusMessage[] = [];
  const statuses: boolean[] = [];

  beforeAll(async () => {
    pgServer = await startPrivatePostgres();
    a = await pgBus({ connectionString: pgServer.url, clock, onError: () => undefined });
    b = await pgBus({
      connectionString: pgServer.url,
      clock,
      log: {
        info: (message) => logs.push({ level: 'info', message }),
        warn: (message) => logs.push({ level: 'warn', message }),
        error: (message) => logs.push({ level: 'error', message }),
      },
    });
    b.subscribe((m) => received.push(m));
    await b.join('session/1_live', 'teacher');
    b.onListening((listening) => statuses.push(listening));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    pgServer?.close();
  }, SETUP_TIMEOUT_MS);

  const pen = (n: number): BusMessage => ({
    room: 'session/1_live',
    senderId: 'pen-a',
    senderRole: 'student',
    text: JSON.stringify({ v: 1, type: 'strokeDots', n }),
  });

  /** Stops the database for `seconds`. */
  const stopped = (seconds: number) => ({
    async begin() {
      pgServer.stop();
    },
    async end() {
      await new Promise((r) => setTimeout(r, seconds * 1000));
      pgServer.start();
    },
  });

  /**
   * Stalls the database for `seconds` (its postmaster stopped: connection attempts are accepted
   * and never answered, as with a frozen host) after cutting `b`'s listening session.
   */
  const stalled = (seconds: number) => ({
    async begin() {
      const admin = new pg.Client({ connectionString: pgServer.url });
      await admin.connect();
      pgServer.pause();
      // sessions already open keep working while the postmaster is stopped
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN dotink_realtime%'`,
      );
      await admin.end();
    },
    async end() {
      await new Promise((r) => setTimeout(r, seconds * 1000));
      pgServer.resume();
    },
  });

  /** Takes the database away; answers how long after its return a pen from `a` reached `b`. */
  async function outage(away: { begin(): Promise<void>; end(): Promise<void> }): Promise<number> {
    let n = 0;
    await a.publish(pen(++n));
    await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThan(0);
    received.length = 0;
    statuses.length = 0;
    logs.length = 0;

    await away.begin();
    await expect.poll(() => b.listening, { timeout: 5000 }).toBe(false);
    await expect(busCheck(b).check()).rejects.toThrow(/reconnecting/);
    await away.end();
    const back = Date.now();
    // the other process's pens, every 100 ms (publishes fail until its own connection is back)
    let arrived = -1;
    while (arrived < 0 && Date.now() - back < 10_000) {
      await a.publish(pen(++n)).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
      if (received.length > 0) arrived = Date.now() - back;
    }
    // a notification can land a moment before the bus marks itself listening again
    await expect.poll(() => b.listening, { timeout: 5000 }).toBe(true);
    await busCheck(b).check();
    expect(statuses).toEqual([false, true]);
    expect(logs[0]).toMatchObject({ level: 'warn', message: expect.stringContaining('reconnecting') });
    expect(logs.at(-1)).toMatchObject({ level: 'info', message: expect.stringContaining('listening again') });
    return arrived;
  }

  it('5 s down: pens from the other process arrive again within 2 s of the return', async () => {
    const arrived = await outage(stopped(5));
    expect(arrived).toBeGreaterThanOrEqual(0);
    expect(arrived).toBeLessThan(2000);
  }, 60_000);

  it('30 s down: still reconnecting (an error line after 10 s), then pens arrive within 2 s', async () => {
    const arrived = await outage(stopped(30));
    const stillDown = logs.filter((l) => l.level === 'error');
    expect(stillDown).toHaveLength(1);
    expect(stillDown[0]!.message).toMatch(/still unreachable after 1\d s/);
    expect(arrived).toBeGreaterThanOrEqual(0);
    expect(arrived).toBeLessThan(2000);
  }, 90_000);

  it('12 s stalled (attempts accepted, never answered): an error line after 10 s, then pens arrive within 2 s', async () => {
    const arrived = await outage(stalled(12));
    const stillDown = logs.filter((l) => l.level === 'error');
    expect(stillDown).toHaveLength(1);
    expect(stillDown[0]!.message).toMatch(/still unreachable after 1\d s/);
    expect(arrived).toBeGreaterThanOrEqual(0);
    expect(arrived).toBeLessThan(2000);
  }, 60_000);
});

/** A member's socket as the hub uses it (what it was sent). */
class SocketStandIn extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  send(text: string) {
    this.sent.push(text);
  }
  ping() {}
  terminate() {}
  close() {}
}

describePostgres('the teachers of a process whose bus is down', () => {
  let pgServer: PrivatePostgres;
  let bus: RealtimeBus;
  let hub: RealtimeHub;

  beforeAll(async () => {
    pgServer = await startPrivatePostgres();
    bus = await pgBus({ connectionString: pgServer.url, clock, onError: () => undefined });
    hub = new RealtimeHub(bus, { maxBufferedBytes: 1 << 20 });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    hub?.close();
    await bus?.close();
    pgServer?.close();
  }, SETUP_TIMEOUT_MS);

  const join = (id: string, role: RoomRole) => {
    const socket = new SocketStandIn();
    hub.add({
      id,
      accountId: `a-${id}`,
      membership: { room: 'session/1_live', role },
      token: 't',
      socket: socket as unknown as WebSocket,
    });
    return socket;
  };

  it('are told "reconnecting" when it goes down and as they join meanwhile, "ok" when it is back; pupils are told nothing', async () => {
    const before = join('teacher-1', 'teacher');
    const pupil = join('pupil-1', 'student');
    pgServer.stop();
    try {
      await expect.poll(() => before.sent, { timeout: 5000 }).toEqual([relayStatusText('reconnecting')]);
      const during = join('teacher-2', 'teacher');
      expect(during.sent).toEqual([relayStatusText('reconnecting')]);
    } finally {
      pgServer.start();
    }
    await expect
      .poll(() => before.sent, { timeout: 5000 })
      .toEqual([relayStatusText('reconnecting'), relayStatusText('ok')]);
    expect(pupil.sent).toEqual([]);
    expect(join('teacher-3', 'teacher').sent).toEqual([]);
  }, 30_000);
});
