/**
 * Issue 27 item 5: the server's health while WebSocket abuse runs. Ten pupil sockets of a live
 * lesson send valid 0.85 MB stroke messages (each is closed, 1009, and comes back at once), then
 * 0.42 MB ones (under the byte burst) as fast as they can, ignoring the close, then one pupil
 * token tries 10,000 sockets (250 upgrades at a time); `GET /api/health` is timed every 20 ms
 * meanwhile (budget p99 < 100 ms), and the teacher's socket must stay open throughout.
 */
import {
  connect,
  healthProbe,
  maskedTextFrame,
  rawSocket,
  strokeMessage,
  UpgradeRefused,
} from '@dotink/server/test/realtime';
import { type Bench, below, type Figure, percentile } from './budget';
import {
  type Kind,
  load,
  note,
  onEachDatabase,
  seedTeacherClass,
  startHttpServer,
  tokenFor,
} from './serverHarness';

const PUPILS = 10;
const ABUSE_MS = 5000;
/** Upgrades tried with one pupil token, and how many at once. */
const SOCKETS = 10_000;
const AT_ONCE = 250;
const pen = (i: number) => `9C:7B:D2:10:01:${(i + 1).toString(16).toUpperCase().padStart(2, '0')}`;

async function measure(kind: Kind, adminUrl?: string): Promise<Figure[]> {
  const server = await startHttpServer(kind, adminUrl);
  try {
    const { app, base } = server;
    const { db, accounts } = app.services;
    const { teacherId, classId } = await seedTeacherClass(app, false);
    const pupils: { id: string; token: string }[] = [];
    for (let i = 0; i < PUPILS; i++) {
      const s = await accounts.createStudent({ name: `P${i}` });
      await db
        .insertInto('students')
        .values({ account_id: s.id, class_id: classId, num: i + 1, name: s.name, mac_address: pen(i) })
        .execute();
      pupils.push({ id: s.id, token: await tokenFor(app, s.id, 'openid profile storage') });
    }
    const curriculum = await db
      .insertInto('curriculums')
      .values({ class_id: classId, teacher_id: teacherId, title: 'Math' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const course = await db
      .insertInto('courses')
      .values({
        curriculum_id: curriculum.id,
        tag: 'L',
        title: 'Math',
        start_at: new Date(now - 600_000),
        end_at: new Date(now + 3_600_000),
        session_id: 'bench-live',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `${base.replace(/^http/, 'ws')}/realtime/v1/rooms/session/${course.id}_bench-live`;
    const join = (token: string) => connect(url, { protocols: ['dotink.remote.v1', `bearer.${token}`] });
    const teacher = await join(await tokenFor(app, teacherId, 'openid profile edu.read'));
    let teacherClosed = false;
    void teacher.closed.then(() => {
      teacherClosed = true;
    });

    // Ten sockets sending 0.85 MB messages, each reconnecting when closed. Each message is one
    // frame masked once (bare TCP sockets): masking it anew per send, as `ws` does, would load this
    // process, which is also the server's.
    const messages = pupils.map((p, i) => strokeMessage(p.id, 22_000, `k-${i}`, pen(i)));
    const frames = messages.map(maskedTextFrame);
    const probe = healthProbe(base);
    const until = performance.now() + ABUSE_MS;
    let sent = 0;
    let closedByBudget = 0;
    await Promise.all(
      pupils.map(async (p, i) => {
        while (performance.now() < until) {
          const c = rawSocket(url, ['dotink.remote.v1', `bearer.${p.token}`]);
          await c.opened;
          await c.send(frames[i]!);
          sent++;
          const code = await c.closeCode;
          c.end();
          if (code === 1008 || code === 1009) closedByBudget++;
        }
      }),
    );
    const bigTimes = (await probe.stop()).ms;

    // Ten sockets sending 0.42 MB messages (one fits the byte burst) as fast as they are written,
    // ignoring the close; each comes back when the server ends it. The account's budget is not
    // renewed by coming back: at most its burst and its refill reach the teacher.
    const halfFrames = pupils.map((p, i) => maskedTextFrame(strokeMessage(p.id, 11_000, `k-h${i}`, pen(i))));
    const teacherHad = teacher.messages.length;
    const probe3 = healthProbe(base);
    const until3 = performance.now() + ABUSE_MS;
    let halfSent = 0;
    await Promise.all(
      pupils.map(async (p, i) => {
        while (performance.now() < until3) {
          const c = rawSocket(url, ['dotink.remote.v1', `bearer.${p.token}`]);
          const admitted = await c.opened.then(
            () => true,
            () => false, // refused (429) while its account's earlier sockets are still ending
          );
          while (admitted && c.live() && performance.now() < until3) {
            await c.send(halfFrames[i]!);
            halfSent++;
          }
          c.end();
          if (!admitted) await new Promise((r) => setTimeout(r, 50));
        }
      }),
    );
    const ignoringTimes = (await probe3.stop()).ms;
    const relayedHalf = teacher.messages.length - teacherHad;

    // One token, 10,000 sockets: 8 admitted, the rest refused (429).
    const probe2 = healthProbe(base);
    const open: Awaited<ReturnType<typeof join>>[] = [];
    let refused = 0;
    for (let i = 0; i < SOCKETS; i += AT_ONCE) {
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          try {
            open.push(await join(pupils[0]!.token));
          } catch (error) {
            if (error instanceof UpgradeRefused) refused++;
            else throw error;
          }
        }),
      );
    }
    const socketTimes = (await probe2.stop()).ms;
    for (const c of open) c.ws.close();
    note(
      `[${kind}] ${sent} messages of ${(messages[0]!.length / 1e6).toFixed(2)} MB from ${PUPILS} sockets in ${ABUSE_MS / 1000} s, ${closedByBudget} closed 1009 (over the byte burst) or 1008; ` +
        `${halfSent} of 0.42 MB ignoring the close, ${relayedHalf} relayed; ` +
        `${SOCKETS.toLocaleString('en')} sockets of one token: ${open.length} open, ${refused} refused; teacher's socket ${teacherClosed ? 'CLOSED' : 'open'}; ${load()} (shared machine)`,
    );
    teacher.ws.close();
    return [
      below(
        `[${kind}] health p99 while 10 sockets send 0.85 MB messages`,
        percentile(bigTimes, 99),
        'ms',
        100,
      ),
      below(
        `[${kind}] health p99 while 10 sockets send 0.42 MB messages, ignoring the close`,
        percentile(ignoringTimes, 99),
        'ms',
        100,
      ),
      below(
        `[${kind}] health p99 while one token opens ${SOCKETS.toLocaleString('en')} sockets`,
        percentile(socketTimes, 99),
        'ms',
        100,
      ),
      below(`[${kind}] teacher sockets dropped`, teacherClosed ? 1 : 0, 'sockets', 1),
    ];
  } finally {
    await server.close();
  }
}

const bench: Bench = {
  name: 'WebSocket abuse: health while budgets hold (issue 27)',
  async run() {
    const out: Figure[] = [];
    await onEachDatabase(async (kind, adminUrl) => {
      const figures = await measure(kind, adminUrl);
      out.push(...figures);
      return figures[0]!;
    });
    return out;
  },
};
export default bench;
