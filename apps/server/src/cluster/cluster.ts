/**
 * N server processes on one PostgreSQL and one object store behind nginx (`npm run
 * start:cluster`, the cluster tests and benches). Every process gets nginx's address as
 * `PUBLIC_URL`, so the OAuth issuer, redirect URIs and cookies are the same whichever process
 * answers; signing and cookie keys come from `server_secrets` in the shared database.
 *
 * The processes are supervised: one that exits while the cluster runs is started again on its
 * port after a back-off (0.5 s doubling to 10 s; back to 0.5 s once it stayed up 30 s). A SIGTERM
 * to one process is therefore a restart of it (it drains first: see the server README, "Drain").
 * Each process is a child with an IPC channel: when the launcher dies, even by SIGKILL, the
 * channel closes and the process drains and exits (no orphans).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningNginx, startNginx } from './nginx';

export { PIN_COOKIE } from './nginx';

/** The server package's directory (where `src/main.ts` is run from). */
export const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/** One server process of the cluster (the same slot across restarts: `child` is the current one). */
export interface ClusterProcess {
  readonly index: number;
  readonly port: number;
  readonly url: string;
  /** The running child (a new one after each restart). */
  readonly child: ChildProcess;
  /** Resolves when the current child has exited. */
  readonly exited: Promise<void>;
  /** Times the supervisor started it again. */
  readonly restarts: number;
  /** What it wrote to stderr (for failures). */
  stderr(): string;
}

export interface ClusterOptions {
  /** Environment of every process: `DATABASE_URL`, `S3_*`, … (`PORT`, `PUBLIC_URL` are set here). */
  readonly env: Record<string, string | undefined>;
  readonly processes?: number;
  /** nginx's port (0: a free one). */
  readonly proxyPort?: number;
  /** The host name in `PUBLIC_URL` (default `localhost`: browsers keep cookies per host name). */
  readonly publicHost?: string;
  /** Each process's stdout and stderr go to the parent's (`npm run start:cluster`); else captured. */
  readonly inheritOutput?: boolean;
  /** Start a process that exits again (default true). */
  readonly supervise?: boolean;
  /** Tests: the browser cookie `dotink-backend=N` pins requests to process N (see nginx.ts). */
  readonly pinnable?: boolean;
  /** Told when a process exited and when it is started again. */
  readonly onExit?: (process: ClusterProcess, how: string, restartInMs: number | undefined) => void;
}

export interface RunningCluster {
  readonly nginx: RunningNginx;
  readonly publicUrl: string;
  readonly processes: readonly ClusterProcess[];
  /** Requests each process answered through nginx so far. */
  served(): number[];
  /** SIGTERM to process `index`, then waits until the supervisor's new one is ready. */
  restart(index: number): Promise<void>;
  /** Stops supervising, SIGTERM to every process (they drain), then stops nginx. */
  close(): Promise<void>;
}

/** Back-off of restarts: 0.5 s doubling to 10 s. */
export function restartDelayMs(failures: number): number {
  return Math.min(10_000, 500 * 2 ** failures);
}

/** How long a process may take to be ready (a loaded 2-core machine: tsx compiles the server). */
const READY_TIMEOUT_MS = 300_000;

/** A process that stayed up this long is healthy again (its back-off starts over). */
const STABLE_MS = 30_000;

class Slot implements ClusterProcess {
  child!: ChildProcess;
  exited!: Promise<void>;
  restarts = 0;
  failures = 0;
  startedAt = 0;
  private err = '';
  readonly url: string;

  constructor(
    readonly index: number,
    readonly port: number,
    private readonly env: Record<string, string | undefined>,
    private readonly inherit: boolean,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.spawn();
  }

  spawn(): void {
    const child = spawn(process.execPath, [...profileArgs(), '--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: this.inherit ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr?.on('data', (d: Buffer) => {
      this.err += d.toString();
    });
    this.child = child;
    this.startedAt = performance.now();
    this.exited = new Promise<void>((r) => child.on('exit', () => r()));
  }

  stderr(): string {
    return this.err;
  }
}

/**
 * Diagnostics: `DOTINK_SERVER_NODE_ARGS` (as for the tests' real server, e2e/support/realServer.ts)
 * are given to each process's Node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p` (Node refuses
 * `--cpu-prof` in NODE_OPTIONS).
 */
function profileArgs(): string[] {
  return (process.env.DOTINK_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/** Waits until `url`'s `/api/ready` answers 200 (the process is up, migrated and connected). */
async function waitReady(proc: ClusterProcess, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (proc.child.exitCode !== null) {
      throw new Error(`server process ${proc.index + 1} exited (${proc.child.exitCode}): ${proc.stderr()}`);
    }
    const ready = await fetch(`${proc.url}/api/ready`).then(
      (res) => res.ok,
      () => false, // not listening yet: try again below
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server process ${proc.index + 1} was not ready in ${timeoutMs} ms: ${proc.stderr()}`);
}

/**
 * Starts the processes at once (they migrate and seed one after another under the database's
 * advisory lock) and nginx in front of them; answers when every process is ready.
 */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const count = options.processes ?? 3;
  const proxyPort = options.proxyPort || (await freePort());
  const publicUrl = `http://${options.publicHost ?? 'localhost'}:${proxyPort}`;
  const env = { ...options.env, PUBLIC_URL: publicUrl, TRUST_PROXY: options.env.TRUST_PROXY ?? 'true' };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const slots = ports.map((port, i) => new Slot(i, port, env, options.inheritOutput ?? false));
  let closing = false;
  const supervise = options.supervise ?? true;
  const watch = (slot: Slot) => {
    const child = slot.child;
    void slot.exited.then(() => {
      if (closing || slot.child !== child) return;
      const how = child.signalCode ?? `code ${child.exitCode}`;
      if (!supervise) {
        options.onExit?.(slot, how, undefined);
        return;
      }
      if (performance.now() - slot.startedAt > STABLE_MS) slot.failures = 0;
      const delay = restartDelayMs(slot.failures++);
      options.onExit?.(slot, how, delay);
      setTimeout(() => {
        if (closing) return;
        slot.restarts++;
        slot.spawn();
        watch(slot);
      }, delay);
    });
  };
  const stopAll = async () => {
    closing = true;
    for (const p of slots)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(slots.map((p) => p.exited));
  };
  let nginx: RunningNginx;
  try {
    await Promise.all(slots.map((p) => waitReady(p, READY_TIMEOUT_MS)));
    nginx = await startNginx({
      port: proxyPort,
      backends: ports.map((port) => ({ host: '127.0.0.1', port })),
      ...(options.pinnable ? { pinnable: true } : {}),
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  for (const slot of slots) watch(slot);
  return {
    nginx,
    publicUrl,
    processes: slots,
    served: () => nginx.served(),
    async restart(index) {
      const slot = slots[index];
      if (!slot) throw new Error(`no process ${index + 1}`);
      if (!supervise) throw new Error('restart needs a supervised cluster');
      const before = slot.restarts;
      slot.child.kill('SIGTERM');
      const until = performance.now() + 120_000;
      while (slot.restarts === before) {
        if (performance.now() > until) throw new Error(`process ${index + 1} was not started again`);
        await new Promise((r) => setTimeout(r, 20));
      }
      await waitReady(slot, READY_TIMEOUT_MS);
    },
    async close() {
      await stopAll();
      await nginx.close();
    },
  };
}
