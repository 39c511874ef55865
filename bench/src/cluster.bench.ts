/**
 * Issues 17 and 26: three server processes against one, on the same PostgreSQL and one s3rver,
 * each behind nginx (`npm run start:cluster`'s configuration, so both pay the same hop): the
 * page-ink query (GET /admin/v1/inkstore/search/{pupil}, one page of 175 strokes, 50 keep-alive
 * connections) and the ink upload (POST /inkstore/v1/data, batches of 50 strokes, each batch new,
 * 12 clients at once).
 *
 * The figure is the server processes' CPU per request (read from /proc, over the requests nginx
 * logged), 3 processes against 1: what the design costs when spread (nginx's pooled upstream
 * connections, the shared caches missing more often, LISTEN/NOTIFY). Budget ≤ 1.2×. Requests per
 * second and p99 are printed beside it: on this machine's 2 shared cores they measure the
 * machine (three processes compete with PostgreSQL and the load generators), not the design.
 *
 * Runs when TEST_DATABASE_URL (an admin URL with CREATEDB) is set.
 */
import { createStroke, dotsFrom, encodeStrokeUploads, type Stroke } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import { migrateToLatest, openDatabase } from '@dotink/server';
import { type RunningCluster, startCluster } from '@dotink/server/cluster';
import { createPostgresDatabase } from '@dotink/server/test/postgres';
import { startS3Server } from '@dotink/server/test/s3';
import { atMost, type Bench, type Figure, NO_POSTGRES, notMeasured, percentile } from './budget';
import { httpLoad } from './httpLoad';
import { totalCpuMs } from './processCpu';
import { BENCH_CLIENT, loadOnCores, note, seedTeacherClass, startServer, tokenFor } from './serverHarness';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const SEARCH_CONNECTIONS = 50;
const UPLOADERS = 12;
const PER_BATCH = 50;

function stroke(i: number, writerId: string, page = 1): Stroke {
  const startMs = 1_741_000_000_000 + i * 2000;
  const list = Array.from({ length: 20 }, (_, d) => ({
    xNu: 10 + (i % 40) + d * 0.3,
    yNu: 20 + (i % 30) + d * 0.05,
    force: 300 + (d % 200),
    timeMs: startMs + d * 12,
  }));
  return createStroke(
    { key: `s${i}`, page: pageAddress(3, 1012, 1191, page), mac: 'AA:BB', writerId },
    dotsFrom(list),
  );
}

interface Load {
  readonly perSecond: number;
  readonly p99: number;
  /** Server CPU (all processes) per request served, ms. */
  readonly cpuMs: number;
}

interface Side {
  readonly search: Load;
  readonly upload: Load;
}

/** Runs `load` and charges the processes' CPU to the requests nginx logged meanwhile. */
async function charged<T>(cluster: RunningCluster, load: () => Promise<T>): Promise<T & { cpuMs: number }> {
  const pids = cluster.processes.map((p) => p.child.pid!);
  const served = () => cluster.served().reduce((a, n) => a + n, 0);
  const [cpu0, n0] = [totalCpuMs(pids), served()];
  const result = await load();
  await new Promise((r) => setTimeout(r, 300)); // nginx logs a request as it ends
  const [cpu1, n1] = [totalCpuMs(pids), served()];
  return { ...result, cpuMs: (cpu1 - cpu0) / Math.max(1, n1 - n0) };
}

/** POSTs distinct batches from `clients` concurrent loops for `seconds` after a 1 s warm-up. */
async function uploadLoad(url: string, auth: string, writer: string, clients: number, seconds: number) {
  let next = 1_000_000;
  const latencies: number[] = [];
  let measuring = false;
  let stopped = false;
  let requests = 0;
  const statuses: Record<number, number> = {};
  const loop = async () => {
    while (!stopped) {
      const first = next;
      next += PER_BATCH;
      const body = JSON.stringify(
        encodeStrokeUploads(
          Array.from({ length: PER_BATCH }, (_, i) => stroke(first + i, writer, 2)),
          { writer, clock: manualClock(0) },
        ),
      );
      const t0 = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      if (measuring && !stopped) {
        latencies.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        requests++;
      }
    }
  };
  const warm = setTimeout(() => {
    measuring = true;
  }, 1000);
  let start = 0;
  const started = setTimeout(() => {
    start = performance.now();
  }, 1000);
  const stop = setTimeout(
    () => {
      stopped = true;
    },
    (1 + seconds) * 1000,
  );
  await Promise.all(Array.from({ length: clients }, loop));
  clearTimeout(warm);
  clearTimeout(started);
  clearTimeout(stop);
  const elapsed = (performance.now() - start) / 1000;
  if (Object.keys(statuses).some((s) => s !== '200'))
    throw new Error(`upload answered ${JSON.stringify(statuses)}`);
  return { perSecond: requests / elapsed, p99: percentile(latencies, 99) };
}

