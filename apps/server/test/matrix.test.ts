/**
 * The access matrix of the education API (classroom.md §6): every route of §7 and the ink search,
 * called by every kind of caller (a teacher reaches only their own classes; a colleague of the
 * same school who does not teach the class is refused like a stranger; the administrator reaches
 * every class of the school). Anonymous callers get 401; a caller the route is not for gets 403 (with the
 * generic failure answer); the callers it is for get their answer. Routes that change data get
 * fresh records per call, so each cell stands alone.
 */
import { beforeAll, expect, it } from 'vitest';
import type { App } from '../src/platform/types';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from './harness';
import {
  authCodeOf,
  blankPdf,
  buildEduWorld,
  type Caller,
  call,
  type EduWorld,
  insertCurriculum,
  multipartBody,
  newTeacher,
  type Role,
  reservePages,
  roles,
  unique,
} from './matrixFixtures';
import { connect, listenWs, UpgradeRefused } from './realtimeClient';

interface Req {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly payload?: unknown;
  readonly headers?: Record<string, string>;
}

interface RouteCase {
  readonly route: string;
  /** Statuses of the callers the route is for (anonymous: 401, anyone else: 403). */
  readonly expect: Partial<Record<Role, number>>;
  readonly request: (app: App, w: EduWorld) => Promise<Req>;
}

const ok = (...who: Role[]) => Object.fromEntries(who.map((r) => [r, 200])) as Partial<Record<Role, number>>;
const staff = ok('teacher', 'admin');
/** The analytics summary query of the world's class on book 1191. */
const summaryQuery = (w: EduWorld) =>
  `eduClassId=${w.classId}&section=3&owner=1012&book=1191&ncodeStartPage=1&ncodeEndPage=124`;

