#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
// Builds the server to JavaScript in apps/server/dist/ (esbuild): `main.js` (what `npm start` and
// the container image run with plain `node`) and `pgliteWorker.js` (the embedded database's
// worker thread, loaded beside it). The workspace packages (@dotink/*, TypeScript sources) are
// bundled in; every other package stays an import of node_modules, so the build runs on the
// server's production dependencies only (`npm ci --omit=dev`).
// Usage: node apps/server/scripts/build.mjs [outdir]
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Bare imports other than our workspace packages are left to Node (node_modules). */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@dotink/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds into `outdir` (default apps/server/dist) and answers esbuild's metafile (inputs and the
 * imports each output keeps).
 */
export async function buildServer(outdir = `${serverDir}dist`) {
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: { main: 'src/main.ts', pgliteWorker: 'src/db/pgliteWorker.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [keepPackagesExternal],
  });
  return result.metafile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer(process.argv[2]);
}
