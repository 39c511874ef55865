/**
 * A PostgreSQL of the test's own (initdb + pg_ctl in a temporary directory, a free loopback
 * port), for tests that stop and start the database: never the shared one. As root the server
 * runs as the `postgres` user (initdb refuses root). Needs PostgreSQL 15's binaries
 * (`/usr/lib/postgresql/15/bin`, or `PG_BIN`).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

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

export interface PrivatePostgres {
  /** `postgres://dotink@127.0.0.1:PORT/postgres` (trust authentication, loopback only). */
  readonly url: string;
  /** Stops the server (fast shutdown: connections are cut). */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
  /**
   * Stalls it (SIGSTOP to the postmaster): new connections are accepted by the kernel and never
   * answered, as with a frozen database host; open sessions keep working.
   */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
  /** Stops it and removes its directory. */
  close(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'dotink-private-pg-'));
  const root = process.getuid?.() === 0;
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(PG_BIN, command), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'dotink', '--auth=trust', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  let running = true;
  let paused = false;
  const resume = () => {
    process.kill(postmaster(), 'SIGCONT');
    paused = false;
  };
  const postmaster = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgres://dotink@127.0.0.1:${port}/postgres`,
    stop() {
      stop();
      running = false;
    },
    start() {
      start();
      running = true;
    },
    pause() {
      process.kill(postmaster(), 'SIGSTOP');
      paused = true;
    },
    resume,
    close() {
      if (paused) resume();
      if (running) stop();
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
