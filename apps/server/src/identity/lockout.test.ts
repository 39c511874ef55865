/**
 * Issue 11, item 10: the lockout is counted atomically (simultaneous guesses evaluate at most
 * LOGIN_MAX_FAILURES passwords) and one IP is limited across login names.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import type { AccountStore } from './accounts';
import { CredentialVerifier } from './credentials';
import { LoginThrottle } from './loginThrottle';

describeEachDatabase('sign-in lockout', (kind) => {
  const server = useTestServer(kind);

  /** A verifier over the server's accounts that counts the passwords it evaluates. */
  function countingVerifier(policy: { maxFailures: number; lockoutMs: number; ipMaxFailures: number }) {
    const { accounts, db, clock } = server().app.services;
    let evaluated = 0;
    const counting = Object.create(accounts) as AccountStore;
    counting.findForLogin = async (name: string) => {
      evaluated += 1;
      return accounts.findForLogin(name);
    };
    const verifier = new CredentialVerifier(counting, new LoginThrottle(db, clock, policy));
    return { verifier, evaluated: () => evaluated };
  }

  it('40 simultaneous wrong guesses evaluate at most LOGIN_MAX_FAILURES passwords', async () => {
    const { accounts } = server().app.services;
    const t = await accounts.createTeacher({
      username: 'guess@example.org',
      name: 'G',
      password: 'the right one',
    });
    const { verifier, evaluated } = countingVerifier({
      maxFailures: 5,
      lockoutMs: 15 * 60_000,
      ipMaxFailures: 1000,
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => verifier.verify(t.username, `wrong ${i}`, '10.0.0.1')),
    );
    expect(evaluated()).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => !a.ok && a.reason === 'locked').length).toBeGreaterThanOrEqual(35);
    // Locked for this IP even with the right password; another IP may still sign in.
    expect(await verifier.verify(t.username, 'the right one', '10.0.0.1')).toMatchObject({
      ok: false,
      reason: 'locked',
    });
    expect(await verifier.verify(t.username, 'the right one', '10.0.0.2')).toMatchObject({ ok: true });
  });

  it('one IP trying many login names is locked out across names', async () => {
    const { accounts } = server().app.services;
    const t = await accounts.createTeacher({
      username: 'victim@example.org',
      name: 'V',
      password: 'the right one',
    });
    const { verifier } = countingVerifier({ maxFailures: 5, lockoutMs: 15 * 60_000, ipMaxFailures: 20 });
    const answers = [];
    for (let i = 0; i < 30; i += 1)
      answers.push(await verifier.verify(`name-${i}@example.org`, 'x', '10.0.0.9'));
    expect(answers.slice(0, 19).every((a) => !a.ok && a.reason === 'invalid')).toBe(true);
    expect(answers.slice(19).every((a) => !a.ok && a.reason === 'locked')).toBe(true);
    expect(await verifier.verify(t.username, 'the right one', '10.0.0.9')).toMatchObject({
      ok: false,
      reason: 'locked',
    });
    expect(await verifier.verify(t.username, 'the right one', '10.0.0.10')).toMatchObject({ ok: true });
  });

  it('successful sign-ins from one address (a school network) do not lock it', async () => {
    const { accounts } = server().app.services;
    const { verifier } = countingVerifier({ maxFailures: 5, lockoutMs: 15 * 60_000, ipMaxFailures: 3 });
    for (let i = 0; i < 6; i += 1) {
      const s = await accounts.createStudent({ name: `P${i}` });
      expect(await verifier.verify(s.id, s.id, '10.0.1.1')).toMatchObject({ ok: true });
    }
  });
});
