/**
 * The OneRoster preview of a 10,000-user roster (issue 30 item 3), as the administrator gets it:
 * `POST /edu/v1/oneroster` with the zip over HTTP against a real server (the school, its teacher
 * and no classes yet: every one of the 360 classes and 9,999 pupils is new), timed from the
 * request to the parsed answer. Budget: < 3 s end to end — the figure is the slowest of the runs,
 * the first (cold) one included. The classroom tab only sends the file and shows the answer (no
 * parsing in the tab), so it stays responsive whatever the roster's size.
 *
 * PostgreSQL runs when TEST_DATABASE_URL (an admin URL with CREATEDB) is set.
 */
import { type Bench, below, type Figure, percentile } from './budget';
import { largeRoster } from './oneRosterRoster';
import {
  type Kind,
  loadOnCores,
  note,
  onEachDatabase,
  seedTeacher,
  startHttpServer,
  tokenFor,
} from './serverHarness';

const USERS = 10_000;
const RUNS = 5;
const BUDGET_MS = 3000;

async function previewFigure(kind: Kind, adminUrl?: string): Promise<Figure> {
  const server = await startHttpServer(kind, adminUrl);
  try {
    const { schoolId, teacherId } = await seedTeacher(server.app, true);
    const school = await server.app.services.db
      .selectFrom('schools')
      .select('name')
      .where('id', '=', schoolId)
      .executeTakeFirstOrThrow();
    // one teacher (the administrator, by e-mail) and 9,999 pupils
    const zip = largeRoster(school.name, 'bench@example.org', USERS - 1);
    const token = await tokenFor(server.app, teacherId, 'openid edu.read edu.write admin.read admin.write');
    const headers = {
      authorization: `Bearer ${token}`,
      host: 'localhost:3000',
      'content-type': 'application/zip',
    };
    const times: number[] = [];
    let counts: Record<string, number> = {};
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await fetch(`${server.base}/edu/v1/oneroster`, {
        method: 'POST',
        headers,
        body: Buffer.from(zip),
      });
      const body = (await res.json()) as {
        data?: { counts: Record<string, number>; problems: unknown[] };
      };
      times.push(performance.now() - start);
      if (res.status !== 200 || !body.data) throw new Error(`preview: ${res.status}`);
      if (body.data.problems.length > 0) throw new Error(`preview: ${body.data.problems.length} problems`);
      counts = body.data.counts;
    }
    if (counts.pupilsNew !== USERS - 1 || counts.classesNew !== 360)
      throw new Error(`preview counted ${JSON.stringify(counts)}`);
    note(
      `[${kind}] ${USERS.toLocaleString('en-US')} users (${(zip.length / 1000).toFixed(0)} kB zip, 360 classes): ` +
        `runs ${times.map((t) => t.toFixed(0)).join(', ')} ms, p50 ${percentile(times, 50).toFixed(0)} ms, ` +
        loadOnCores(),
    );
    return below(
      `[${kind}] OneRoster preview of ${USERS.toLocaleString('en-US')} users, slowest of ${RUNS}`,
      Math.max(...times),
      'ms',
      BUDGET_MS,
    );
  } finally {
    await server.close();
  }
}

const bench: Bench = {
  name: 'server: OneRoster preview of a 10,000-user roster over HTTP (PGlite | PostgreSQL)',
  run: () => onEachDatabase(previewFigure),
};

export default bench;
