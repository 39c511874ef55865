/**
 * Server budgets (issue 4, part 3), on PGlite and on PostgreSQL side by side:
 *
 * - ink upload ≥ 20,000 strokes/s: POST /inkstore/v1/data, 100-dot strokes, batches of 500,
 *   one client sending batch after batch (bodies encoded beforehand: the client's cost is not the
 *   server's);
 * - search p95 < 50 ms: GET /admin/v1/inkstore/search/{pupil} with 64 pageNumber values, walking
 *   every answer page of one pupil's 9,600 strokes (100 dots each) while the store holds
 *   10,000,000 strokes of 1,000 pupils. The data is written with INSERT … SELECT generate_series
 *   (the other pupils' strokes carry 10 dots, to keep the table near 3 GB) and kept between runs
 *   (PostgreSQL: database `dotink_bench_search_<n>`; PGlite: a data directory under
 *   node_modules/.cache). PGlite holds BENCH_PGLITE_SEARCH_STROKES (default 1,000,000): see the
 *   printed note;
 * - 100 concurrent code-issue requests: all pages distinct, p95 < 100 ms.
 *
 * Requests go through Fastify's `inject` (routing, auth, validation, JSON), not a socket.
 * PostgreSQL runs when TEST_DATABASE_URL (an admin URL with CREATEDB) is set; otherwise its
 * figures are skipped with a note.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStroke, dotsFrom, encodeStrokeUploads, type Stroke } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '@dotink/server';
import { dropPostgresDatabase } from '@dotink/server/test/postgres';
import { sql } from 'kysely';
import pg from 'pg';
import { atLeast, type Bench, below, type Figure, percentile, postgresNotMeasured } from './budget';
import { freshDatabase, type Kind, load, note, seedTeacher, startServer, tokenFor } from './serverHarness';

const here = dirname(fileURLToPath(import.meta.url));
const cacheDir = resolve(here, '..', '..', 'node_modules', '.cache', 'dotink-bench');
const HOST = 'localhost:3000';
const PUPILS = 1000;
const PUPIL_PAGES = 64;
const PUPIL_STROKES_PER_PAGE = 150;
const PG_SEARCH_STROKES = 10_000_000;
const PGLITE_SEARCH_STROKES = Number(process.env.BENCH_PGLITE_SEARCH_STROKES ?? 1_000_000);

/** This process's CPU time in ms (user + system). */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function dbUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function stroke(page: number, startMs: number, writerId: string, dots: number): Stroke {
  const list = Array.from({ length: dots }, (_, i) => ({
    xNu: 10 + (i % 50) * 0.3,
    yNu: 20 + i * 0.05,
    force: 300 + (i % 200),
    timeMs: startMs + i * 12,
  }));
  return createStroke(
    { key: `b${startMs}`, page: pageAddress(3, 1012, 1191, page), mac: 'AA:BB', writerId },
    dotsFrom(list),
  );
}

// ── ink upload ─────────────────────────────────────────────────────────────────────────────

