/**
 * A fresh, empty PostgreSQL database by URL (for tests that run several server processes or
 * apps on one database), dropped by `drop()`. Needs an admin URL with CREATEDB.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `dotink_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => dropPostgresDatabase(adminUrl, name),
  };
}

/**
 * Drops a test database, ending its connections. PostgreSQL 15 refuses to end an autovacuum
 * worker for a role that is not a superuser (42501, unless it has pg_signal_backend), and a
 * worker may be busy with a freshly written test database: then it waits and tries again.
 */
export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 20 || (code !== '42501' && code !== '55006')) throw error;
    } finally {
      await dropper.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
