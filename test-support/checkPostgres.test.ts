import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPostgres, isCi } from '../scripts/check-postgres.mjs';
import { postgresNotRunLine } from './postgresReporter';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A loopback port nothing listens on (bound, then closed). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a CI run cannot pass without PostgreSQL', () => {
  it('reads CI the way CI services set it', () => {
    expect([
      isCi({ CI: 'true' }),
      isCi({ CI: '1' }),
      isCi({}),
      isCi({ CI: 'false' }),
      isCi({ CI: '' }),
    ]).toEqual([true, true, false, false, false]);
  });

  it('says what to install, start and set when TEST_DATABASE_URL is not set', async () => {
    const r = await checkPostgres({});
    expect(r.ok).toBe(false);
    expect(r.message).toContain('TEST_DATABASE_URL');
    expect(r.message).toContain('apt-get install postgresql-15');
    expect(r.message).toContain('pg_ctlcluster 15 main start');
  });

  it('says PostgreSQL cannot be reached when nothing listens, without showing the password', async () => {
    const url = `postgres://dotink:secret-pw@127.0.0.1:${await deadPort()}/postgres`;
    const r = await checkPostgres({ TEST_DATABASE_URL: url }, 3000);
    expect(r.ok).toBe(false);
    expect(r.message).toContain('cannot be reached');
    expect(r.message).toContain('pg_ctlcluster 15 main start');
    expect(r.message).not.toContain('secret-pw');
  });

  it('fails a CI=true test run with that message before any test runs (the global setup)', async () => {
    const url = `postgres://dotink:dotink@127.0.0.1:${await deadPort()}/postgres`;
    // The smallest run: one test file that needs no database. The global setup stops it.
    const run = spawnSync(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        'test-support/purity.test.ts',
        '--reporter=default',
        '--outputFile.json=/dev/null',
      ],
      {
        cwd: root,
        env: { ...process.env, CI: 'true', TEST_DATABASE_URL: url },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('CI=true: PostgreSQL at');
    expect(`${run.stdout}${run.stderr}`).toContain('pg_ctlcluster 15 main start');
  }, 60_000);

  it('the CLI .ci/run calls exits 1 with the message', async () => {
    const url = `postgres://dotink:dotink@127.0.0.1:${await deadPort()}/postgres`;
    const run = spawnSync(process.execPath, ['scripts/check-postgres.mjs'], {
      cwd: root,
      env: { ...process.env, TEST_DATABASE_URL: url },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('cannot be reached');
  });

  it('outside CI, one line says how many PostgreSQL tests did not run and why', () => {
    expect(postgresNotRunLine(0, {})).toBe('');
    expect(postgresNotRunLine(183, {})).toMatch(
      /^PostgreSQL: 183 tests did not run: TEST_DATABASE_URL is not set/,
    );
    expect(postgresNotRunLine(1, {})).toMatch(/^PostgreSQL: 1 test did not run/);
  });
});
