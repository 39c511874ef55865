/**
 * Fuzz test of the education API: 10,000 malformed (and some well-formed) paths, queries and
 * bodies, spread over every route and kind of caller, seeded. No answer may be a 5xx, and every
 * failure must be the generic `{ ok: false, message, data: null }`.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, TEST_PUBLIC_URL, useTestServer } from '../test/harness';
import { buildEduWorld, type EduWorld, insertCurriculum, type Role } from '../test/matrixFixtures';

const RUNS = 10_000;
const SEED = 20_251_122;

/** Text a parser may choke on. */
const nasty = fc.constantFrom(
  '',
  ' ',
  '-1',
  '0',
  '1',
  '1.5',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '%',
  '%00',
  '\u0000',
  '../../etc/passwd',
  'ACTIVE',
  'Y',
  'pdf',
  '2025-03-03T09:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '9C:7B:D2:10:00:01',
  '가나다',
  '\uD800',
  'x'.repeat(3000),
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const number = fc.oneof(
  fc.integer(),
  fc.integer({ min: -5, max: 30 }),
  fc.double(),
  fc.constantFrom(2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308, -0),
);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const json = fc.oneof(
  { weight: 3, arbitrary: scalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
);

/** An object with some of `keys` (fuzzed values) and maybe a stray key. */
const objectOf = (keys: readonly string[], value: fc.Arbitrary<unknown> = json) =>
  fc
    .tuple(
      fc.subarray([...keys]),
      fc.array(value, { minLength: keys.length, maxLength: keys.length }),
      fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra'), json)),
    )
    .map(([picked, values, stray]) => {
      const o: Record<string, unknown> = {};
      for (const [i, k] of picked.entries()) o[k] = values[i];
      if (stray) o[stray[0]] = stray[1];
      return o;
    });

const studentRow = objectOf(['id', 'num', 'name', 'macAddress', 'status', 'deleteYn']);
const lessonKeys = [
  'tag',
  'title',
  'description',
  'startAt',
  'endAt',
  'prgsTime',
  'status',
  'sessionStatus',
  'eduCourseUrl',
];
const materialKeys = [
  'title',
  'description',
  'builtinTextbookId',
  'section',
  'owner',
  'book',
  'ncodeStartPage',
  'ncodeEndPage',
  'pageStart',
  'pageEnd',
  'numPages',
];

interface Template {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: readonly string[];
  readonly body?: fc.Arbitrary<unknown>;
}

const templates: readonly Template[] = [
  { method: 'GET', path: '/edu/v1/teacher' },
  { method: 'POST', path: '/edu/v1/teacher', body: objectOf(['eduSchoolId', 'checkCode']) },
  { method: 'GET', path: '/edu/v1/teachers' },
  { method: 'PUT', path: '/edu/v1/teacher/:teacherId', body: objectOf(['status']) },
  { method: 'GET', path: '/edu/v1/schools', query: ['schoolName'] },
  { method: 'GET', path: '/edu/v1/classes', query: ['year'] },
  { method: 'POST', path: '/edu/v1/class', body: objectOf(['year', 'grade', 'classNum', 'className']) },
  { method: 'GET', path: '/edu/v1/class/:classId/students' },
  {
    method: 'POST',
    path: '/edu/v1/class/admin/:studentClassId/students',
    body: fc.oneof(fc.array(studentRow, { maxLength: 3 }), objectOf(['students']), json),
  },
  {
    method: 'PUT',
    path: '/edu/v1/class/:studentClassId/students',
    body: fc.oneof(fc.array(studentRow, { maxLength: 3 }), json),
  },
  { method: 'GET', path: '/edu/v1/curriculums', query: ['eduClassId'] },
  {
    method: 'POST',
    path: '/edu/v1/curriculum',
    body: objectOf(['eduClassId', 'title', 'description', 'eduSubjectId', 'status', 'startAt', 'endAt']),
  },
  {
    method: 'PUT',
    path: '/edu/v1/curriculum/:curriculumId',
    body: objectOf(['eduClassId', 'title', 'description', 'startAt', 'endAt']),
  },
  { method: 'DELETE', path: '/edu/v1/curriculum/:doomedCurriculumId' },
  { method: 'GET', path: '/edu/v1/curriculum/:curriculumId/textbook' },
  { method: 'POST', path: '/edu/v1/curriculum/:curriculumId/textbook/regular', body: objectOf(materialKeys) },
  { method: 'POST', path: '/edu/v1/curriculum/:curriculumId/textbook/pod', body: objectOf(materialKeys) },
  { method: 'POST', path: '/edu/v1/curriculum/:curriculumId/textbook/:textbookId/attachment', body: json },
  { method: 'GET', path: '/edu/v1/curriculum/:curriculumId/textbook/:textbookId/attachment/:kind' },
  { method: 'GET', path: '/edu/v1/curriculum/textbook', query: ['section', 'owner', 'book', 'page'] },
  {
    method: 'GET',
    path: '/edu/v1/curriculum/textbook/print',
    query: ['section', 'owner', 'book', 'pageStart'],
  },
  { method: 'GET', path: '/edu/v1/curriculum/:curriculumId/course' },
  { method: 'POST', path: '/edu/v1/curriculum/:curriculumId/course', body: objectOf(lessonKeys) },
  { method: 'GET', path: '/edu/v1/curriculum/:curriculumId/course/:courseId' },
  { method: 'PUT', path: '/edu/v1/curriculum/:curriculumId/course/:courseId', body: objectOf(lessonKeys) },
  { method: 'DELETE', path: '/edu/v1/curriculum/:curriculumId/course/:doomedCourseId' },
  { method: 'POST', path: '/edu/v1/curriculum/:curriculumId/course/:courseId/session', body: json },
  { method: 'GET', path: '/edu/v1/watchlog/:studentId', query: ['fileName'] },
  { method: 'GET', path: '/edu/v1/watchlog/:studentId/:fileName' },
  {
    method: 'POST',
    path: '/edu/v1/watchlog/:studentId/:fileName',
    body: objectOf(
      ['watches', 'clicks'],
      fc.array(objectOf(['watch_time', 'click_time', 'id', 'category', 'type', 'url', 'duration']), {
        maxLength: 2,
      }),
    ),
  },
  { method: 'GET', path: '/edu/v1/math/category-info' },
];

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'multipart/form-data',
);

const callers = fc.constantFrom<Role>(
  'admin',
  'admin',
  'admin',
  'admin',
  'admin',
  'admin',
  'teacher',
  'teacher',
  'student',
  'pending',
  'anonymous',
  'otherSchool',
);

describeEachDatabase('education API fuzz', (kind) => {
  const server = useTestServer(kind);
  let w: EduWorld;
  let real: Record<string, fc.Arbitrary<string>>;
  beforeAll(async () => {
    const app = server().app;
    w = await buildEduWorld(app);
    const lecture = await insertCurriculum(app, w.callers.admin.id, w.classId, 'Fuzzed lecture');
    const tb = await app.services.db
      .insertInto('textbooks')
      .values({
        curriculum_id: lecture,
        type: 'POD',
        title: 'T',
        section: 3,
        owner: 27,
        book: 1068,
        ncode_start_page: 1,
        ncode_end_page: 4,
        num_pages: 4,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const course = await app.services.db
      .insertInto('courses')
      .values({
        curriculum_id: lecture,
        tag: 'L',
        title: 'T',
        start_at: '2025-03-04T09:00:00Z',
        end_at: '2025-03-04T10:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const doomedLectures = await Promise.all(
      [1, 2, 3].map(() => insertCurriculum(app, w.callers.admin.id, w.classId)),
    );
    const doomedCourses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const row = await app.services.db
        .insertInto('courses')
        .values({
          curriculum_id: lecture,
          tag: `D${i}`,
          title: 'T',
          start_at: '2025-03-04T09:00:00Z',
          end_at: '2025-03-04T10:00:00Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      doomedCourses.push(row.id);
    }
    const ids = (...values: (string | number)[]) => fc.constantFrom(...values.map(String));
    // Real ids are picked often enough to reach the handlers. Saving students to the real class
    // is rare: every new pupil costs a password hash.
    real = {
      teacherId: ids(
        w.callers.teacher.id,
        w.callers.pending.id,
        w.callers.admin.id,
        w.callers.otherSchool.id,
      ),
      classId: ids(w.classId, w.emptyClassId, w.otherClassId),
      studentClassId: fc.oneof(
        { weight: 1, arbitrary: ids(w.classId) },
        { weight: 9, arbitrary: ids(w.otherClassId, 999_999) },
      ),
      curriculumId: ids(lecture),
      // Deleting routes get their own records, so the lecture above stays for the others.
      doomedCurriculumId: ids(...doomedLectures),
      doomedCourseId: ids(...doomedCourses),
      textbookId: ids(tb.id),
      courseId: ids(course.id),
      kind: ids('pdf', 'nproj'),
      studentId: ids(...w.studentIds),
      fileName: ids('math.json', 'a_b-c.1'),
    };
  }, SETUP_TIMEOUT_MS);

  it(`answers ${RUNS} malformed requests without a server error`, async () => {
    const app = server().app;
    const host = new URL(TEST_PUBLIC_URL).host;
    const request = fc
      .tuple(fc.integer({ min: 0, max: templates.length - 1 }), callers)
      .chain(([index, role]) => {
        const t = templates[index]!;
        const params = [...t.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        const paramValues = fc.tuple(
          ...params.map((p) => fc.oneof({ weight: 3, arbitrary: real[p]! }, { weight: 1, arbitrary: text })),
        );
        const query = fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...(t.query ?? ['q'])), text),
            fc.oneof(text, number.map(String)),
          ),
          { maxLength: 4 },
        );
        const body = t.body
          ? fc.oneof(
              {
                weight: 6,
                arbitrary: t.body.map((b) => ({
                  raw: JSON.stringify(b) ?? 'null',
                  type: 'application/json',
                })),
              },
              { weight: 1, arbitrary: fc.tuple(text, contentTypes).map(([raw, type]) => ({ raw, type })) },
              { weight: 1, arbitrary: fc.constant(undefined) },
            )
          : fc.option(
              fc.tuple(text, contentTypes).map(([raw, type]) => ({ raw, type })),
              { freq: 8 },
            );
        return fc.record({
          template: fc.constant(index),
          role: fc.constant(role),
          params: paramValues,
          query,
          body,
          badPercent: fc.integer({ min: 0, max: 49 }).map((n) => n === 0),
        });
      });

    const encode = (v: string) => {
      try {
        return encodeURIComponent(v);
      } catch {
        return 'x';
      }
    };

    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ template: index, role, params, query, body, badPercent }) => {
        const template = templates[index]!;
        let i = 0;
        let path = template.path.replace(/:(\w+)/g, () => encode(params[i++]!));
        if (badPercent) path += '%E0%A4%A';
        const qs = query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
        const caller = role === 'anonymous' ? undefined : w.callers[role];
        const res = await app.inject({
          method: template.method,
          url: qs ? `${path}?${qs}` : path,
          headers: {
            host,
            ...(caller?.headers ?? {}),
            ...(body ? { 'content-type': body.type } : {}),
          },
          ...(body ? { payload: body.raw } : {}),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500)
          throw new Error(`${template.method} ${path}?${qs} → ${res.statusCode} ${res.body}`);
        if (res.statusCode >= 400) {
          expect(res.json()).toMatchObject({ ok: false, data: null });
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The requests reach the handlers, not only the validators and the guards.
    const count = (from: number, to: number) =>
      [...statuses].filter(([s]) => s >= from && s < to).reduce((n, [, c]) => n + c, 0);
    expect(count(200, 300)).toBeGreaterThan(RUNS / 20);
    expect((statuses.get(403) ?? 0) + (statuses.get(404) ?? 0) + (statuses.get(409) ?? 0)).toBeGreaterThan(
      RUNS / 20,
    );
  }, 180_000);
});
