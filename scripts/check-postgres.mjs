#!/usr/bin/env node
// Is the PostgreSQL the server tests need there? `node scripts/check-postgres.mjs` exits 1 with a
// message saying what to install, start or set when it is not; the test run's global setup asks
// the same under CI (CI=true), so a CI run cannot pass with the PostgreSQL tests left out.
// Outside CI those tests are reported as not run (test-support/postgresReporter.ts).
import { pathToFileURL } from 'node:url';

/** The URL .ci/run sets (the role it creates). */
export const DEFAULT_TEST_DATABASE_URL = 'postgres://dotink:dotink@127.0.0.1:5432/postgres';

const HOW =
  'Install PostgreSQL 15 (apt-get install postgresql-15), start it (pg_ctlcluster 15 main start), ' +
  `create the test role (su postgres -c "psql -c \\"CREATE ROLE dotink LOGIN CREATEDB PASSWORD 'dotink'\\""), ` +
  `and set TEST_DATABASE_URL=${DEFAULT_TEST_DATABASE_URL}; .ci/run does all of this on a Debian machine.`;

/** True when the environment says this is a CI run (`CI` set to anything but "", "0", "false"). */
export function isCi(env) {
  const v = (env.CI ?? '').trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}

/** URL without its password, for messages. */
function shown(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.href;
  } catch {
    return '(an unparsable URL)';
  }
}

/**
 * Checks `env.TEST_DATABASE_URL`: set, reachable within `timeoutMs`, its role may CREATEDB.
 * Answers `{ ok, message }`; the message says what is wrong and what to do.
 */
export async function checkPostgres(env, timeoutMs = 5000) {
  const url = env.TEST_DATABASE_URL;
  if (!url) {
    return { ok: false, message: `PostgreSQL tests need TEST_DATABASE_URL, which is not set. ${HOW}` };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {}); // a connection lost after the check: the query below reports it
  try {
    await client.connect();
    const r = await client.query('select rolcreatedb as ok from pg_roles where rolname = current_user');
    if (r.rows[0]?.ok !== true) {
      return {
        ok: false,
        message: `PostgreSQL at ${shown(url)}: its role may not create databases (CREATEDB), which every server test suite does. ${HOW}`,
      };
    }
    return { ok: true, message: `PostgreSQL at ${shown(url)} is ready for the tests.` };
  } catch (error) {
    const why = error instanceof Error ? error.message || error.name : String(error);
    return {
      ok: false,
      message: `PostgreSQL at ${shown(url)} cannot be reached (${why}). ${HOW}`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ok, message } = await checkPostgres(process.env);
  (ok ? console.log : console.error)(`${ok ? '' : 'error: '}${message}`);
  process.exit(ok ? 0 : 1);
}
