/**
 * The server started on a database that is missing or not running: one line naming what to
 * create or start, a non-zero exit code, no stack trace (spawns the real `src/main.ts`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { describePostgres } from '../../test/harness';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'dotink-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/** Runs the server until it exits; answers its exit code and what it wrote to stderr. */
async function startOn(databaseUrl: string): Promise<{ code: number | null; stderr: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const code = await new Promise<number | null>((ok) => child.on('exit', ok));
  // Node's own warning about the runtime (oidc-provider) is not the server's message.
  const ours = stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('oidc-provider WARNING'))
    .join('\n');
  return { code, stderr: ours };
}

describe('start on an unreachable database', () => {
  it('says in one line to start PostgreSQL at that address, exits with 1, no stack trace', async () => {
    const port = await freePort();
    const { code, stderr } = await startOn(`postgres://dotink:secret-pw@127.0.0.1:${port}/dotink`);
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain(`127.0.0.1:${port}`);
    expect(stderr).toMatch(/start it/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr).not.toContain('secret-pw');
  }, 60_000);
});

describePostgres('start on a missing database', (adminUrl) => {
  it('names the database to create in one line, exits with 1, no stack trace', async () => {
    const url = new URL(adminUrl);
    url.pathname = '/dotink_never_created';
    const { code, stderr } = await startOn(url.href);
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain('dotink_never_created');
    expect(stderr).toMatch(/createdb|CREATE DATABASE/);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
