/**
 * The vendor data at a fresh server's start (issue 16): the server (PGlite, the shared vendor
 * data as NCODE_DATA_DIR, the built-in textbooks seeded) starts listening, stays idle for 3 s,
 * then a teacher's screen asks for the demo PDF of the 124-page textbook 3.1012.1191 and a
 * project file found in `nproj/` —
 *
 * - `listen()` wall time (the start must not wait for the vendor data);
 * - CPU spent in the idle 3 s after listening (the background warm-up, if any);
 * - the first demo PDF request: CPU ms and the longest event-loop block (a 1 ms timer probe),
 *   i.e. what the realtime relay on the same loop would feel.
 *
 * Client and server share this process: the CPU figures include the client's (small) share.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, diskFileStore, loadConfig } from '@dotink/server';
import { upsertBuiltinTextbooks } from '../../apps/server/src/seed/builtinTextbooks';
import { sharedDir } from '../../test-support/shared';
import { atMost, type Bench, type Figure } from './budget';
import { cpuMs, measured } from './eventLoop';
import { freshDatabase, load, note } from './serverHarness';

const IDLE_MS = 3000;

const bench: Bench = {
  name: 'vendor data at a fresh server start (issue 16)',
  async run(): Promise<Figure[]> {
    const database = await freshDatabase('pglite');
    await upsertBuiltinTextbooks(database.db);
    const dataDir = mkdtempSync(join(tmpdir(), 'dotink-bench-'));
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NCODE_DATA_DIR: join(sharedDir, 'data', 'ncode'),
    });
    const app = await buildApp({ config, database, files: diskFileStore(config.filesDir), logger: false });
    try {
      await app.ready();
      const t0 = performance.now();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const listenMs = performance.now() - t0;
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const base = `http://127.0.0.1:${address.port}`;
      const idleCpu0 = cpuMs();
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const idleCpu = cpuMs() - idleCpu0;
      await (await fetch(`${base}/api/health`)).arrayBuffer(); // the client's first fetch is not the server's cost
      let status = 0;
      const pdf = await measured(async () => {
        const res = await fetch(`${base}/vendor/v1/books/3.1012.1191/pdf`);
        await res.arrayBuffer();
        status = res.status;
      });
      const nproj = await measured(async () => {
        await (await fetch(`${base}/vendor/v1/books/3.1013.1116/nproj`)).arrayBuffer();
      });
      note(`demo PDF answered ${status}; ${load()}`);
      return [
        atMost('listen() (wall)', listenMs, 'ms', 100),
        atMost(`CPU in the idle ${IDLE_MS / 1000} s after listening (warm-up)`, idleCpu, 'ms', 500),
        atMost('first demo PDF request, 3.1012.1191 (CPU)', pdf.cpu, 'ms', 80),
        atMost('first demo PDF request: longest event-loop block', pdf.stallMs, 'ms', 50),
        atMost('first nproj/ project file request (CPU)', nproj.cpu, 'ms', 80),
      ];
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default bench;