async function podWithPdf(
  app: App,
  w: EduWorld,
): Promise<{ lecture: number; textbook: number; book: number }> {
  const lecture = await insertCurriculum(app, w.callers.teacher.id, w.classId);
  const stored = await app.services.files.put(await blankPdf(1));
  const book = 5000 + unique();
  const row = await app.services.db
    .insertInto('textbooks')
    .values({
      curriculum_id: lecture,
      type: 'POD',
      title: 'Worksheet',
      section: 3,
      owner: 27,
      book,
      ncode_start_page: 1,
      ncode_end_page: 4,
      num_pages: 1,
      pdf_sha256: stored.sha256,
      pdf_name: 'worksheet.pdf',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { lecture, textbook: row.id, book };
}

async function lesson(app: App, lecture: number, sessionStatus = 'ACTIVE'): Promise<number> {
  const row = await app.services.db
    .insertInto('courses')
    .values({
      curriculum_id: lecture,
      tag: 'Lesson',
      title: 'Lecture',
      start_at: '2025-03-04T09:00:00Z',
      end_at: '2025-03-04T10:00:00Z',
      session_status: sessionStatus,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const lectureOf = (app: App, w: EduWorld) => insertCurriculum(app, w.callers.teacher.id, w.classId);

/** A lesson with a session (a live room) of the world's class. */
async function liveLessonOf(app: App, w: EduWorld): Promise<number> {
  const id = await lesson(app, await lectureOf(app, w));
  await app.services.db
    .updateTable('courses')
    .set({ session_id: `live-${id}` })
    .where('id', '=', id)
    .execute();
  return id;
}

const cases: readonly RouteCase[] = [
  {
    route: 'GET /edu/v1/teacher',
    expect: ok('pending', 'noSchool', 'teacher', 'colleague', 'admin', 'otherSchool', 'otherAdmin'),
    request: async () => ({ method: 'GET', url: '/edu/v1/teacher' }),
  },
  {
    route: 'GET /edu/v1/teachers',
    // Each administrator lists their own school's teachers (checked below: none of the other's).
    expect: ok('admin', 'otherAdmin'),
    request: async () => ({ method: 'GET', url: '/edu/v1/teachers' }),
  },
  {
    route: 'PUT /edu/v1/teacher/{teacherId}',
    expect: ok('admin'),
    request: async (app, w) => {
      const t = await newTeacher(app, { status: 'PENDING_ACTIVE', schoolId: w.schoolA.id });
      return { method: 'PUT', url: `/edu/v1/teacher/${t.id}`, payload: { status: 'ACTIVE' } };
    },
  },
  {
    route: 'DELETE /edu/v1/teacher/{teacherId}/school',
    expect: ok('admin'),
    request: async (app, w) => {
      const t = await newTeacher(app, { status: 'PENDING_ACTIVE', schoolId: w.schoolA.id });
      return { method: 'DELETE', url: `/edu/v1/teacher/${t.id}/school` };
    },
  },
  {
    route: 'GET /edu/v1/schools',
    expect: ok('pending', 'noSchool', 'teacher', 'colleague', 'admin', 'otherSchool', 'otherAdmin'),
    request: async () => ({ method: 'GET', url: `/edu/v1/schools?schoolName=${encodeURIComponent('한빛')}` }),
  },
  {
    route: 'GET /edu/v1/classes',
    expect: ok('teacher', 'colleague', 'admin', 'otherSchool', 'otherAdmin'),
    request: async () => ({ method: 'GET', url: '/edu/v1/classes' }),
  },
  {
    route: 'POST /edu/v1/class',
    // A class of the administrator's own school.
    expect: ok('admin', 'otherAdmin'),
    request: async () => {
      const n = unique();
      return {
        method: 'POST',
        url: '/edu/v1/class',
        // Grades 1–3: valid in school B (a high school) too.
        payload: { year: 2025 + (n % 3), grade: 1 + (n % 3), classNum: 1 + (n % 20) },
      };
    },
  },
  {
    route: 'PUT /edu/v1/class/{eduClassId}',
    expect: ok('admin'),
    request: async (_app, w) => ({
      method: 'PUT',
      url: `/edu/v1/class/${w.classId}`,
      payload: { className: `3-1 ${unique()}` },
    }),
  },
  {
    route: 'GET /edu/v1/class/{eduClassId}/students/{studentId}/credentials',
    expect: staff,
    request: async (_app, w) => ({
      method: 'GET',
      url: `/edu/v1/class/${w.classId}/students/${w.studentIds[2]}/credentials`,
    }),
  },
  {
    route: 'POST /edu/v1/class/{eduClassId}/students/{studentId}/credentials/reset',
    expect: staff,
    request: async (_app, w) => ({
      method: 'POST',
      url: `/edu/v1/class/${w.classId}/students/${w.studentIds[2]}/credentials/reset`,
    }),
  },
  {
    route: 'GET /edu/v1/class/{eduClassId}/students',
    expect: staff,
    request: async (_app, w) => ({ method: 'GET', url: `/edu/v1/class/${w.classId}/students` }),
  },
  {
    route: 'POST /edu/v1/class/admin/{eduClassId}/students',
    expect: ok('admin'),
    request: async (_app, w) => ({
      method: 'POST',
      url: `/edu/v1/class/admin/${w.classId}/students`,
      payload: [{ num: 100 + unique(), name: '새 학생' }],
    }),
  },
  {
    route: 'PUT /edu/v1/class/{eduClassId}/students',
    expect: staff,
    request: async (_app, w) => ({
      method: 'PUT',
      url: `/edu/v1/class/${w.classId}/students`,
      payload: [{ num: 1, name: '김민준' }],
    }),
  },
  {
    route: 'GET /edu/v1/curriculums',
    expect: ok('teacher', 'colleague', 'admin', 'otherSchool', 'otherAdmin'),
    request: async () => ({ method: 'GET', url: '/edu/v1/curriculums' }),
  },
  {
    route: 'POST /edu/v1/curriculum',
    expect: staff,
    request: async (_app, w) => ({
      method: 'POST',
      url: '/edu/v1/curriculum',
      payload: { eduClassId: w.classId, title: `Lecture ${unique()}` },
    }),
  },
  {
    route: 'PUT /edu/v1/curriculum/{curriculumId}',
    expect: staff,
    request: async (app, w) => ({
      method: 'PUT',
      url: `/edu/v1/curriculum/${await lectureOf(app, w)}`,
      payload: { description: 'memo' },
    }),
  },
  {
    route: 'DELETE /edu/v1/curriculum/{curriculumId}',
    expect: staff,
    request: async (app, w) => ({ method: 'DELETE', url: `/edu/v1/curriculum/${await lectureOf(app, w)}` }),
  },
  {
    route: 'GET /edu/v1/curriculum/{curriculumId}/textbook',
    expect: staff,
    request: async (app, w) => ({
      method: 'GET',
      url: `/edu/v1/curriculum/${await lectureOf(app, w)}/textbook`,
    }),
  },
  {
    route: 'POST /edu/v1/curriculum/{curriculumId}/textbook/regular',
    expect: staff,
    request: async (app, w) => ({
      method: 'POST',
      url: `/edu/v1/curriculum/${await lectureOf(app, w)}/textbook/regular`,
      payload: { title: 'Math', builtinTextbookId: 1 },
    }),
  },
  {
    route: 'POST /edu/v1/curriculum/{curriculumId}/textbook/pod',
    expect: staff,
    request: async (app, w) => {
      const at = { section: 3, owner: 27, book: 1068 };
      await reservePages(app, w.callers.teacher.id, at, 1, 4);
      return {
        method: 'POST',
        url: `/edu/v1/curriculum/${await lectureOf(app, w)}/textbook/pod`,
        payload: { title: 'Sheet', ...at, ncodeStartPage: 1, numPages: 4 },
      };
    },
  },
  {
    route: 'POST /edu/v1/curriculum/{curriculumId}/textbook/{textbookId}/attachment',
    expect: staff,
    request: async (app, w) => {
      const { lecture, textbook } = await podWithPdf(app, w);
      const form = multipartBody(
        {},
        { pdfFile: { name: 'a.pdf', type: 'application/pdf', bytes: await blankPdf(2) } },
      );
      return {
        method: 'POST',
        url: `/edu/v1/curriculum/${lecture}/textbook/${textbook}/attachment`,
        payload: form.payload,
        headers: form.headers,
      };
    },
  },
  {
    route: 'GET /edu/v1/curriculum/{curriculumId}/textbook/{textbookId}/attachment/{kind}',
    expect: staff,
    request: async (app, w) => {
      const { lecture, textbook } = await podWithPdf(app, w);
      return { method: 'GET', url: `/edu/v1/curriculum/${lecture}/textbook/${textbook}/attachment/pdf` };
    },
  },
  {
    route: 'GET /edu/v1/curriculum/{curriculumId}/textbook/{textbookId}/categories',
    expect: staff,
    request: async (app, w) => {
      const { lecture, textbook } = await podWithPdf(app, w);
      return { method: 'GET', url: `/edu/v1/curriculum/${lecture}/textbook/${textbook}/categories` };
    },
  },
  {
    route: 'PUT /edu/v1/curriculum/{curriculumId}/textbook/{textbookId}/categories',
    expect: staff,
    request: async (app, w) => {
      const { lecture, textbook } = await podWithPdf(app, w);
      return {
        method: 'PUT',
        url: `/edu/v1/curriculum/${lecture}/textbook/${textbook}/categories`,
        payload: { categories: [{ title: 'Part 1', startPage: 1, endPage: 2, subCategories: [] }] },
      };
    },
  },
  {
    route: 'DELETE /edu/v1/curriculum/{curriculumId}/textbook/{textbookId}',
    expect: staff,
    request: async (app, w) => {
      const { lecture, textbook } = await podWithPdf(app, w);
      return { method: 'DELETE', url: `/edu/v1/curriculum/${lecture}/textbook/${textbook}` };
    },
  },
  {
    route: 'GET /edu/v1/curriculum/textbook',
    expect: ok('teacher', 'colleague', 'admin', 'otherSchool', 'otherAdmin'),
    request: async (app, w) => {
      const { book } = await podWithPdf(app, w);
      return { method: 'GET', url: `/edu/v1/curriculum/textbook?section=3&owner=27&book=${book}&page=2` };
    },
  },
  {
    route: 'GET /edu/v1/curriculum/textbook/print',
    expect: { ...ok('teacher', 'colleague', 'admin'), otherSchool: 404, otherAdmin: 404 },
    request: async (app, w) => {
      const { book } = await podWithPdf(app, w);
      return {
        method: 'GET',
        url: `/edu/v1/curriculum/textbook/print?section=3&owner=27&book=${book}&pageStart=1`,
      };
    },
  },
  {
    route: 'GET /edu/v1/curriculum/{curriculumId}/course',
    expect: staff,
    request: async (app, w) => ({
      method: 'GET',
      url: `/edu/v1/curriculum/${await lectureOf(app, w)}/course`,
    }),
  },
  {
    route: 'POST /edu/v1/curriculum/{curriculumId}/course',
    expect: staff,
    request: async (app, w) => ({
      method: 'POST',
      url: `/edu/v1/curriculum/${await lectureOf(app, w)}/course`,
      payload: { tag: 'Lesson', startAt: '2025-03-04T09:00:00Z', endAt: '2025-03-04T10:00:00Z' },
    }),
  },
  {
    route: 'GET /edu/v1/curriculum/{curriculumId}/course/{courseId}',
    expect: staff,
    request: async (app, w) => {
      const lecture = await lectureOf(app, w);
      return { method: 'GET', url: `/edu/v1/curriculum/${lecture}/course/${await lesson(app, lecture)}` };
    },
  },
  {
    route: 'PUT /edu/v1/curriculum/{curriculumId}/course/{courseId}',
    expect: staff,
    request: async (app, w) => {
      const lecture = await lectureOf(app, w);
      return {
        method: 'PUT',
        url: `/edu/v1/curriculum/${lecture}/course/${await lesson(app, lecture)}`,
        payload: { description: 'memo' },
      };
    },
  },
  {
    route: 'DELETE /edu/v1/curriculum/{curriculumId}/course/{courseId}',
    expect: staff,
    request: async (app, w) => {
      const lecture = await lectureOf(app, w);
      return { method: 'DELETE', url: `/edu/v1/curriculum/${lecture}/course/${await lesson(app, lecture)}` };
    },
  },
  {
    route: 'POST /edu/v1/curriculum/{curriculumId}/course/{courseId}/session',
    expect: staff,
    request: async (app, w) => {
      const lecture = await lectureOf(app, w);
      return {
        method: 'POST',
        url: `/edu/v1/curriculum/${lecture}/course/${await lesson(app, lecture, 'DRAFT')}/session`,
      };
    },
  },
  {
    route: 'GET /edu/v1/watchlog/{studentId}',
    expect: ok('teacher', 'admin', 'student'),
    request: async (_app, w) => ({
      method: 'GET',
      url: `/edu/v1/watchlog/${w.studentIds[0]}?fileName=math.json`,
    }),
  },
  {
    route: 'GET /edu/v1/watchlog/{studentId}/{fileName}',
    expect: ok('teacher', 'admin', 'student'),
    request: async (_app, w) => ({ method: 'GET', url: `/edu/v1/watchlog/${w.studentIds[0]}/math.json` }),
  },
  {
    route: 'POST /edu/v1/watchlog/{studentId}/{fileName}',
    expect: ok('teacher', 'admin', 'student'),
    request: async (_app, w) => ({
      method: 'POST',
      url: `/edu/v1/watchlog/${w.studentIds[0]}/math.json`,
      payload: { clicks: [{ click_time: '2025-03-03T09:00:00Z', id: '1191_1_5', type: 'youtube' }] },
    }),
  },
  {
    route: 'GET /admin/v1/inkstore/search/{studentId}',
    expect: staff,
    request: async (_app, w) => ({ method: 'GET', url: `/admin/v1/inkstore/search/${w.studentIds[1]}` }),
  },
  {
    route: 'DELETE /admin/v1/inkstore/damaged/{studentId}',
    expect: staff,
    request: async (_app, w) => ({ method: 'DELETE', url: `/admin/v1/inkstore/damaged/${w.studentIds[1]}` }),
  },
  {
    route: 'GET /edu/v1/math/summary',
    expect: staff,
    request: async (_app, w) => ({ method: 'GET', url: `/edu/v1/math/summary?${summaryQuery(w)}` }),
  },
  {
    route: 'GET /edu/v1/math/summary/student/{studentId}',
    expect: staff,
    request: async (_app, w) => ({
      method: 'GET',
      url: `/edu/v1/math/summary/student/${w.studentIds[0]}?${summaryQuery(w)}`,
    }),
  },
  {
    route: 'GET /edu/v1/math/summary/students',
    expect: staff,
    request: async (_app, w) => ({ method: 'GET', url: `/edu/v1/math/summary/students?${summaryQuery(w)}` }),
  },
  {
    route: 'GET /edu/v1/live/{courseId}',
    expect: staff,
    request: async (app, w) => ({ method: 'GET', url: `/edu/v1/live/${await liveLessonOf(app, w)}` }),
  },
  {
    route: 'GET /edu/v1/live/{courseId}/station',
    expect: ok('student'),
    request: async (app, w) => ({ method: 'GET', url: `/edu/v1/live/${await liveLessonOf(app, w)}/station` }),
  },
  {
    route: 'GET /edu/v1/math/category-info',
    expect: ok('noSchool', 'teacher', 'colleague', 'admin', 'otherSchool', 'otherAdmin'),
    request: async () => ({ method: 'GET', url: '/edu/v1/math/category-info' }),
  },
  {
    route: 'GET /edu/v1/oneroster',
    // Each administrator exports their own school.
    expect: ok('admin', 'otherAdmin'),
    request: async () => ({ method: 'GET', url: '/edu/v1/oneroster' }),
  },
  {
    route: 'POST /edu/v1/oneroster',
    // A preview of school A's own roster: its administrator's; another school's is refused.
    expect: { admin: 200, otherAdmin: 400 },
    request: async (app, w) => ({
      method: 'POST',
      url: '/edu/v1/oneroster',
      payload: (await call(app, w.callers.admin, 'GET', '/edu/v1/oneroster')).rawPayload,
      headers: { 'content-type': 'application/zip' },
    }),
  },
  // Last: it gives the teacher without a school a school.
  {
    route: 'POST /edu/v1/teacher',
    expect: {
      ...ok('pending', 'noSchool', 'teacher', 'colleague', 'admin'),
      otherSchool: 409,
      otherAdmin: 409,
    },
    request: async (_app, w) => ({
      method: 'POST',
      url: '/edu/v1/teacher',
      payload: { eduSchoolId: w.schoolA.id, checkCode: authCodeOf(w.schoolA) },
    }),
  },
];

describeEachDatabase('education API access matrix', (kind) => {
  const server = useTestServer(kind);
  let w: EduWorld;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
  }, SETUP_TIMEOUT_MS);

  it('covers every education route the server has', () => {
    const doc = server().app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths)
      // The Ncode paper routes belong to code issuing (src/codes), tested there.
      .filter(
        ([path]) =>
          (path.startsWith('/edu/v1/') && !path.startsWith('/edu/v1/paper/')) ||
          path.startsWith('/admin/v1/inkstore/'),
      )
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(served.sort()).toEqual(cases.map((c) => c.route).sort());
  });

  it('lists a teacher only their own classes, the administrator all of the school', async () => {
    const app = server().app;
    const classIds = async (who: Caller) => {
      const listed = (await call(app, who, 'GET', '/edu/v1/classes')).json().data.classes;
      const info = (await call(app, who, 'GET', '/edu/v1/teacher')).json().data.kumis;
      const ids = (rows: { eduClassId: number }[]) => rows.map((k) => k.eduClassId).sort((a, b) => a - b);
      expect(ids(info)).toEqual(ids(listed));
      return ids(listed);
    };
    const ours = [w.classId, w.emptyClassId].sort((a, b) => a - b);
    expect(await classIds(w.callers.teacher)).toEqual(expect.arrayContaining(ours));
    expect(await classIds(w.callers.colleague)).not.toEqual(expect.arrayContaining([w.classId]));
    expect(await classIds(w.callers.colleague)).not.toEqual(expect.arrayContaining([w.emptyClassId]));
    expect(await classIds(w.callers.admin)).toEqual(expect.arrayContaining(ours));
    // The other school's administrator sees its own class, none of school A's.
    const theirs = await classIds(w.callers.otherAdmin);
    expect(theirs).toContain(w.otherClassId);
    expect(theirs).not.toContain(w.classId);
    expect(theirs).not.toContain(w.emptyClassId);
    const teachersOf = async (who: Caller) =>
      ((await call(app, who, 'GET', '/edu/v1/teachers')).json().data.teachers as { id: string }[]).map(
        (t) => t.id,
      );
    expect(await teachersOf(w.callers.admin)).toContain(w.callers.teacher.id);
    expect(await teachersOf(w.callers.otherAdmin)).not.toContain(w.callers.teacher.id);
    expect(await teachersOf(w.callers.otherAdmin)).toContain(w.callers.otherSchool.id);
  });

  /** The realtime rooms (`src/realtime/rooms.ts`): 101 = joined. */
  const realtimeCases: readonly {
    room: string;
    expect: Partial<Record<Role, number>>;
    path: (app: App) => Promise<string>;
  }[] = [
    {
      room: 'session/{courseId}_{sessionId}',
      expect: { teacher: 101, admin: 101, student: 101 },
      path: async (app) => {
        const id = await liveLessonOf(app, w);
        return `session/${id}_live-${id}`;
      },
    },
    {
      room: 'board/{ownerId}/{boardId}',
      expect: { teacher: 101, student: 101 },
      path: async () => `board/${w.callers.teacher.id}/matrix-${unique()}`,
    },
  ];
  for (const c of realtimeCases) {
    it(`realtime ${c.room}`, async () => {
      const app = server().app;
      const base = app.server.listening
        ? `ws://127.0.0.1:${(app.server.address() as { port: number }).port}`
        : await listenWs(app);
      const url = `${base}/realtime/v1/rooms/${await c.path(app)}`;
      const outcome: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      for (const role of roles) {
        const token = role === 'anonymous' ? undefined : w.callers[role].headers.authorization!.slice(7);
        wanted[role] = c.expect[role] ?? (role === 'anonymous' ? 401 : 403);
        try {
          const client = await connect(url, {
            protocols: ['dotink.remote.v1', ...(token ? [`bearer.${token}`] : [])],
          });
          outcome[role] = 101;
          client.ws.close();
          await client.closed;
        } catch (error) {
          if (!(error instanceof UpgradeRefused)) throw error;
          outcome[role] = error.status;
          if (error.status >= 400) expect(error.body).toMatchObject({ ok: false, data: null });
        }
      }
      expect(outcome).toEqual(wanted);
    });
  }

  for (const c of cases) {
    it(c.route, async () => {
      const app = server().app;
      const outcome: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      for (const role of roles) {
        const caller: Caller | undefined = role === 'anonymous' ? undefined : w.callers[role];
        const req = await c.request(app, w);
        const res = await call(app, caller, req.method, req.url, req.payload, req.headers ?? {});
        outcome[role] = res.statusCode;
        wanted[role] = c.expect[role] ?? (role === 'anonymous' ? 401 : 403);
        if (res.statusCode >= 400)
          expect(res.json(), `${role}: ${res.body}`).toMatchObject({ ok: false, data: null });
        else if (res.headers['content-type']?.toString().startsWith('application/json'))
          expect(res.body.length).toBeGreaterThan(0);
      }
      expect(outcome).toEqual(wanted);
    });
  }
});
