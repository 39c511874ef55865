#!/usr/bin/env node
// `npm start`: builds what is needed and serves both apps on the embedded database.
// The server lands with its own issue; until then this says so plainly.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../apps/server/package.json', import.meta.url))) {
  console.log('dotink: server not built yet — the engine packages are ready; run `npm test`.');
  process.exit(0);
}
const { spawnSync } = await import('node:child_process');
const r = spawnSync('npm', ['run', '--workspace', 'apps/server', 'start'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
