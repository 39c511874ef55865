/**
 * A bounded HTTP load: `connections` keep-alive clients on loopback, each sending the next GET
 * as soon as its answer is read, for `seconds` (after `warmupSeconds`), from a child process (so
 * the server's process, whose CPU time the bench reports, does not also run the clients).
 * Answers requests per second, the latencies and the statuses seen. Not a bench file itself.
 */
import { spawn } from 'node:child_process';

export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly perSecond: number;
  /** Latencies of the measured requests, ms. */
  readonly latencies: number[];
  /** Requests per status code. */
  readonly statuses: Record<string, number>;
  /** Bytes of the last answer body. */
  readonly bodyBytes: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly connections: number;
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** Stop after this many measured requests, whatever the time. */
  readonly maxRequests?: number;
}

const CLIENT = `
const http = require('node:http');
const { url, headers, connections, seconds, warmupSeconds, maxRequests } = JSON.parse(process.env.LOAD);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
const statuses = {};
let bodyBytes = 0;
let measuring = false;
let stopped = false;
let requests = 0;
let start = 0;
function one() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      let n = 0;
      res.on('data', (c) => { n += c.length; });
      res.on('end', () => {
        if (measuring && !stopped) {
          latencies.push(performance.now() - t0);
          statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1;
          requests++;
          if (requests >= maxRequests) stopped = true;
        }
        bodyBytes = n;
        resolve();
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
async function client() { while (!stopped) await one(); }
setTimeout(() => { measuring = true; start = performance.now(); }, warmupSeconds * 1000);
setTimeout(() => { stopped = true; }, (warmupSeconds + seconds) * 1000);
Promise.all(Array.from({ length: connections }, client)).then(() => {
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  process.stdout.write(JSON.stringify({ requests, seconds: elapsed, latencies, statuses, bodyBytes }));
}, (error) => process.stdout.write(JSON.stringify({ error: String(error) })));
`;

/** Runs the load and answers what it measured. */
export function httpLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT], {
      env: { ...process.env, LOAD: JSON.stringify({ maxRequests: 1e12, ...options }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => {
      out += c;
    });
    child.on('error', reject);
    child.on('close', () => {
      try {
        const m = JSON.parse(out) as Omit<LoadResult, 'perSecond'> & { error?: string };
        if (m.error !== undefined) reject(new Error(m.error));
        else resolve({ ...m, perSecond: m.requests / m.seconds });
      } catch {
        reject(new Error(`load client: ${out.slice(0, 200)}`));
      }
    });
  });
}
