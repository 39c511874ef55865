import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const issuesOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/dotink');
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('has safe defaults: loopback host, embedded database under ./data, the classroom client', () => {
    const c = loadConfig({}, '/srv/dotink');
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      issuer: 'http://localhost:3000/oauth',
      trustProxy: false,
      dataDir: '/srv/dotink/data',
      pgliteDir: '/srv/dotink/data/db',
      filesDir: '/srv/dotink/data/files',
      seedDemo: true,
      login: { maxFailures: 5, lockoutMs: 15 * 60_000 },
      oidc: { accessTokenTtlS: 3600, refreshTokenTtlS: 14 * 24 * 3600 },
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.upstream).toBeUndefined();
    expect(c.clients).toEqual([
      {
        clientId: 'dotink-classroom',
        redirectUris: ['http://localhost:3000/callback.html', 'http://localhost:3000/callback'],
        postLogoutRedirectUris: ['http://localhost:3000/'],
        grantTypes: ['authorization_code', 'refresh_token', 'password'],
        name: 'dotink classroom',
      },
      {
        clientId: 'dotink-board',
        redirectUris: ['http://localhost:3000/board/'],
        postLogoutRedirectUris: ['http://localhost:3000/board/'],
        grantTypes: ['authorization_code', 'refresh_token'],
        name: 'dotink board',
      },
    ]);
  });

  it('admits a class of 40 writing live by default (issue 16): pupils well within budget, a teacher not dropped', () => {
    const { realtime } = loadConfig({}, '/srv/dotink');
    // A station sends each pen's dots once per animation frame: up to ~60 messages a second, a
    // few more for pages, strokes opened and closed; a reconnecting station may send a second's worth at once.
    const pupilPerSecond = 60 + 10;
    expect(realtime.messagesPerSecond).toBeGreaterThanOrEqual(5 * pupilPerSecond);
    expect(realtime.messageBurst).toBeGreaterThanOrEqual(10 * pupilPerSecond);
    // The teacher's socket receives all of it: 40 × 60 strokeDots messages of ~170 bytes a second.
    // Its unsent backlog may grow for this long (a busy tab, a Wi-Fi stall) before it is dropped.
    const classBytesPerSecond = 40 * 60 * 170;
    expect(realtime.maxBufferedBytes / classBytesPerSecond).toBeGreaterThanOrEqual(8);
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://class.example.org/',
        TRUST_PROXY: 'true',
        DATA_DIR: '/var/lib/dotink',
        DATABASE_URL: 'postgres://u:p@db:5432/dotink',
        NCODE_DATA_DIR: 'vendor/ncode',
        OIDC_COOKIE_KEYS: 'k'.repeat(32),
        OIDC_JWKS: JSON.stringify({ keys: [{ kty: 'RSA' }] }),
        OIDC_ACCESS_TOKEN_TTL: '600',
        OAUTH_CLIENTS: JSON.stringify([
          { clientId: 'a', clientSecret: 's'.repeat(16), redirectUris: ['https://a.example/cb'] },
        ]),
        UPSTREAM_OIDC_ISSUER: 'https://accounts.google.com',
        UPSTREAM_OIDC_CLIENT_ID: 'id',
        UPSTREAM_OIDC_CLIENT_SECRET: 'secret',
        LOGIN_MAX_FAILURES: '3',
        LOGIN_LOCKOUT_MINUTES: '1',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      },
      '/srv/dotink',
    );
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://class.example.org',
      issuer: 'https://class.example.org/oauth',
      trustProxy: 1,
      dataDir: '/var/lib/dotink',
      pgliteDir: '/var/lib/dotink/db',
      databaseUrl: 'postgres://u:p@db:5432/dotink',
      ncodeDataDir: '/srv/dotink/vendor/ncode',
      oidc: { cookieKeys: ['k'.repeat(32)], jwks: { keys: [{ kty: 'RSA' }] }, accessTokenTtlS: 600 },
      upstream: {
        issuer: 'https://accounts.google.com',
        clientId: 'id',
        clientSecret: 'secret',
        name: 'Google',
      },
      login: { maxFailures: 3, lockoutMs: 60_000 },
      seedDemo: true,
      logLevel: 'warn',
    });
    expect(c.clients).toEqual([
      {
        clientId: 'a',
        clientSecret: 's'.repeat(16),
        redirectUris: ['https://a.example/cb'],
        postLogoutRedirectUris: [],
        grantTypes: ['authorization_code', 'refresh_token'],
        name: 'a',
      },
    ]);
  });

  it('does not seed the demo into a real PostgreSQL database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql://h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('seeds the demo school and its administrator alone with SEED_DEMO=school', () => {
    expect(loadConfig({ SEED_DEMO: 'school' })).toMatchObject({ seedDemo: true, seedDemoSchoolOnly: true });
    expect(loadConfig({ SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, seedDemoSchoolOnly: false });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('reads TRUST_PROXY as no proxy, one hop (true), a hop count, or proxy addresses and networks', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }, '/srv/dotink').trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.0.0.0/8,::1, fd00::/8')).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['10.0.0.0/33', 'nginx', '10.0.0.1/8/8', '::1/129'])
      expect(issuesOf({ TRUST_PROXY: bad })[0], bad).toMatch(/^TRUST_PROXY: .* is not an address or network/);
  });

  it('reports every invalid variable by name', () => {
    const issues = issuesOf({
      PORT: '70000',
      PUBLIC_URL: 'ftp://x',
      DATABASE_URL: 'mysql://x/y',
      TRUST_PROXY: 'maybe',
      OIDC_COOKIE_KEYS: 'short',
      LOGIN_MAX_FAILURES: '0',
    });
    const named = issues.map((i) => i.split(':')[0]);
    expect(named).toEqual(
      expect.arrayContaining([
        'PORT',
        'PUBLIC_URL',
        'DATABASE_URL',
        'TRUST_PROXY',
        'OIDC_COOKIE_KEYS.0',
        'LOGIN_MAX_FAILURES',
      ]),
    );
  });

  it('explains bad client lists and a half-configured upstream provider', () => {
    expect(issuesOf({ OAUTH_CLIENTS: '{not json' })).toEqual(['OAUTH_CLIENTS: is not valid JSON']);
    expect(issuesOf({ OAUTH_CLIENTS: JSON.stringify([{ clientId: 'a', redirectUris: [] }]) })[0]).toMatch(
      /^OAUTH_CLIENTS: 0\.redirectUris: /,
    );
    expect(
      issuesOf({
        OAUTH_CLIENTS: JSON.stringify([
          { clientId: 'a', redirectUris: ['https://a/cb'] },
          { clientId: 'a', redirectUris: ['https://b/cb'] },
        ]),
      }),
    ).toEqual(['OAUTH_CLIENTS: client ids must be unique']);
    expect(issuesOf({ UPSTREAM_OIDC_ISSUER: 'https://accounts.google.com' })).toEqual([
      'UPSTREAM_OIDC_ISSUER: set UPSTREAM_OIDC_ISSUER, UPSTREAM_OIDC_CLIENT_ID and UPSTREAM_OIDC_CLIENT_SECRET together',
    ]);
  });

  it('keeps files on disk unless an S3 bucket is named, then reads the object store', () => {
    expect(loadConfig({}).objectStore).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'dotink-files' }).objectStore).toEqual({
      bucket: 'dotink-files',
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://minio:9000/',
        S3_BUCKET: 'district.files',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'dotink/prod/',
        S3_PRESIGNED_DOWNLOAD_SECONDS: '900',
      }).objectStore,
    ).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'district.files',
      region: 'eu-central-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'dotink/prod/',
      presignedDownloadSeconds: 900,
    });
    expect(loadConfig({ S3_BUCKET: 'files' }).objectStore?.presignedDownloadSeconds).toBeUndefined();
  });

  it('names each bad S3 variable: bucket, endpoint, region, prefix, half a key pair, no bucket', () => {
    const named = (env: Record<string, string>) => issuesOf(env).map((i) => i.split(':')[0]);
    expect(
      named({
        S3_BUCKET: 'Bad_Bucket',
        S3_ENDPOINT: 'ftp://minio',
        S3_REGION: 'Mars 1',
        S3_PREFIX: '/abs',
        S3_FORCE_PATH_STYLE: 'perhaps',
        S3_PRESIGNED_DOWNLOAD_SECONDS: '-5',
      }),
    ).toEqual(
      expect.arrayContaining([
        'S3_BUCKET',
        'S3_ENDPOINT',
        'S3_REGION',
        'S3_PREFIX',
        'S3_FORCE_PATH_STYLE',
        'S3_PRESIGNED_DOWNLOAD_SECONDS',
      ]),
    );
    expect(issuesOf({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_ACCESS_KEY_ID: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    ]);
    expect(issuesOf({ S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'S3_BUCKET: is needed when any other S3_ variable is set',
    ]);
  });

  it('formats the error for the console', () => {
    expect(() => loadConfig({ PORT: 'x' })).toThrow(/^invalid server configuration:\n {2}- PORT: /);
  });
});
