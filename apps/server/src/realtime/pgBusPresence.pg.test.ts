/**
 * The LISTEN/NOTIFY bus sends a room's messages to PostgreSQL only while another process listens
 * to them (issue 26 item 11): one process alone sends nothing; a process that joins a room gets
 * every message from its join on, the ones published before the others heard of it included; a
 * process that leaves, or closes, stops the others sending; a process that starts listening
 * learns from the others which rooms they listen to. PostgreSQL only (`describePostgres`).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres, SETUP_TIMEOUT_MS } from '../../test/harness';
import { createPostgresDatabase } from '../../test/postgresDatabase';
import type { BusMessage } from './bus';
import {
  ChunkAssembler,
  type PgRealtimeBus,
  PRESENCE_CHANNEL,
  PRESENCE_SETTLE_MS,
  pgBus,
  roomChannel,
} from './pgBus';

// Tests may read the wall clock (the server's code takes an injected one).
const clock = { nowMs: () => Date.now() };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describePostgres('realtime bus: NOTIFY only where another process listens', (adminUrl) => {
  let url = '';
  let drop: () => Promise<void> = async () => {};
  const open: PgRealtimeBus[] = [];
  let raw: pg.Client;
  /** Payloads seen on the rooms' channels by a plain connection that LISTENs (not a process). */
  const payloads: { channel: string; payload: string }[] = [];
  const start = async () => {
    const bus = await pgBus({ connectionString: url, clock, onError: () => undefined });
    open.push(bus);
    return bus;
  };
  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase(adminUrl));
    raw = new pg.Client({ connectionString: url });
    await raw.connect();
    raw.on('notification', (n) => payloads.push({ channel: n.channel, payload: n.payload ?? '' }));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await raw.end();
    for (const b of open) await b.close();
    await drop();
  }, SETUP_TIMEOUT_MS);

  const pen = (room: string, n: number): BusMessage => ({
    room,
    senderId: 'pen-1',
    senderRole: 'student',
    text: JSON.stringify({ v: 1, type: 'strokeDots', n }),
  });
  const numbers = (list: readonly BusMessage[]) => list.map((m) => (JSON.parse(m.text) as { n: number }).n);

  /**
   * Waits until everything NOTIFYed on `channel` so far has reached the plain connection: it sends
   * a marker there and waits for it (PostgreSQL delivers notifications in commit order). The
   * connection's backend is not the processes' one: under load it hands them over later, so a
   * count read without this may miss a NOTIFY already sent, and see it after.
   */
  let markers = 0;
  const MARKER = 'marker:';
  const drained = async (channel: string) => {
    const marker = `${MARKER}${markers++}`;
    await raw.query('select pg_notify($1, $2)', [channel, marker]);
    await expect
      .poll(() => payloads.some((p) => p.channel === channel && p.payload === marker), { timeout: 10_000 })
      .toBe(true);
  };

  it('sends nothing while no other process listens, the room once one joins, nothing after it leaves', async () => {
    const room = 'session/1_alone';
    const channel = roomChannel(room, 'staff');
    await raw.query(`LISTEN ${channel}`);
    const a = await start();
    await sleep(PRESENCE_SETTLE_MS + 100);
    const seen = () => payloads.filter((p) => p.channel === channel && !p.payload.startsWith(MARKER)).length;

    // one process: its pens' messages never leave it (a publish resolves once its NOTIFY is sent)
    await Promise.all(Array.from({ length: 20 }, (_, n) => a.publish(pen(room, n))));
    await sleep(300);
    await drained(channel);
    expect(seen()).toBe(0);
    expect(a.remoteProcesses(room)).toBe(0);

    // a second process with the room's teacher: it gets the room's messages
    const b = await start();
    const got: BusMessage[] = [];
    b.subscribe((m) => got.push(m));
    await b.join(room, 'teacher');
    await expect.poll(() => a.remoteProcesses(room), { timeout: 5000 }).toBe(1);
    await Promise.all([20, 21, 22].map((n) => a.publish(pen(room, n))));
    await expect.poll(() => numbers(got).filter((n) => n >= 20), { timeout: 5000 }).toEqual([20, 21, 22]);
    await drained(channel);
    expect(seen()).toBeGreaterThan(0);

    // the teacher leaves: the first process stops sending
    b.leave(room, 'teacher');
    await expect.poll(() => a.remoteProcesses(room), { timeout: 5000 }).toBe(0);
    await drained(channel);
    const before = seen();
    await Promise.all([30, 31].map((n) => a.publish(pen(room, n))));
    await sleep(300);
    await drained(channel);
    expect(seen()).toBe(before);
    expect(numbers(got).filter((n) => n >= 30)).toEqual([]);
  });

  it('gives a process that joins while pens write every message from its join on, none twice', async () => {
    const room = 'session/2_joining';
    const a = await start();
    const b = await start();
    await sleep(PRESENCE_SETTLE_MS + 100);
    const got: BusMessage[] = [];
    b.subscribe((m) => {
      if (m.room === room) got.push(m);
    });
    // a pen on the first process writes a message every millisecond or so
    let n = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        void a.publish(pen(room, n++));
        await new Promise((r) => setImmediate(r));
        if (n % 4 === 0) await sleep(1);
      }
    })();
    await sleep(200);
    await b.join(room, 'teacher');
    const lastBeforeJoin = n - 1;
    await sleep(300);
    writing = false;
    await writer;
    const last = n - 1;
    await expect.poll(() => numbers(got).at(-1), { timeout: 5000 }).toBe(last);
    const heard = numbers(got);
    // from the first message heard to the last, every one, in order, once
    expect(heard).toEqual(Array.from({ length: heard.length }, (_, i) => heard[0]! + i));
    // and the first heard is no later than the first published after the join
    expect(heard[0]).toBeLessThanOrEqual(lastBeforeJoin + 1);
  });

  it("sends, once it hears of a new listener, what it published since that listener's LISTEN", async () => {
    // the other process is played by a plain connection: it LISTENs, and says so 150 ms later
    // (a process under load hears of it late); nothing published in between may be missed
    const room = 'session/4_heardLate';
    const channel = roomChannel(room, 'staff');
    const a = await start();
    await sleep(PRESENCE_SETTLE_MS + 100);
    let n = 0;
    const publishFor = async (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        void a.publish(pen(room, n++));
        await sleep(2);
      }
    };
    await publishFor(100);
    await raw.query(`LISTEN ${channel}`);
    const firstAfterListen = n;
    await publishFor(150);
    await raw.query('select pg_notify($1, $2)', [PRESENCE_CHANNEL, `0ther0r1g1n0:join:${channel}`]);
    await expect.poll(() => a.remoteProcesses(room), { timeout: 5000 }).toBe(1);
    await publishFor(100);
    const last = n - 1;
    const assembler = new ChunkAssembler(clock.nowMs);
    const heard = () => {
      const out: number[] = [];
      for (const p of payloads.filter((x) => x.channel === channel))
        out.push(...numbers(assembler.add(p.payload)?.messages ?? []));
      return out;
    };
    let all: number[] = [];
    await expect
      .poll(
        () => {
          all = [...all, ...heard()];
          payloads.splice(0, payloads.length, ...payloads.filter((x) => x.channel !== channel));
          return all.at(-1);
        },
        { timeout: 5000 },
      )
      .toBe(last);
    // every message from the LISTEN on, in order, once (and a few from just before it)
    const from = all.indexOf(firstAfterListen);
    expect(from).toBeGreaterThanOrEqual(0);
    expect(all.slice(from)).toEqual(
      Array.from({ length: last - firstAfterListen + 1 }, (_, i) => firstAfterListen + i),
    );
    expect(new Set(all).size).toBe(all.length);
  });

  it('learns, when it starts, which rooms the other processes listen to, and forgets a process that closes', async () => {
    const room = 'session/3_teacherElsewhere';
    const teacherSide = await start();
    const got: BusMessage[] = [];
    teacherSide.subscribe((m) => got.push(m));
    await teacherSide.join(room, 'teacher');
    // a process started later, with the pens: the others answer its hello
    const penSide = await start();
    await expect.poll(() => penSide.remoteProcesses(room), { timeout: PRESENCE_SETTLE_MS }).toBe(1);
    await sleep(PRESENCE_SETTLE_MS + 100);
    await Promise.all([1, 2, 3].map((n) => penSide.publish(pen(room, n))));
    await expect.poll(() => numbers(got), { timeout: 5000 }).toEqual([1, 2, 3]);
    // the teacher's process closes: the pens' process stops sending to it
    open.splice(open.indexOf(teacherSide), 1);
    await teacherSide.close();
    await expect.poll(() => penSide.remoteProcesses(room), { timeout: 5000 }).toBe(0);
  });
});
