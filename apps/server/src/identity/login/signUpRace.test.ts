/**
 * Issue 11, items 5 and 10: simultaneous sign-ups with one e-mail make one account and answer the
 * others 409 with the form's message (never 500); sign-up is rate-limited per IP.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../../test/harness';
import { openChooser } from '../../../test/oauth';
import { buildApp } from '../../app';
import type { App } from '../../platform/types';

describeEachDatabase('sign-up under pressure', (kind) => {
  const server = useTestServer(kind, { env: { SIGNUP_RATE_LIMIT: '12', SIGNUP_RATE_WINDOW_MINUTES: '60' } });

  async function signUpForm() {
    const { browser, uid } = await openChooser(server().app);
    return (email: string) =>
      browser.request(`/interaction/${uid}/signup`, {
        form: { name: 'Race', email, password: 'long enough password', confirm: 'long enough password' },
      });
  }

  it('10 simultaneous sign-ups with one e-mail: 1 account, 9 × 409 with the form message', async () => {
    const forms = await Promise.all(Array.from({ length: 10 }, () => signUpForm()));
    const answers = await Promise.all(forms.map((send) => send('race@example.org')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([303, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toContain('An account with this e-mail already exists.');
    }
    const rows = await server()
      .app.services.db.selectFrom('accounts')
      .select('id')
      .where('username', '=', 'race@example.org')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('limits sign-ups from one IP: past SIGNUP_RATE_LIMIT the form answers 429', async () => {
    const send = await signUpForm();
    const statuses: number[] = [];
    // 10 sign-ups of the race above count too (same IP): 2 more pass, the next are refused.
    for (let i = 0; i < 4; i += 1) statuses.push((await send(`rate-${i}@example.org`)).status);
    expect(statuses.slice(2)).toEqual([429, 429]);
  });
});

describeEachDatabase('sign-up limit across server processes', (kind) => {
  const server = useTestServer(kind, { env: { SIGNUP_RATE_LIMIT: '4', SIGNUP_RATE_WINDOW_MINUTES: '60' } });

  it('counts the sign-ups of one IP in the database: a second process on it sees the first one’s', async () => {
    const first = server();
    const second = await buildApp({
      config: first.config,
      database: first.database,
      files: first.files,
      clock: first.clock,
      logger: false,
    });
    try {
      const sendOn = async (app: App) => {
        const { browser, uid } = await openChooser(app);
        return (email: string) =>
          browser.request(`/interaction/${uid}/signup`, {
            form: {
              name: 'Shared',
              email,
              password: 'long enough password',
              confirm: 'long enough password',
            },
          });
      };
      const onFirst = await sendOn(first.app);
      const onSecond = await sendOn(second);
      const statuses = [
        (await onFirst('shared-1@example.org')).status,
        (await onFirst('shared-2@example.org')).status,
        (await onSecond('shared-3@example.org')).status,
        (await onSecond('shared-4@example.org')).status,
        (await onSecond('shared-5@example.org')).status,
        (await onFirst('shared-6@example.org')).status,
      ];
      expect(statuses).toEqual([303, 303, 303, 303, 429, 429]);
    } finally {
      await second.close();
    }
  });
});
