#!/usr/bin/env node
// `npm run start:cluster`: builds the web apps that are not built yet, then starts three
// supervised server processes on one PostgreSQL (DATABASE_URL, required) and one object store
// (S3_*, or s3rver as its own process under ./data/s3) behind nginx on CLUSTER_PORT (default
// 3000), configured from deploy/nginx/. See apps/server/README.md, "District deployment".
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const webApps = ['apps/board', 'apps/classroom'];

if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster: DATABASE_URL is required: the processes share one PostgreSQL database\n' +
      '  e.g. DATABASE_URL=postgres://dotink:dotink@127.0.0.1:5432/dotink npm run start:cluster',
  );
  process.exit(1);
}
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? fileURLToPath(new URL('data', root)) };

function run(args) {
  const r = spawnSync('npm', args, { stdio: 'inherit', cwd: root, env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

for (const app of webApps) {
  if (!existsSync(new URL(`${app}/package.json`, root))) continue;
  if (!existsSync(new URL(`${app}/dist/index.html`, root))) {
    console.log(`dotink: building ${app} …`);
    run(['run', 'build', '--workspace', app]);
  }
}
run(['run', '--workspace', 'apps/server', 'start:cluster']);
