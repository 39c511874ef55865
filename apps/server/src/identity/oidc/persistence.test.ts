import { manualClock } from '@dotink/ncode';
import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_PUBLIC_URL, useTestServer } from '../../../test/harness';
import { teacherWithToken } from '../../../test/oauth';
import { buildApp } from '../../app';
import { diskFileStore } from '../../files/diskFileStore';
import { deleteExpiredOidcPayloads, kyselyAdapterFactory } from './adapter';
import { loadIdentitySecrets } from './secrets';

describeEachDatabase('identity state in the database', (kind) => {
  const server = useTestServer(kind);
  const host = new URL(TEST_PUBLIC_URL).host;

  it('keeps signing keys and tokens across a restart (keys are generated once)', async () => {
    const { app, config, database, clock } = server();
    const { headers } = await teacherWithToken(app);
    const jwks = (await app.inject({ url: '/oauth/jwks', headers: { host } })).json();

    const restarted = await buildApp({
      config,
      database,
      files: diskFileStore(config.filesDir),
      clock,
      logger: false,
    });
    try {
      expect((await restarted.inject({ url: '/oauth/jwks', headers: { host } })).json()).toEqual(jwks);
      const me = await restarted.inject({ url: '/profile/v1/me', headers: { host, ...headers } });
      expect(me.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('prefers configured keys to stored ones', async () => {
    const { database } = server();
    const secrets = await loadIdentitySecrets(database.db, {
      jwks: { keys: [{ kty: 'oct', k: 'x' }] },
      cookieKeys: ['c'.repeat(32)],
    });
    expect(secrets.jwks).toEqual({ keys: [{ kty: 'oct', k: 'x' }] });
    expect(secrets.cookieKeys).toEqual(['c'.repeat(32)]);
    const again = await loadIdentitySecrets(database.db, {});
    expect(again.cookieSecret).toBe(secrets.cookieSecret);
    expect(again.jwks.keys[0]!.kty).toBe('RSA');
  });

  it('stores, finds, consumes, expires and revokes provider payloads', async () => {
    const { db } = server().database;
    const clock = manualClock(Date.UTC(2025, 2, 3));
    const adapter = kyselyAdapterFactory(db, clock)('AuthorizationCode');
    const other = kyselyAdapterFactory(db, clock)('Session');
    await adapter.upsert('code-1', { grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    await adapter.upsert('code-2', { grantId: 'g2', userCode: 'U-1', kind: 'AuthorizationCode' }, 60);
    await other.upsert('code-1', { uid: 'uid-1', kind: 'Session' }, 60);
    expect(await adapter.find('code-1')).toEqual({ grantId: 'g1', kind: 'AuthorizationCode' });
    expect(await adapter.findByUserCode('U-1')).toMatchObject({ grantId: 'g2' });
    expect(await other.findByUid('uid-1')).toMatchObject({ kind: 'Session' });

    await adapter.consume('code-1');
    expect((await adapter.find('code-1'))?.consumed).toEqual(expect.any(Number));

    await adapter.upsert('code-1', { grantId: 'g1', kind: 'AuthorizationCode', note: 'updated' }, 60);
    expect(await adapter.find('code-1')).toMatchObject({ note: 'updated' });

    await adapter.revokeByGrantId('g1');
    expect(await adapter.find('code-1')).toBeUndefined();
    expect(await adapter.find('code-2')).toBeDefined();
    await adapter.destroy('code-2');
    expect(await adapter.find('code-2')).toBeUndefined();
    expect(await other.find('code-1')).toBeDefined();

    await adapter.upsert('old', { kind: 'AuthorizationCode' }, 1);
    expect(await adapter.find('old')).toBeDefined();
    clock.advance(1_000);
    expect(await adapter.find('old')).toBeUndefined();
    const later = new Date(clock.nowMs() + 5_000);
    expect(await deleteExpiredOidcPayloads(db, later)).toBeGreaterThanOrEqual(1);
  });
});