async function measure(processes: number, adminUrl: string): Promise<Side> {
  const created = await createPostgresDatabase(adminUrl);
  const database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 4 });
  await migrateToLatest(database.db);
  const seeder = await startServer(database);
  const s3 = await startS3Server();
  try {
    const { db, accounts } = seeder.app.services;
    const { teacherId, classId } = await seedTeacherClass(seeder.app, false);
    const pupil = await accounts.createStudent({ name: 'Pupil' });
    await db
      .insertInto('students')
      .values({ account_id: pupil.id, class_id: classId, num: 1, name: 'Pupil' })
      .execute();
    const pupilAuth = `Bearer ${await tokenFor(seeder.app, pupil.id, 'openid storage')}`;
    const teacherAuth = `Bearer ${await tokenFor(seeder.app, teacherId, 'openid edu.read')}`;
    const cluster = await startCluster({
      env: {
        DATABASE_URL: created.url,
        ...s3.env,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        OAUTH_CLIENTS: JSON.stringify([BENCH_CLIENT]),
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      processes,
      publicHost: '127.0.0.1',
    });
    try {
      const base = cluster.nginx.url;
      const first = await fetch(`${base}/inkstore/v1/data`, {
        method: 'POST',
        headers: { authorization: pupilAuth, 'content-type': 'application/json' },
        body: JSON.stringify(
          encodeStrokeUploads(
            Array.from({ length: 175 }, (_, i) => stroke(i, pupil.id)),
            { writer: pupil.id, clock: manualClock(0) },
          ),
        ),
      });
      if (first.status !== 200) throw new Error(`upload: ${first.status} ${await first.text()}`);
      const searchUrl = `${base}/admin/v1/inkstore/search/${pupil.id}?section=3&owner=1012&bookCode=1191&pageNumber=1`;
      const check = await fetch(searchUrl, { headers: { authorization: teacherAuth } });
      if (check.status !== 200) throw new Error(`search: ${check.status} ${await check.text()}`);
      const search = await charged(cluster, async () => {
        const r = await httpLoad({
          url: searchUrl,
          headers: { authorization: teacherAuth },
          connections: SEARCH_CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: 2,
        });
        const bad = Object.keys(r.statuses).filter((s) => s !== '200');
        if (bad.length > 0) throw new Error(`search under load answered ${JSON.stringify(r.statuses)}`);
        return { perSecond: r.perSecond, p99: percentile(r.latencies, 99) };
      });
      const upload = await charged(cluster, () =>
        uploadLoad(`${base}/inkstore/v1/data`, pupilAuth, pupil.id, UPLOADERS, SECONDS),
      );
      note(
        `[${processes} process${processes === 1 ? '' : 'es'}] served per process: ${cluster.served().join(', ')}; ${loadOnCores()}`,
      );
      return { search, upload };
    } finally {
      await cluster.close();
    }
  } finally {
    await s3.close();
    await seeder.close();
    await created.drop();
  }
}

const bench: Bench = {
  name: 'cluster: 3 server processes against 1 (same PostgreSQL, nginx in front)',
  async run(): Promise<Figure[]> {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      return [
        notMeasured('page-ink query: server CPU per request, 3 processes / 1', '×', '≤ 1.2', NO_POSTGRES),
        notMeasured('ink upload: server CPU per request, 3 processes / 1', '×', '≤ 1.2', NO_POSTGRES),
      ];
    }
    const one = await measure(1, adminUrl);
    const three = await measure(3, adminUrl);
    const row = (what: string, a: Load, b: Load) =>
      `${what.padEnd(24)} ${a.cpuMs.toFixed(2).padStart(6)} ms CPU/req ${a.perSecond.toFixed(0).padStart(5)} req/s p99 ${a.p99.toFixed(0).padStart(5)} ms | ` +
      `${b.cpuMs.toFixed(2).padStart(6)} ms CPU/req ${b.perSecond.toFixed(0).padStart(5)} req/s p99 ${b.p99.toFixed(0).padStart(5)} ms`;
    note(`${''.padEnd(24)} ${'1 process'.padEnd(44)} | 3 processes`);
    note(row('page-ink query (50 conn)', one.search, three.search));
    note(row(`ink upload (${UPLOADERS} × ${PER_BATCH})`, one.upload, three.upload));
    note('req/s on 2 shared cores measure the machine, not the design; CPU per request is the figure');
    return [
      atMost(
        'page-ink query: server CPU per request, 3 processes / 1',
        three.search.cpuMs / one.search.cpuMs,
        '×',
        1.2,
      ),
      atMost(
        'ink upload: server CPU per request, 3 processes / 1',
        three.upload.cpuMs / one.upload.cpuMs,
        '×',
        1.2,
      ),
    ];
  },
};

export default bench;
