/**
 * The LISTEN/NOTIFY bus between two buses (two processes' worth) on one PostgreSQL database:
 * batching keeps the order messages were published in, splits batches over the NOTIFY limit,
 * and sends a turn's messages as one NOTIFY statement; a process gets the other processes'
 * messages of the rooms it joined, and no others. PostgreSQL only (`describePostgres`).
 */
import { manualClock } from '@dotink/ncode';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres, SETUP_TIMEOUT_MS } from '../../test/harness';
import { createPostgresDatabase } from '../../test/postgresDatabase';
import type { BusMessage, RealtimeBus } from './bus';
import { pgBus, roomChannel } from './pgBus';

describePostgres('realtime bus over LISTEN/NOTIFY', (adminUrl) => {
  let url = '';
  let drop: () => Promise<void> = async () => {};
  const buses: RealtimeBus[] = [];
  let raw: pg.Client;
  const payloads: string[] = [];
  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase(adminUrl));
    const clock = manualClock(0);
    for (let i = 0; i < 2; i++) buses.push(await pgBus({ connectionString: url, clock }));
    // the second process has a teacher in each of the three rooms the tests write to
    for (let r = 0; r < 3; r++) await buses[1]!.join(`session/1_${r}`, 'teacher');
    raw = new pg.Client({ connectionString: url });
    await raw.connect();
    raw.on('notification', (n) => payloads.push(n.payload ?? ''));
    for (let r = 0; r < 3; r++) await raw.query(`LISTEN ${roomChannel(`session/1_${r}`, 'staff')}`);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await raw.end();
    for (const b of buses) await b.close();
    await drop();
  }, SETUP_TIMEOUT_MS);

  const message = (i: number, size = 0): BusMessage => ({
    room: `session/1_${i % 3}`,
    senderId: `pen-${i % 7}`,
    senderRole: 'student',
    text: JSON.stringify({ v: 1, type: 'strokeDots', n: i, pad: 'x'.repeat(size) }),
  });

  it('delivers every message of a busy turn to the other process, in order, in a few NOTIFYs', async () => {
    const [a, b] = buses as [RealtimeBus, RealtimeBus];
    const got: BusMessage[] = [];
    const local: BusMessage[] = [];
    const offB = b.subscribe((m) => got.push(m));
    const offA = a.subscribe((m) => local.push(m));
    payloads.length = 0;
    // 400 small messages, a few over the NOTIFY limit among them, all in one turn
    const sent = Array.from({ length: 400 }, (_, i) => message(i, i % 100 === 50 ? 20_000 : 0));
    await Promise.all(sent.map((m) => a.publish(m)));
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(sent.length);
    // each room's messages in the order published (a room travels as a batch of its own)
    const inRoom = (list: readonly BusMessage[], r: number) =>
      list.filter((m) => m.room === `session/1_${r}`);
    for (let r = 0; r < 3; r++) expect(inRoom(got, r)).toEqual(inRoom(sent, r));
    // the publishing process delivered them itself, at once, and never again
    expect(local).toEqual(sent);
    const bytes = sent.reduce((n, m) => n + m.text.length + 40, 0);
    expect(payloads.length).toBeLessThanOrEqual(Math.ceil(bytes / 7900) + 2 * 3);
    for (const p of payloads) expect(Buffer.byteLength(p, 'utf8')).toBeLessThan(8000);
    offA();
    offB();
  });

  it('keeps the order of messages published across turns while a NOTIFY is on its way', async () => {
    const [a, b] = buses as [RealtimeBus, RealtimeBus];
    const got: number[] = [];
    const off = b.subscribe((m) => got.push((JSON.parse(m.text) as { n: number }).n));
    const publishes: Promise<void>[] = [];
    for (let turn = 0; turn < 20; turn++) {
      for (let i = 0; i < 10; i++) publishes.push(a.publish(message(turn * 10 + i)));
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(publishes);
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(200);
    for (let r = 0; r < 3; r++) {
      const expected = Array.from({ length: 200 }, (_, i) => i).filter((i) => i % 3 === r);
      expect(got.filter((n) => n % 3 === r)).toEqual(expected);
    }
    off();
  });

  it("gets the other processes' messages of the rooms it joined only, from its join to its leave", async () => {
    const [a, b] = buses as [RealtimeBus, RealtimeBus];
    const got: BusMessage[] = [];
    const off = b.subscribe((m) => got.push(m));
    const inOther = (n: number): BusMessage => ({ ...message(n), room: 'session/2_other' });
    // a room with no member in b: its messages are not even sent to b's connection
    payloads.length = 0;
    await a.publish(inOther(1));
    await a.publish(message(0));
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(1);
    expect(got[0]!.room).toBe('session/1_0');
    // two members join (and one leaves): the room's messages arrive
    await b.join('session/2_other', 'teacher');
    await b.join('session/2_other', 'teacher');
    b.leave('session/2_other', 'teacher');
    await a.publish(inOther(2));
    await expect
      .poll(() => got.map((m) => m.room), { timeout: 10_000 })
      .toEqual(['session/1_0', 'session/2_other']);
    // the last member leaves: nothing more of the room
    b.leave('session/2_other', 'teacher');
    await a.publish(inOther(3));
    await a.publish(message(3));
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(3);
    expect(got.map((m) => JSON.parse(m.text).n)).toEqual([0, 2, 3]);
    expect(got[2]!.room).toBe('session/1_0');
    off();
  });

  it("gives a process with only pupils in a room the teacher's messages, never the other pupils'", async () => {
    const [a, b] = buses as [RealtimeBus, RealtimeBus];
    const got: BusMessage[] = [];
    const off = b.subscribe((m) => got.push(m));
    await b.join('session/3_pupils', 'student');
    const from = (senderRole: BusMessage['senderRole'], n: number): BusMessage => ({
      room: 'session/3_pupils',
      senderId: `${senderRole}-1`,
      senderRole,
      text: JSON.stringify({ v: 1, n }),
    });
    await a.publish(from('student', 1));
    await a.publish(from('teacher', 2));
    await a.publish(from('student', 3));
    await a.publish(from('teacher', 4));
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(2);
    // and nothing later: the pupils' messages never reach it (a teacher's after them does)
    await a.publish(from('teacher', 5));
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(3);
    expect(got.map((m) => [m.senderRole, JSON.parse(m.text).n])).toEqual([
      ['teacher', 2],
      ['teacher', 4],
      ['teacher', 5],
    ]);
    b.leave('session/3_pupils', 'student');
    off();
  });
});
