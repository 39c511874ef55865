/**
 * The page-ink query as 50 teachers feel it (issue 11, "Speed"): GET
 * /admin/v1/inkstore/search/{pupil} for one page of 175 strokes (a ~156 kB answer), from 50
 * keep-alive connections over loopback HTTP at once, for 10 s after a 2 s warm-up. Budgets at 50
 * connections: PGlite ≥ 300 req/s, PostgreSQL ≥ 1,000 req/s; p99 printed beside each.
 *
 * PostgreSQL runs when TEST_DATABASE_URL (an admin URL with CREATEDB) is set.
 */
import { createStroke, dotsFrom, encodeStrokeUploads, type Stroke } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import { atLeast, type Bench, type Figure, percentile } from './budget';
import { httpLoad } from './httpLoad';
import {
  type Kind,
  loadOnCores,
  note,
  onEachDatabase,
  seedTeacherClass,
  startHttpServer,
  tokenFor,
} from './serverHarness';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const STROKES = 175;
const DOTS = 20;
const BUDGET: Record<Kind, number> = { pglite: 300, postgres: 1000 };

function stroke(i: number, writerId: string): Stroke {
  const startMs = 1_741_000_000_000 + i * 2000;
  const list = Array.from({ length: DOTS }, (_, d) => ({
    xNu: 10 + (i % 40) + d * 0.3,
    yNu: 20 + (i % 30) + d * 0.05,
    force: 300 + (d % 200),
    timeMs: startMs + d * 12,
  }));
  return createStroke(
    { key: `s${i}`, page: pageAddress(3, 1012, 1191, 1), mac: 'AA:BB', writerId },
    dotsFrom(list),
  );
}

async function searchLoad(kind: Kind, adminUrl?: string): Promise<Figure> {
  const server = await startHttpServer(kind, adminUrl);
  try {
    const { db, accounts } = server.app.services;
    const { teacherId, classId } = await seedTeacherClass(server.app, false);
    const pupil = await accounts.createStudent({ name: 'Pupil' });
    await db
      .insertInto('students')
      .values({ account_id: pupil.id, class_id: classId, num: 1, name: 'Pupil' })
      .execute();
    const pupilAuth = `Bearer ${await tokenFor(server.app, pupil.id, 'openid storage')}`;
    const strokes = Array.from({ length: STROKES }, (_, i) => stroke(i, pupil.id));
    const upload = await fetch(`${server.base}/inkstore/v1/data`, {
      method: 'POST',
      headers: { authorization: pupilAuth, 'content-type': 'application/json', host: 'localhost:3000' },
      body: JSON.stringify(encodeStrokeUploads(strokes, { writer: pupil.id, clock: manualClock(0) })),
    });
    if (upload.status !== 200) throw new Error(`upload: ${await upload.text()}`);
    const auth = `Bearer ${await tokenFor(server.app, teacherId, 'openid edu.read')}`;
    const url = `${server.base}/admin/v1/inkstore/search/${pupil.id}?section=3&owner=1012&bookCode=1191&pageNumber=1`;
    const headers = { authorization: auth, host: 'localhost:3000' };
    const check = await fetch(url, { headers });
    const answer = (await check.json()) as { data: { resultElements: { data: string }[]; hasMore: boolean } };
    if (check.status !== 200 || answer.data.hasMore) throw new Error('search: unexpected answer');
    const cpu0 = process.cpuUsage();
    const r = await httpLoad({ url, headers, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 2 });
    const cpu = process.cpuUsage(cpu0);
    const bad = Object.entries(r.statuses).filter(([s]) => s !== '200');
    if (bad.length > 0) throw new Error(`search under load answered ${JSON.stringify(r.statuses)}`);
    note(
      `[${kind}] ${r.requests} requests in ${r.seconds.toFixed(1)} s, answer ${(r.bodyBytes / 1000).toFixed(0)} kB, ` +
        `p50 ${percentile(r.latencies, 50).toFixed(0)} ms, p99 ${percentile(r.latencies, 99).toFixed(0)} ms; ` +
        `server process CPU ${((cpu.user + cpu.system) / 1000 / r.requests).toFixed(2)} ms per request` +
        (kind === 'pglite' ? ' (database included)' : ' (PostgreSQL backends not included)') +
        ', ' +
        loadOnCores(),
    );
    return atLeast(
      `[${kind}] page ink, ${CONNECTIONS} connections (p99 ${percentile(r.latencies, 99).toFixed(0)} ms)`,
      r.perSecond,
      'req/s',
      BUDGET[kind],
    );
  } finally {
    await server.close();
  }
}

const bench: Bench = {
  name: 'server: page-ink search under 50 concurrent HTTP connections (PGlite | PostgreSQL)',
  run: () => onEachDatabase(searchLoad),
};

export default bench;
