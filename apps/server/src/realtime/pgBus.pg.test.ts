/**
 * The LISTEN/NOTIFY bus between two buses (two processes' worth) on one PostgreSQL database:
 * batching keeps the order messages were published in, splits batches over the NOTIFY limit,
 * and sends a turn's messages as one NOTIFY statement. PostgreSQL only (`describePostgres`).
 */
import { manualClock } from '@dotink/ncode';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres, SETUP_TIMEOUT_MS } from '../../test/harness';
import { createPostgresDatabase } from '../../test/postgresDatabase';
import type { BusMessage, RealtimeBus } from './bus';
import { pgBus, REALTIME_CHANNEL } from './pgBus';

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
    raw = new pg.Client({ connectionString: url });
    await raw.connect();
    raw.on('notification', (n) => payloads.push(n.payload ?? ''));
    await raw.query(`LISTEN ${REALTIME_CHANNEL}`);
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
    expect(got).toEqual(sent);
    // the publishing process delivered them itself, at once, and never again
    expect(local).toEqual(sent);
    const bytes = sent.reduce((n, m) => n + m.text.length + 40, 0);
    expect(payloads.length).toBeLessThanOrEqual(Math.ceil(bytes / 7900) + 2);
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
    expect(got).toEqual(Array.from({ length: 200 }, (_, i) => i));
    off();
  });
});
