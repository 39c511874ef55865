/**
 * The sign-in lockout (issue 11 item 10, issue 27 item 1, issue 31 item 7): per login name from
 * every address, with exact boundaries and growing locks; an address is never locked, its failed
 * answers are held back; a school's NAT survives a sprayer on the same address.
 */
import { manualClock } from '@dotink/ncode';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import type { AccountStore } from './accounts';
import { type CredentialCheck, CredentialVerifier } from './credentials';
import { LoginThrottle, type LoginThrottlePolicy, lockoutMessage, lockoutMinutes } from './loginThrottle';
import { hashPassword, verifyPassword } from './passwords';

const MINUTE = 60_000;
const POLICY = {
  maxFailures: 5,
  lockoutMs: 15 * MINUTE,
  maxLockoutMs: 24 * 60 * MINUTE,
  ipFreeFailures: 20,
  ipDelayStepMs: 1000,
  ipMaxDelayMs: 30_000,
} as const;
const RIGHT = 'the right one';

describeEachDatabase('sign-in lockout', (kind) => {
  const server = useTestServer(kind);
  let names = 0;

  /**
   * A verifier over the server's accounts with its own manual clock; it counts the passwords it
   * evaluates (per login name) and holds nothing back (the answers say how long they would wait).
   */
  function countingVerifier(policy: LoginThrottlePolicy = POLICY, remember = false) {
    const { accounts, db } = server().app.services;
    const clock = manualClock(Date.UTC(2025, 2, 3, 8));
    const evaluated = new Map<string, number>();
    const counting = Object.create(accounts) as AccountStore;
    counting.findForLogin = async (name: string) => {
      evaluated.set(name, (evaluated.get(name) ?? 0) + 1);
      return accounts.findForLogin(name);
    };
    // Remembering each (hash, password) answer of the real argon2id check keeps 1,000 sign-ins
    // of one shared hash from costing 1,000 hashes; the throttle sees every attempt.
    const answers = new Map<string, Promise<boolean>>();
    const check = async (hash: string | null | undefined, password: string) => {
      if (!remember) return verifyPassword(hash, password);
      const key = `${hash}\n${password}`;
      if (!answers.has(key)) answers.set(key, verifyPassword(hash, password));
      return answers.get(key)!;
    };
    const verifier = new CredentialVerifier(
      counting,
      new LoginThrottle(db, clock, policy),
      async () => {},
      check,
    );
    return { verifier, clock, evaluated: (name: string) => evaluated.get(name) ?? 0 };
  }
  async function teacher(): Promise<string> {
    names += 1;
    const t = await server().app.services.accounts.createTeacher({
      username: `lockout-${names}@example.org`,
      name: 'T',
      password: RIGHT,
    });
    return t.username;
  }
  const wrong = (i: number) => `wrong guess ${i}`;

  it('evaluates the 5th try: a right password after 4 failures signs in (and forgets them)', async () => {
    const name = await teacher();
    const { verifier, evaluated } = countingVerifier();
    for (let i = 0; i < 4; i++)
      expect(await verifier.verify(name, wrong(i), '10.0.0.1')).toMatchObject({ reason: 'invalid' });
    expect(await verifier.verify(name, RIGHT, '10.0.0.1')).toMatchObject({ ok: true });
    expect(evaluated(name)).toBe(5);
    // Forgotten: four more failures and the 5th try (right) still signs in.
    for (let i = 0; i < 4; i++)
      expect(await verifier.verify(name, wrong(i), '10.0.0.1')).toMatchObject({ reason: 'invalid' });
    expect(await verifier.verify(name, RIGHT, '10.0.0.1')).toMatchObject({ ok: true });
  });

  it('locks a name at its 5th failure for exactly 15 minutes, from every address, then doubles', async () => {
    const name = await teacher();
    const { verifier, clock, evaluated } = countingVerifier();
    // Five failures from five addresses: the 5th failure answers the lock.
    for (let i = 0; i < 4; i++)
      expect(await verifier.verify(name, wrong(i), `10.0.1.${i}`)).toMatchObject({ reason: 'invalid' });
    expect(await verifier.verify(name, wrong(4), '10.0.1.4')).toEqual({
      ok: false,
      reason: 'locked',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      retryAfterMs: 15 * MINUTE,
      heldMs: 0,
    });
    // The 6th try is refused even with the right password, from an address that never failed.
    expect(await verifier.verify(name, RIGHT, '10.0.1.99')).toMatchObject({
      reason: 'locked',
      retryAfterMs: 15 * MINUTE,
    });
    clock.advance(15 * MINUTE - 1);
    expect(await verifier.verify(name, RIGHT, '10.0.1.99')).toMatchObject({
      reason: 'locked',
      retryAfterMs: 1,
    });
    expect(evaluated(name)).toBe(5);
    // The lock's end: one try is evaluated; its failure (the 8th try: the two refused during the
    // lock count too) locks 2^(8 − 5) times as long: 2 hours.
    clock.advance(1);
    expect(await verifier.verify(name, wrong(6), '10.0.1.99')).toMatchObject({
      reason: 'locked',
      retryAfterMs: 2 ** 3 * 15 * MINUTE,
    });
    expect(evaluated(name)).toBe(6);
    clock.advance(2 ** 3 * 15 * MINUTE - 1);
    expect(await verifier.verify(name, RIGHT, '10.0.1.99')).toMatchObject({
      reason: 'locked',
      retryAfterMs: 1,
    });
    clock.advance(1);
    expect(await verifier.verify(name, RIGHT, '10.0.1.99')).toMatchObject({ ok: true });
    expect(evaluated(name)).toBe(7);
  });

  it('40 simultaneous wrong guesses at one name from 40 addresses evaluate at most 5 passwords', async () => {
    const name = await teacher();
    const { verifier, clock, evaluated } = countingVerifier();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => verifier.verify(name, wrong(i), `10.0.2.${i}`)),
    );
    expect(evaluated(name)).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => !a.ok && a.reason === 'locked').length).toBeGreaterThanOrEqual(35);
    expect(await verifier.verify(name, RIGHT, '10.0.2.200')).toMatchObject({ reason: 'locked' });
    // After the lock: of 20 tries arriving together, one is evaluated.
    clock.advance(24 * 60 * MINUTE);
    const before = evaluated(name);
    await Promise.all(Array.from({ length: 20 }, (_, i) => verifier.verify(name, wrong(i), `10.0.3.${i}`)));
    expect(evaluated(name) - before).toBe(1);
  });

  it("never refuses a right password because other names failed from the address; holds those failures' answers", async () => {
    const name = await teacher();
    const { verifier } = countingVerifier();
    const held: number[] = [];
    for (let i = 0; i < 60; i++) {
      const answer = (await verifier.verify(`nobody-${names}-${i}@example.org`, 'x', '10.0.4.1')) as Extract<
        CredentialCheck,
        { ok: false }
      >;
      expect(answer.reason).toBe('invalid');
      held.push(answer.heldMs);
    }
    // 20 answered at once, then one second more each, at most 30 seconds.
    expect(held.slice(0, 20)).toEqual(Array(20).fill(0));
    expect(held.slice(20, 23)).toEqual([1000, 2000, 3000]);
    expect(held.slice(48, 51)).toEqual([29_000, 30_000, 30_000]);
    expect(Math.max(...held)).toBe(30_000);
    expect(await verifier.verify(name, RIGHT, '10.0.4.1')).toMatchObject({ ok: true });
  });

  it('states the wait in whole minutes, rounded up, at least one, singular for one', () => {
    expect([0, 1, MINUTE, MINUTE + 1, 15 * MINUTE, 15 * MINUTE + 1].map(lockoutMinutes)).toEqual([
      1, 1, 1, 2, 15, 16,
    ]);
    expect(lockoutMessage(1)).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(lockoutMessage(MINUTE + 1)).toBe('Too many failed sign-in attempts. Try again in 2 minutes.');
  });

  it('holds failed answers back by the defaults: 20 free, one second more each, at most 30 seconds', () => {
    const { db } = server().app.services;
    const clock = manualClock(Date.UTC(2025, 2, 3, 8));
    const byDefault = new LoginThrottle(db, clock, { maxFailures: 5, lockoutMs: 15 * MINUTE });
    expect([0, 19, 20, 21, 22, 49, 50, 51, 1000].map((n) => byDefault.holdMs(n))).toEqual([
      0, 0, 0, 1000, 2000, 29_000, 30_000, 30_000, 30_000,
    ]);
    const own = new LoginThrottle(db, clock, {
      ...POLICY,
      ipFreeFailures: 2,
      ipDelayStepMs: 10,
      ipMaxDelayMs: 25,
    });
    expect([2, 3, 4, 5, 6].map((n) => own.holdMs(n))).toEqual([0, 10, 20, 25, 25]);
  });

  it('counts the failures from an address in a window of the first lock, then starts again', async () => {
    const { verifier, clock } = countingVerifier({ ...POLICY, ipFreeFailures: 1 });
    const held = async () =>
      ((await verifier.verify(`nobody-window-${names}@example.org`, 'x', '10.0.6.1')) as { heldMs: number })
        .heldMs;
    expect([await held(), await held()]).toEqual([0, 1000]);
    clock.advance(15 * MINUTE - 1);
    expect(await held()).toBe(2000);
    // The window opened at the first failure: 15 minutes later the count starts again.
    clock.advance(1);
    expect([await held(), await held()]).toEqual([0, 1000]);
  });

  it('caps the doubling of locks at a day by default', async () => {
    const name = await teacher();
    const { verifier, clock } = countingVerifier({ maxFailures: 1, lockoutMs: 10 * 60 * MINUTE });
    expect(await verifier.verify(name, wrong(0), '10.0.5.1')).toMatchObject({
      reason: 'locked',
      retryAfterMs: 10 * 60 * MINUTE,
    });
    clock.advance(10 * 60 * MINUTE);
    expect(await verifier.verify(name, wrong(1), '10.0.5.1')).toMatchObject({
      reason: 'locked',
      retryAfterMs: 20 * 60 * MINUTE,
    });
    clock.advance(20 * 60 * MINUTE);
    // 40 hours due: a day at most.
    expect(await verifier.verify(name, wrong(2), '10.0.5.1')).toMatchObject({
      reason: 'locked',
      retryAfterMs: 24 * 60 * MINUTE,
    });
    // The failures are remembered for a day after the lock ended, not forgotten with its window.
    clock.advance(24 * 60 * MINUTE + 23 * 60 * MINUTE);
    expect(await verifier.verify(name, wrong(3), '10.0.5.1')).toMatchObject({
      reason: 'locked',
      retryAfterMs: 24 * 60 * MINUTE,
    });
    // A day and more after the last lock ended, the count starts again: a right password signs in.
    clock.advance(24 * 60 * MINUTE + 24 * 60 * MINUTE + 1);
    expect(await verifier.verify(name, RIGHT, '10.0.5.1')).toMatchObject({ ok: true });
  });

  it('lets 1,000 pupils of one address in within 5 minutes (5 % mistyping first) while a sprayer there slows down and guesses nothing', async () => {
    const { db } = server().app.services;
    const { verifier, clock, evaluated } = countingVerifier(POLICY, true);
    const start = clock.nowMs();
    const NAT = '203.0.113.7';
    // The accounts, written directly with one hash of the shared test password (a real argon2id
    // hash: each sign-in below evaluates it for real).
    const hash = await hashPassword(RIGHT);
    const account = (id: string) => ({
      id,
      kind: 'student' as const,
      username: id,
      name: id,
      email: null,
      password_hash: hash,
      status: 'ACTIVE' as const,
    });
    const pupils = Array.from({ length: 1000 }, (_, i) => `nat-pupil-${kind}-${i}`);
    const sprayed = Array.from({ length: 50 }, (_, i) => `nat-sprayed-${kind}-${i}`);
    for (let i = 0; i < pupils.length; i += 500)
      await db
        .insertInto('accounts')
        .values(pupils.slice(i, i + 500).map(account))
        .execute();
    await db.insertInto('accounts').values(sprayed.map(account)).execute();

    // Events in simulated time: pupils arrive four at a time over 5 minutes; every 20th types a
    // wrong password first and tries again 5 seconds after the answer. The attacker sprays one
    // password over the 50 names at a time (10 rounds = 500 guesses), the right one last, each
    // guess as soon as the previous answer came.
    type Event = { at: number; who: 'pupil' | 'attacker'; name: string; password: string; retry?: boolean };
    const queue: Event[] = [];
    pupils.forEach((name, i) => {
      const at = start + Math.floor(i / 4) * 1200;
      queue.push({ at, who: 'pupil', name, password: i % 20 === 0 ? 'wrong' : RIGHT, retry: i % 20 === 0 });
    });
    let guess = 0;
    const nextGuess = (at: number) => {
      if (guess >= 500) return;
      const round = Math.floor(guess / 50);
      queue.push({
        at,
        who: 'attacker',
        name: sprayed[guess % 50]!,
        password: round === 9 ? RIGHT : `Spring2025!${round}`,
      });
      guess += 1;
    };
    nextGuess(start);
    const signedIn = new Set<string>();
    const attackerTimes: number[] = [];
    let attackerIn = 0;
    let pupilRefusedRight = 0;
    while (queue.length > 0) {
      queue.sort((a, b) => a.at - b.at);
      const at = queue[0]!.at;
      const batch: Event[] = [];
      while (queue.length > 0 && queue[0]!.at === at) batch.push(queue.shift()!);
      clock.set(at);
      const answers = await Promise.all(batch.map((e) => verifier.verify(e.name, e.password, NAT)));
      batch.forEach((e, k) => {
        const a = answers[k]!;
        if (e.who === 'attacker') {
          attackerTimes.push(e.at);
          if (a.ok) attackerIn += 1;
          nextGuess(e.at + (a.ok ? 0 : a.heldMs) + 50);
        } else if (a.ok) signedIn.add(e.name);
        else if (e.password === RIGHT) pupilRefusedRight += 1;
        else if (e.retry)
          queue.push({ at: e.at + a.heldMs + 5000, who: 'pupil', name: e.name, password: RIGHT });
      });
    }

    expect(pupilRefusedRight).toBe(0);
    expect(signedIn.size).toBe(1000);
    expect(attackerIn).toBe(0);
    expect(attackerTimes).toHaveLength(500);
    // No sprayed name had more than a few of its passwords evaluated.
    expect(Math.max(...sprayed.map((n) => evaluated(n)))).toBeLessThanOrEqual(7);
    // The attacker's rate falls: the first minute against the average of the rest.
    const firstMinute = attackerTimes.filter((t) => t < start + MINUTE).length;
    const restMinutes = (attackerTimes.at(-1)! - start - MINUTE) / MINUTE;
    const restRate = (attackerTimes.length - firstMinute) / restMinutes;
    console.info(
      `NAT school [${kind}]: attacker ${firstMinute} guesses in the first minute, then ${restRate.toFixed(1)} a minute over ${Math.round(restMinutes)} minutes; pupils in: ${signedIn.size}`,
    );
    expect(firstMinute).toBeGreaterThanOrEqual(20);
    expect(restRate).toBeLessThan(firstMinute / 4);
    // The pupils were all in within the 5 minutes (and the mistyping ones' retries right after).
    const attempts = await sql<{ n: number }>`
      select count(*)::int as n from login_attempts where username like ${`nat-pupil-${kind}-%`}`.execute(db);
    expect(attempts.rows[0]!.n).toBe(0);
  }, 600_000);
});
