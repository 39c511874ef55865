/**
 * A 1,000-pupil import and everyone else (issue 11, item 2): PUT /edu/v1/class/{id}/students
 * with 1,000 new pupils over HTTP while another client asks GET /api/health (which reads the
 * database) every 20 ms. Budget: the import never delays another request by more than 100 ms —
 * the figure is the slowest health answer during the import, beside the import's own time.
 *
 * PostgreSQL runs when TEST_DATABASE_URL (an admin URL with CREATEDB) is set.
 */
import { type Bench, below, type Figure, percentile } from './budget';
import {
  type Kind,
  loadOnCores,
  note,
  onEachDatabase,
  seedTeacherClass,
  startHttpServer,
  tokenFor,
} from './serverHarness';

const PUPILS = 1000;
const HEALTH_EVERY_MS = 20;

async function importFigure(kind: Kind, adminUrl?: string): Promise<Figure> {
  const server = await startHttpServer(kind, adminUrl);
  try {
    const { teacherId, classId } = await seedTeacherClass(server.app, true);
    const auth = `Bearer ${await tokenFor(server.app, teacherId, 'openid edu.read edu.write admin.read admin.write')}`;
    const headers = { authorization: auth, host: 'localhost:3000', 'content-type': 'application/json' };
    const health = async () => {
      const start = performance.now();
      const res = await fetch(`${server.base}/api/health`, { headers: { host: 'localhost:3000' } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`health: ${res.status}`);
      return performance.now() - start;
    };
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push(await health());
    const rows = Array.from({ length: PUPILS }, (_, i) => ({ name: `Pupil ${i + 1}` }));
    let done = false;
    const start = performance.now();
    const importing = fetch(`${server.base}/edu/v1/class/${classId}/students`, {
      method: 'PUT',
      headers,
      body: JSON.stringify(rows),
    }).then(async (res) => {
      const body = (await res.json()) as { data?: { students?: unknown[] } };
      done = true;
      if (res.status !== 200 || body.data?.students?.length !== PUPILS)
        throw new Error(`import: ${res.status}`);
      return performance.now() - start;
    });
    importing.catch(() => {
      done = true;
    });
    const during: number[] = [];
    while (!done) {
      during.push(await health());
      await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
    }
    const importMs = await importing;
    note(
      `[${kind}] import of ${PUPILS} pupils took ${(importMs / 1000).toFixed(1)} s; ${during.length} health requests meanwhile: ` +
        `p50 ${percentile(during, 50).toFixed(1)} ms, p99 ${percentile(during, 99).toFixed(1)} ms, ` +
        `max ${Math.max(...during).toFixed(1)} ms, ${during.filter((ms) => ms >= 100).length} over 100 ms ` +
        `(before it, idle: p50 ${percentile(idle, 50).toFixed(1)} ms, max ${Math.max(...idle).toFixed(1)} ms), ` +
        loadOnCores(),
    );
    return below(
      `[${kind}] health request during a ${PUPILS}-pupil import, slowest`,
      Math.max(...during),
      'ms',
      100,
    );
  } finally {
    await server.close();
  }
}

const bench: Bench = {
  name: 'server: a 1,000-pupil import beside other requests (PGlite | PostgreSQL)',
  run: () => onEachDatabase(importFigure),
};

export default bench;
