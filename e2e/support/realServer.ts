/**
 * The real dotink server for browser tests: `apps/server/src/main.ts` in a child process, on a
 * free loopback port, with a fresh embedded database in a temporary folder, the shared vendor
 * data as NCODE_DATA_DIR and a given board build as BOARD_DIST_DIR.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, sharedDir } from '../../test-support/shared';

export interface RealServer {
  /** The server's origin, e.g. `http://127.0.0.1:41234`. */
  readonly origin: string;
  /** The board's address (`${origin}/board/`). */
  readonly boardUrl: string;
  /** Everything the server printed (for failure messages). */
  output(): string;
  /** The server process's id while it runs (benches read its CPU time). */
  pid(): number | undefined;
  /** Stops the process (SIGTERM), keeping its data: the origin refuses connections. */
  stop(): Promise<void>;
  /** Starts it again on the same origin and data, and waits until it answers. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface RealServerOptions {
  /** The board build to host (BOARD_DIST_DIR). */
  readonly boardDistDir?: string;
  /** Seed the demo school (slower start). Default false. */
  readonly seedDemo?: boolean;
  /** More environment variables. */
  readonly env?: Record<string, string>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, child: ChildProcess, log: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log()}`);
    try {
      const r = await fetch(`${origin}/api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${log()}`);
}

/** Starts the real server and waits until it answers. */
export async function startRealServer(options: RealServerOptions = {}): Promise<RealServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'dotink-server-'));
  let log = '';
  const spawnServer = () => {
    // DOTINK_SERVER_NODE_ARGS: more Node arguments for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
    // to profile it in a bench; NODE_OPTIONS refuses --cpu-prof)
    const nodeArgs = (process.env.DOTINK_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(
      process.execPath,
      [...nodeArgs, '--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')],
      {
        cwd: join(repoRoot, 'apps/server'),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: origin,
          DATA_DIR: dataDir,
          NCODE_DATA_DIR: join(sharedDir, 'data', 'ncode'),
          SEED_DEMO: options.seedDemo ? 'true' : 'false',
          LOG_LEVEL: 'warn',
          ...(options.boardDistDir ? { BOARD_DIST_DIR: options.boardDistDir } : {}),
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        // a session of its own: with the kernel's autogroups (on by default) the server then has
        // the CPU share of a machine of its own, like each browser Playwright starts, instead of
        // sharing one with the test runner — the server stands for its own machine
        detached: true,
      },
    );
    // detached, it would outlive a runner that dies: killed with it
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.removeListener('exit', killOnExit));
    child.stdout?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    return child;
  };
  let child = spawnServer();
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(origin, child, () => log, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    origin,
    boardUrl: `${origin}/board/`,
    output: () => log,
    pid: () => child.pid,
    stop,
    async restart() {
      await stop();
      child = spawnServer();
      await waitForHealth(origin, child, () => log, 90_000);
    },
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
