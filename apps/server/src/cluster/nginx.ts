/**
 * nginx in front of the cluster: renders `deploy/nginx/nginx.conf.template` (the configuration
 * operators copy) and runs the Debian package's `nginx` in the foreground with its own prefix
 * directory (`nginx -p DIR -c DIR/nginx.conf -g 'daemon off;'`), never the system's service.
 * `npm run start:cluster`, the cluster tests and the benches all go through this module.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The template in the repository (`deploy/nginx/`). */
export const NGINX_TEMPLATE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../deploy/nginx/nginx.conf.template',
);

/** The test-only cookie that pins a browser to one process (`dotink-backend=N`, 1-based). */
export const PIN_COOKIE = 'dotink-backend';

export interface NginxBackend {
  readonly host: string;
  readonly port: number;
}

export interface NginxConfigOptions {
  /** What nginx listens on (`listen` directive), e.g. `127.0.0.1:3000`. */
  readonly listen: string;
  readonly backends: readonly NginxBackend[];
  /** The directory for the pid file, logs and request-body buffers. */
  readonly dir: string;
  readonly workerProcesses?: number | 'auto';
  /** Passive health: failures before a process is left out, and for how long. */
  readonly maxFails?: number;
  readonly failTimeoutSeconds?: number;
  /**
   * Tests only: the cookie {@link PIN_COOKIE}=N sends every request and socket of a browser to
   * process N (each process its own upstream group); without it, the shared group.
   */
  readonly pinnable?: boolean;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for ${whole}`);
    return value;
  });
}

function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`nginx template: "${from}" not found`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The nginx configuration for `options`, from the template in `deploy/nginx/`. */
export function renderNginxConfig(
  options: NginxConfigOptions,
  template = readFileSync(NGINX_TEMPLATE, 'utf8'),
) {
  if (options.backends.length === 0) throw new Error('nginx: no backend');
  const health = `max_fails=${options.maxFails ?? 2} fail_timeout=${options.failTimeoutSeconds ?? 10}s`;
  const server = (b: NginxBackend) => `server ${b.host}:${b.port} ${health};`;
  let text = fill(template, {
    worker_processes: String(options.workerProcesses ?? 1),
    pid: join(options.dir, 'nginx.pid'),
    error_log: join(options.dir, 'error.log'),
    access_log: join(options.dir, 'access.log'),
    temp: join(options.dir, 'temp'),
    listen: options.listen,
    servers: options.backends.map(server).join('\n        '),
  });
  if (options.pinnable) {
    const groups = options.backends
      .map((b, i) => `    upstream dotink_${i + 1} {\n        ${server(b)}\n        keepalive 8;\n    }\n`)
      .join('');
    // ($cookie_NAME cannot name a cookie with a hyphen: the header is matched instead); without
    // the cookie, requests go to the shared group and sockets to the room's process
    const map = (variable: string, fallback: string) =>
      [
        `    map $http_cookie ${variable} {`,
        `        default ${fallback};`,
        ...options.backends.map((_, i) => `        "~(^|;\\s*)${PIN_COOKIE}=${i + 1}(;|$)" dotink_${i + 1};`),
        '    }\n',
      ].join('\n');
    const maps = map('$dotink_upstream', 'dotink') + map('$dotink_realtime_upstream', 'dotink_realtime');
    text = replaceOnce(text, '    upstream dotink {', `${groups}${maps}    upstream dotink {`);
    text = text.replaceAll('proxy_pass http://dotink;', 'proxy_pass http://$dotink_upstream;');
    text = text.replaceAll(
      'proxy_pass http://dotink_realtime;',
      'proxy_pass http://$dotink_realtime_upstream;',
    );
  }
  return text;
}

/** The requests each backend answered, from the access log (`upstream=` is the last one tried). */
export function servedByBackend(accessLog: string, backends: readonly NginxBackend[]): number[] {
  const counts = backends.map(() => 0);
  const index = new Map(backends.map((b, i) => [`${b.host}:${b.port}`, i]));
  for (const line of accessLog.split('\n')) {
    const m = /upstream=(\S+(?:, \S+)*) upstream_status=/.exec(line);
    if (!m) continue;
    const last = m[1]!.split(', ').at(-1)!;
    const i = index.get(last);
    if (i !== undefined) counts[i]! += 1;
  }
  return counts;
}

export interface RunningNginx {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  readonly child: ChildProcess;
  /** Requests each backend answered so far (read from the access log). */
  served(): number[];
  /** What nginx wrote to its error log. */
  errorLog(): string;
  /** Stops nginx (graceful: open requests finish) and removes its directory. */
  close(): Promise<void>;
}

/** The nginx binary: `NGINX_BIN`, or `nginx` on the PATH (Debian: /usr/sbin/nginx). */
export function nginxBinary(env: Record<string, string | undefined> = process.env): string {
  if (env.NGINX_BIN) return env.NGINX_BIN;
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return 'nginx';
}

export interface StartNginxOptions extends Omit<NginxConfigOptions, 'dir' | 'listen'> {
  readonly host?: string;
  readonly port: number;
  /** Where the configuration, logs and buffers go (default: a new temporary directory). */
  readonly dir?: string;
  readonly binary?: string;
}

/**
 * Renders the configuration into a directory of its own, checks it (`nginx -t`), starts nginx in
 * the foreground and answers once it accepts connections.
 */
export async function startNginx(options: StartNginxOptions): Promise<RunningNginx> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'dotink-nginx-'));
  // started as root, nginx's workers run as `nobody`: they must reach the request-body buffers
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'temp'), { recursive: true });
  const host = options.host ?? '127.0.0.1';
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, renderNginxConfig({ ...options, dir, listen: `${host}:${options.port}` }));
  const binary = options.binary ?? nginxBinary();
  const args = ['-p', dir, '-c', conf, '-e', 'stderr'];
  const check = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (check.error || check.status !== 0) {
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `nginx could not start (${binary}): ${check.error?.message ?? check.stderr}\n` +
        'Install it: Debian/Ubuntu `apt-get install nginx`, macOS `brew install nginx`, or set NGINX_BIN.',
    );
  }
  const child = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const url = `http://${host}:${options.port}`;
  const until = performance.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    const answered = await fetch(`${url}/nginx-start-probe`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (performance.now() > until) throw new Error(`nginx did not answer on ${url}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const read = (file: string) => {
    try {
      return readFileSync(join(dir, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
      throw error;
    }
  };
  return {
    url,
    port: options.port,
    dir,
    child,
    served: () => servedByBackend(read('access.log'), options.backends),
    errorLog: () => `${read('error.log')}${stderr}`,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
