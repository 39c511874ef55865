#!/usr/bin/env node
// `npm start` smoke test on the Node that runs this script: starts `npm start` with this Node
// first on PATH (a fresh data directory, a free port), waits for GET /api/health, then checks
// that the note board answers at /board/. Writes a Vitest-like JSON report (numPassedTests,
// numFailedTests) to the path given as the first argument, for scripts/ci-summary.mjs.
// Usage: path/to/node scripts/smoke-start.mjs reports/smoke.json
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reportFile = process.argv[2];
const START_TIMEOUT_MS = Number(process.env.SMOKE_START_TIMEOUT_MS ?? 300_000);

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'dotink-smoke-'));
const base = `http://127.0.0.1:${port}`;
const failures = [];
let output = '';
const PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
// The `node` npm start runs must be this one.
const onPath = spawnSync('node', ['--version'], {
  env: { ...process.env, PATH },
  encoding: 'utf8',
}).stdout?.trim();
if (onPath !== process.version) {
  console.log(`smoke: node on PATH is ${onPath}, not ${process.version}`);
  process.exit(1);
}
const child = spawn('npm', ['start'], {
  cwd: root,
  detached: true, // its own process group: npm → start.mjs → npm → node dist/main.js, ended together
  env: {
    ...process.env,
    PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (c) => (output += c));
child.stderr.on('data', (c) => (output += c));
let exited = false;
child.on('exit', () => (exited = true));

try {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let healthy = false;
  while (!healthy && !exited && Date.now() < deadline) {
    try {
      healthy = (await get(`${base}/api/health`)).status === 200;
    } catch {
      await sleep(500); // not listening yet
    }
  }
  if (!healthy) failures.push(`GET /api/health did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
  else {
    const board = await get(`${base}/board/`);
    if (board.status !== 200 || !board.type.includes('text/html') || !board.text.includes('<div id="root"'))
      failures.push(`GET /board/ answered ${board.status} ${board.type}, not the note board's page`);
  }
} catch (error) {
  failures.push(String(error));
} finally {
  if (!exited) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    for (let i = 0; i < 40 && !exited; i++) await sleep(250);
    if (!exited) process.kill(-child.pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const what = `npm start on Node ${process.version}: /api/health and /board/`;
if (failures.length === 0) console.log(`smoke: ${what}: ok\n${output.trim()}`);
else {
  console.log(
    `smoke: ${what}: FAILED\n  ${failures.join('\n  ')}\n--- server output ---\n${output.slice(-4000)}`,
  );
}
if (reportFile) {
  writeFileSync(
    reportFile,
    JSON.stringify({
      numPassedTests: failures.length === 0 ? 1 : 0,
      numFailedTests: failures.length === 0 ? 0 : 1,
    }),
  );
}
process.exit(failures.length === 0 ? 0 : 1);