/** Upload throughput with `clients` pupils sending batch after batch at once. */
async function uploadRate(kind: Kind, clients: number, adminUrl?: string): Promise<number> {
  const server = await startServer(await freshDatabase(kind, adminUrl));
  try {
    const batches = 100;
    const perBatch = 500;
    const senders = [];
    for (let c = 0; c < clients; c++) {
      const student = await server.app.services.accounts.createStudent({ name: `Bench pupil ${c}` });
      const auth = `Bearer ${await tokenFor(server.app, student.id, 'openid storage')}`;
      const bodies: string[] = [];
      for (let b = 0; b < batches / clients + 1; b++) {
        const strokes = Array.from({ length: perBatch }, (_, i) =>
          stroke(i % 10, 1_700_000_000_000 + (b * perBatch + i) * 2000, student.id, 100),
        );
        bodies.push(
          JSON.stringify(encodeStrokeUploads(strokes, { writer: student.id, clock: manualClock(0) })),
        );
      }
      senders.push({ auth, bodies });
    }
    const post = async (auth: string, payload: string) => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/inkstore/v1/data',
        headers: { host: HOST, authorization: auth, 'content-type': 'application/json' },
        payload,
      });
      if (res.statusCode !== 200 || res.json().data.stored !== perBatch)
        throw new Error(`upload: ${res.body.slice(0, 200)}`);
    };
    // Warm-up: each client's first batch.
    await Promise.all(senders.map((s) => post(s.auth, s.bodies[0]!)));
    const start = performance.now();
    const cpu0 = cpuMs();
    await Promise.all(
      senders.map(async (s) => {
        for (let b = 1; b < s.bodies.length; b++) await post(s.auth, s.bodies[b]!);
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const sent = senders.reduce((n, s) => n + (s.bodies.length - 1) * perBatch, 0);
    note(
      `[${kind}] ${clients} client(s): server process CPU ${((cpuMs() - cpu0) / (sent / perBatch)).toFixed(1)} ms per 500-stroke batch` +
        (kind === 'pglite' ? ' (database included)' : ' (PostgreSQL backends not included)') +
        `, wall ${((performance.now() - start) / (sent / perBatch)).toFixed(1)} ms per batch, ${load()}`,
    );
    return sent / seconds;
  } finally {
    await server.close();
  }
}

async function uploadFigures(kind: Kind, adminUrl?: string): Promise<Figure[]> {
  const one = await uploadRate(kind, 1, adminUrl);
  const four = await uploadRate(kind, 4, adminUrl);
  return [
    atLeast(`[${kind}] ink upload, 1 client (100-dot strokes, batches of 500)`, one, 'strokes/s', 20_000),
    atLeast(`[${kind}] ink upload, 4 clients at once (same batches)`, four, 'strokes/s', 20_000),
  ];
}

// ── search ─────────────────────────────────────────────────────────────────────────────────

/** Writes the search data set: `total` strokes, pupil 0 with 64 pages × 150 strokes of 100 dots. */
async function generateSearchData(
  db: DatabaseHandle['db'],
  total: number,
  log: (s: string) => void,
): Promise<void> {
  await sql`insert into schools (name, edu_office_code, school_type_code, school_code)
            values ('Bench school', 'B10', '0', 'bench')`.execute(db);
  await sql`insert into accounts (id, kind, username, name, school_id, status)
            select 'bench-t', 'teacher', 'bench-t@example.org', 'Bench teacher', s.id, 'ACTIVE'
            from schools s where s.school_code = 'bench'`.execute(db);
  await sql`insert into accounts (id, kind, username, name)
            select 'bench-s' || g, 'student', 'bench-s' || g, 'Pupil ' || g
            from generate_series(0, ${PUPILS - 1}::int) g`.execute(db);
  await sql`insert into classes (school_id, teacher_id, year, grade, class_num, class_name)
            select s.id, 'bench-t', 2025, 3, 1, 'bench' from schools s where s.school_code = 'bench'`.execute(
    db,
  );
  await sql`insert into students (account_id, class_id, num, name)
            select 'bench-s' || g, c.id, g + 1, 'Pupil ' || g
            from generate_series(0, ${PUPILS - 1}::int) g, classes c where c.class_name = 'bench'`.execute(
    db,
  );
  // 17-byte dots: delta 12 ms, force 400, x and y = 10 nu (f32 little-endian), 3 spare bytes.
  const dot = '0c00' + '0000c843' + '00002041' + '00002041' + '000000';
  const mine = PUPIL_PAGES * PUPIL_STROKES_PER_PAGE;
  const insert = (from: number, to: number, student: string, page: string, dots: number) =>
    sql`
    insert into ink_strokes (student_id, section, owner, book, page, writer_id, mac, start_time, upload_id,
      uploaded_at, created_at, category, color, pen_tip_type, stroke_type, thickness, updated, delete_flag,
      dot_count, dots)
    select ${sql.raw(student)}, 3, 1012, 1191, ${sql.raw(page)}, ${sql.raw(student)}, 'AA:BB', 1700000000000 + g * 1000,
      g / 500, now(), now(), '0', -16777216, 0, 0, 0.2, 1700000000000 + g * 1000, 0, ${dots},
      decode(repeat(${dot}, ${dots}), 'hex')
    from generate_series(${from}::bigint, ${to}::bigint) g`.execute(db);
  const step = 500_000;
  let done = 0;
  const others = total - mine;
  // Other pupils' strokes interleave with pupil 0's in id order (pupil 0's are spread through).
  const chunks = Math.max(1, Math.ceil(others / step));
  const mineStep = Math.ceil(mine / chunks);
  for (let c = 0; c < chunks; c++) {
    const from = c * step;
    const to = Math.min(others, from + step) - 1;
    await insert(from, to, `'bench-s' || (1 + g % ${PUPILS - 1})`, `(g / ${PUPILS}) % ${PUPIL_PAGES}`, 10);
    const mFrom = c * mineStep;
    const mTo = Math.min(mine, mFrom + mineStep) - 1;
    if (mTo >= mFrom) {
      await insert(others + mFrom, others + mTo, `'bench-s0'`, `g % ${PUPIL_PAGES}`, 100);
    }
    done = Math.min(others, to + 1) + Math.min(mine, mTo + 1);
    log(`  search data: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} strokes`);
  }
  await sql`analyze ink_strokes`.execute(db);
  await sql`create table bench_meta (total bigint not null)`.execute(db);
  await sql`insert into bench_meta values (${total})`.execute(db);
}

/** The search data set's database, made once and kept. */
async function searchDatabase(kind: Kind, total: number, adminUrl?: string): Promise<DatabaseHandle> {
  const log = (s: string) => process.stderr.write(`${s}\n`);
  if (kind === 'pglite') {
    const dir = join(cacheDir, `pglite-search-${total}`);
    const ready = existsSync(join(dir, '.complete'));
    if (!ready) rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
    await migrateToLatest(handle.db);
    if (!ready) {
      await generateSearchData(handle.db, total, log);
      await handle.close();
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, '.complete'), '');
      const reopened = await openDatabase({ kind: 'pglite', dataDir: dir });
      await migrateToLatest(reopened.db);
      return reopened;
    }
    return handle;
  }
  const name = `dotink_bench_search_${total}`;
  const exists = await adminQuery(adminUrl!, `select 1 from pg_database where datname = '${name}'`);
  let fresh = exists.rowCount === 0;
  if (!fresh) {
    const probe = await openDatabase({ kind: 'postgres', url: dbUrl(adminUrl!, name), maxConnections: 2 });
    const meta = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_name = 'bench_meta'`.execute(
      probe.db,
    );
    await probe.close();
    if (meta.rows[0]!.n === 0) {
      await dropPostgresDatabase(adminUrl!, name);
      fresh = true;
    }
  }
  if (fresh) await adminQuery(adminUrl!, `CREATE DATABASE ${name}`);
  const handle = await openDatabase({ kind: 'postgres', url: dbUrl(adminUrl!, name), maxConnections: 10 });
  await migrateToLatest(handle.db);
  if (fresh) await generateSearchData(handle.db, total, log);
  return handle;
}

async function searchFigure(kind: Kind, total: number, adminUrl?: string): Promise<Figure> {
  const server = await startServer(await searchDatabase(kind, total, adminUrl));
  try {
    const auth = `Bearer ${await tokenFor(server.app, 'bench-t', 'openid edu.read')}`;
    const pages = Array.from({ length: PUPIL_PAGES }, (_, i) => `pageNumber=${i}`).join('&');
    const base = `/admin/v1/inkstore/search/bench-s0?section=3&owner=1012&bookCode=1191&${pages}`;
    const times: number[] = [];
    const cpus: number[] = [];
    for (let walk = 0; walk < 4; walk++) {
      let pointer = '';
      for (;;) {
        const start = performance.now();
        const cpu0 = cpuMs();
        const res = await server.app.inject({
          url: `${base}${pointer ? `&dataPointer=${pointer}` : ''}`,
          headers: { host: HOST, authorization: auth },
        });
        const ms = performance.now() - start;
        const cpu = cpuMs() - cpu0;
        if (res.statusCode !== 200) throw new Error(`search: ${res.body.slice(0, 200)}`);
        const data = res.json().data;
        if (walk > 0) {
          times.push(ms);
          cpus.push(cpu);
        }
        if (!data.hasMore) break;
        pointer = data.nextDataPointer;
      }
    }
    note(
      `[${kind}] search: ${times.length} requests, server process CPU per request p50 ${percentile(cpus, 50).toFixed(1)} ms, p95 ${percentile(cpus, 95).toFixed(1)} ms, ${load()}`,
    );
    const label = `[${kind}] search 64 pages of one pupil, ${(total / 1e6).toLocaleString('en-US')} M strokes stored, p95`;
    return below(label, percentile(times, 95), 'ms', 50);
  } finally {
    await server.close();
  }
}

// ── code issuing ───────────────────────────────────────────────────────────────────────────

async function codeFigures(kind: Kind, adminUrl?: string): Promise<Figure[]> {
  // 1 + 5 × 100 requests of 2 pages
  const server = await startServer(await freshDatabase(kind, adminUrl), { codePages: 1100 });
  try {
    const { teacherId } = await seedTeacher(server.app, false);
    const auth = `Bearer ${await tokenFor(server.app, teacherId, 'openid profile edu.read')}`;
    const request = () =>
      server.app.inject({
        url: '/edu/v1/paper/ncode?qty=2&width=230&height=317',
        headers: { host: HOST, authorization: auth },
      });
    await request();
    const times: number[] = [];
    const pages: string[] = [];
    const rounds = 5;
    const cpu0 = cpuMs();
    for (let r = 0; r < rounds; r++) {
      const results = await Promise.all(
        Array.from({ length: 100 }, async () => {
          const start = performance.now();
          const res = await request();
          times.push(performance.now() - start);
          return res;
        }),
      );
      for (const res of results) {
        if (res.statusCode !== 200) throw new Error(`code issue: ${res.body}`);
        for (const c of res.json() as { s: number; o: number; b: number; p: number }[])
          pages.push(`${c.s}.${c.o}.${c.b}.${c.p}`);
      }
    }
    const duplicates = pages.length - new Set(pages).size;
    const issueCpuMs = (cpuMs() - cpu0) / (rounds * 100);
    // The floor under any authenticated route: the same bursts against GET /profile/v1/me.
    const floor: number[] = [];
    for (let r = 0; r < rounds; r++) {
      await Promise.all(
        Array.from({ length: 100 }, async () => {
          const start = performance.now();
          await server.app.inject({ url: '/profile/v1/me', headers: { host: HOST, authorization: auth } });
          floor.push(performance.now() - start);
        }),
      );
    }
    note(
      `[${kind}] the same bursts on GET /profile/v1/me (bearer auth only): p95 ${percentile(floor, 95).toFixed(0)} ms`,
    );
    note(
      `[${kind}] code issue: server process CPU ${issueCpuMs.toFixed(2)} ms per request (bearer auth included), ${load()}`,
    );
    return [
      below(`[${kind}] 100 concurrent code-issue requests: duplicate pages`, duplicates, 'pages', 1),
      below(
        `[${kind}] 100 concurrent code-issue requests, p95 (${rounds} rounds)`,
        percentile(times, 95),
        'ms',
        100,
      ),
    ];
  } finally {
    await server.close();
  }
}

const bench: Bench = {
  name: 'server: ink upload, ink search, code issuing (PGlite | PostgreSQL)',
  async run() {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const { cpus } = await import('node:os');
    note(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (shared)`,
    );
    const kinds = (adminUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
      (k) => !process.env.BENCH_SERVER_KINDS || process.env.BENCH_SERVER_KINDS.split(',').includes(k),
    );
    const only = process.env.BENCH_SERVER_ONLY?.split(',');
    const figures: Figure[] = [];
    const want = (what: string) => !only || only.includes(what);
    /** PGlite's figures, then PostgreSQL's (or failures saying they were not measured). */
    const onBoth = (pglite: Figure[], postgres: Figure[] | undefined) => {
      figures.push(...pglite, ...(postgres ?? (adminUrl ? [] : postgresNotMeasured(pglite))));
    };
    const each = async (part: (kind: 'pglite' | 'postgres') => Promise<Figure[]>) => {
      const pglite = kinds.includes('pglite') ? await part('pglite') : [];
      onBoth(pglite, kinds.includes('postgres') ? await part('postgres') : undefined);
    };
    if (want('upload')) await each((kind) => uploadFigures(kind, adminUrl));
    if (want('search')) {
      if (PGLITE_SEARCH_STROKES < PG_SEARCH_STROKES) {
        console.log(
          `note: PGlite search measured with ${PGLITE_SEARCH_STROKES.toLocaleString('en-US')} strokes stored ` +
            '(BENCH_PGLITE_SEARCH_STROKES); the query walks an index on (student, id), so its cost grows with the ' +
            "pupil's strokes, not the table's (log n for the index descent)",
        );
      }
      const pglite = [await searchFigure('pglite', PGLITE_SEARCH_STROKES)];
      onBoth(pglite, adminUrl ? [await searchFigure('postgres', PG_SEARCH_STROKES, adminUrl)] : undefined);
    }
    if (want('codes')) await each((kind) => codeFigures(kind, adminUrl));
    return figures;
  },
};

export default bench;
