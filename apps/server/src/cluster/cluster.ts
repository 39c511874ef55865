/**
 * N server processes on one PostgreSQL and one object store behind the round-robin proxy
 * (`npm run start:cluster`, the cluster test and bench). Every process gets the proxy's address
 * as `PUBLIC_URL`, so the OAuth issuer, redirect URIs and cookies are the same whichever process
 * answers; signing and cookie keys come from `server_secrets` in the shared database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningProxy, startProxy } from './roundRobinProxy';

export { PIN_COOKIE } from './roundRobinProxy';

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

/** One server process of the cluster. */
export interface ClusterProcess {
  readonly index: number;
  readonly port: number;
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  /** What it wrote to stderr (for failures). */
  stderr(): string;
}

export interface ClusterOptions {
  /** Environment of every process: `DATABASE_URL`, `S3_*`, … (`PORT`, `PUBLIC_URL` are set here). */
  readonly env: Record<string, string | undefined>;
  readonly processes?: number;
  /** The proxy's port (0: a free one). */
  readonly proxyPort?: number;
  /** The host name in `PUBLIC_URL` (default `localhost`: browsers keep cookies per host name). */
  readonly publicHost?: string;
  /** Each process's stdout and stderr go to the parent's (`npm run start:cluster`); else captured. */
  readonly inheritOutput?: boolean;
  readonly onBackendDown?: (port: number, error: Error) => void;
  /** How long the proxy leaves out a process that refused a connection (ms). */
  readonly restMs?: number;
}

export interface RunningCluster {
  readonly proxy: RunningProxy;
  readonly publicUrl: string;
  readonly processes: readonly ClusterProcess[];
  /** SIGTERM to every process still running, then closes the proxy. */
  close(): Promise<void>;
}

function spawnServer(index: number, port: number, env: Record<string, string | undefined>, inherit: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const proc: ClusterProcess = {
    index,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    stderr: () => stderr,
  };
  return proc;
}

async function waitHealthy(proc: ClusterProcess, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (proc.child.exitCode !== null) {
      throw new Error(`server process ${proc.index + 1} exited (${proc.child.exitCode}): ${proc.stderr()}`);
    }
    try {
      const res = await fetch(`${proc.url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet: try again below
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server process ${proc.index + 1} did not start in ${timeoutMs} ms: ${proc.stderr()}`);
}

/**
 * Starts the processes at once (they migrate and seed one after another under the database's
 * advisory lock) and the proxy in front of them; answers when every process is healthy.
 */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const count = options.processes ?? 3;
  const proxyPort = options.proxyPort ?? (await freePort());
  const publicUrl = `http://${options.publicHost ?? 'localhost'}:${proxyPort}`;
  const env = { ...options.env, PUBLIC_URL: publicUrl, TRUST_PROXY: 'true' };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const processes = ports.map((port, i) => spawnServer(i, port, env, options.inheritOutput ?? false));
  const stopAll = async () => {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
  };
  try {
    await Promise.all(processes.map((p) => waitHealthy(p, 120_000)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const proxy = await startProxy(proxyPort, {
    backends: ports.map((port) => ({ host: '127.0.0.1', port })),
    ...(options.restMs !== undefined ? { restMs: options.restMs } : {}),
    ...(options.onBackendDown ? { onBackendDown: (b, e) => options.onBackendDown?.(b.port, e) } : {}),
  });
  return {
    proxy,
    publicUrl,
    processes,
    async close() {
      await stopAll();
      await proxy.close();
    },
  };
}
