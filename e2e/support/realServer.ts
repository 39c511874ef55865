/**
 * The real dotink server for browser tests: the server as `npm start` runs it (built to
 * JavaScript, `node main.js`) in a child process, on a free loopback port, with a database of
 * its own in a temporary folder (a copy of a freshly migrated one, or a fresh one), the shared
 * vendor data as NCODE_DATA_DIR and a given board build as BOARD_DIST_DIR.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeOnce } from '../../test-support/makeOnce';
import { repoRoot, sharedDir } from '../../test-support/shared';

export interface RealServer {
  /** The server's origin, e.g. `http://127.0.0.1:41234`. */
  readonly origin: string;
  /** The board's address (`${origin}/board/`). */
  readonly boardUrl: string;
  /** The server's data folder (DATA_DIR: the embedded database and the files). */
  readonly dataDir: string;
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
  /**
   * Seed the demo school (slower start), or (`'school'`) the demo school and its administrator
   * alone. Default false.
   */
  readonly seedDemo?: boolean | 'school';
  /** More environment variables. */
  readonly env?: Record<string, string>;
  /**
   * Start on an empty data folder, creating and migrating the embedded database (seconds).
   * Default false: a copy of a migrated, unseeded database made once per run (the same state).
   */
  readonly freshDatabase?: boolean;
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

function hashTree(h: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(h, path);
    else if (entry.isFile() && !entry.name.endsWith('.test.ts')) h.update(path).update(readFileSync(path));
  }
}

/**
 * The server built to JavaScript as `npm start` runs it (apps/server/scripts/build.mjs), once per
 * content of its sources and the packages', kept under node_modules/.cache: a start then skips
 * compiling TypeScript (seconds on this machine). Answers the built `main.js`.
 */
async function builtServer(): Promise<string> {
  const h = createHash('sha256');
  hashTree(h, join(repoRoot, 'apps/server/src'));
  hashTree(h, join(repoRoot, 'packages'));
  h.update(readFileSync(join(repoRoot, 'apps/server/scripts/build.mjs')));
  h.update(readFileSync(join(repoRoot, 'package-lock.json')));
  const key = h.digest('hex').slice(0, 16);
  const cache = join(repoRoot, 'node_modules/.cache/dotink-e2e');
  const dir = await makeOnce(join(cache, `server-build-${key}`), async (tmp) => {
    for (const old of existsSync(cache) ? readdirSync(cache) : []) {
      if (old.startsWith('server-build-') && !old.includes(key))
        rmSync(join(cache, old), { recursive: true, force: true });
    }
    const { buildServer } = (await import(
      pathToFileURL(join(repoRoot, 'apps/server/scripts/build.mjs')).href
    )) as {
      buildServer(outdir: string): Promise<unknown>;
    };
    await buildServer(tmp);
  });
  return join(dir, 'main.js');
}

/** The migrations and the PGlite version: what a migrated data folder depends on. */
function dataDirKey(): string {
  const h = createHash('sha256');
  const migrations = join(repoRoot, 'apps/server/src/db/migrations');
  for (const f of readdirSync(migrations).sort()) h.update(f).update(readFileSync(join(migrations, f)));
  h.update(readFileSync(join(repoRoot, 'node_modules/@electric-sql/pglite/package.json')));
  return h.digest('hex').slice(0, 16);
}

/**
 * A data folder whose embedded database the server has created and migrated (without the demo),
 * made once (first start of a server, then SIGTERM) and kept under node_modules/.cache.
 */
function migratedDataDir(): Promise<string> {
  const target = join(repoRoot, 'node_modules/.cache/dotink-e2e', `server-data-${dataDirKey()}`);
  return makeOnce(target, async (tmp) => {
    const server = await startRealServer({ freshDatabase: true });
    try {
      await server.stop();
      cpSync(server.dataDir, tmp, { recursive: true });
    } finally {
      await server.close();
    }
  });
}

/** Starts the real server and waits until it answers. */
export async function startRealServer(options: RealServerOptions = {}): Promise<RealServer> {
  const main = await builtServer();
  const template = options.freshDatabase || options.env?.DATABASE_URL ? undefined : await migratedDataDir();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'dotink-server-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  let log = '';
  const spawnServer = () => {
    // DOTINK_SERVER_NODE_ARGS: more Node arguments for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
    // to profile it in a bench; NODE_OPTIONS refuses --cpu-prof)
    const nodeArgs = (process.env.DOTINK_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, main], {
      cwd: join(repoRoot, 'apps/server'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        NCODE_DATA_DIR: join(sharedDir, 'data', 'ncode'),
        SEED_DEMO: options.seedDemo === 'school' ? 'school' : options.seedDemo ? 'true' : 'false',
        LOG_LEVEL: 'warn',
        // where a server run from its sources finds the built apps (the build's own folder is elsewhere)
        BOARD_DIST_DIR: join(repoRoot, 'apps/board/dist'),
        CLASSROOM_DIST_DIR: join(repoRoot, 'apps/classroom/dist'),
        ...(options.boardDistDir ? { BOARD_DIST_DIR: options.boardDistDir } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // a session of its own: with the kernel's autogroups (on by default) the server then has
      // the CPU share of a machine of its own, like each browser Playwright starts, instead of
      // sharing one with the test runner — the server stands for its own machine
      detached: true,
    });
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
    dataDir,
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
