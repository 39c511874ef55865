#!/usr/bin/env node
// `npm start`: builds the web apps that are not built yet, then runs the server, which migrates
// the embedded database, seeds the demo school and prints the address and demo logins.
// `npm start -- --rebuild` rebuilds the web apps first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const rebuild = process.argv.includes('--rebuild');
const webApps = ['apps/board', 'apps/classroom'];

// Data (the embedded database, files) lives in ./data at the repository root unless DATA_DIR says otherwise.
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? fileURLToPath(new URL('data', root)) };

function run(args) {
  const r = spawnSync('npm', args, { stdio: 'inherit', cwd: root, env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

for (const app of webApps) {
  if (!existsSync(new URL(`${app}/package.json`, root))) continue;
  if (rebuild || !existsSync(new URL(`${app}/dist/index.html`, root))) {
    console.log(`dotink: building ${app} …`);
    run(['run', 'build', '--workspace', app]);
  }
}
run(['run', '--workspace', 'apps/server', 'start']);
