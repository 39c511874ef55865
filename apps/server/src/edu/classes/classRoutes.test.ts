import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../../test/harness';
import {
  buildEduWorld,
  call,
  type EduWorld,
  insertClass,
  insertSchool,
  newTeacher,
} from '../../../test/matrixFixtures';
import { EduMessage } from '../messages';
import { defaultClassName, maxGrade } from './classQueries';

it('offers 6, 3 or 12 grades by school type code', () => {
  expect([maxGrade('0'), maxGrade('1'), maxGrade('2'), maxGrade('3'), maxGrade('X')]).toEqual([
    6, 3, 3, 12, 12,
  ]);
});

describeEachDatabase('education API: classes', (kind) => {
  // The harness clock stands at 2025-03-03.
  const server = useTestServer(kind);
  let w: EduWorld;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
  }, SETUP_TIMEOUT_MS);
  const app = () => server().app;

  it('registers a class: semester and built-in book follow from the grade', async () => {
    const res = await call(app(), w.callers.admin, 'POST', '/edu/v1/class', {
      year: 2026,
      grade: 5,
      classNum: 7,
      className: ' 5학년 7반 ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Success', data: { eduClassId: expect.any(Number) } });
    // The administrator who registered it is its class teacher until the class is edited.
    const list = (await call(app(), w.callers.admin, 'GET', '/edu/v1/classes?year=2026')).json().data.classes;
    expect(list).toEqual([
      {
        eduClassId: res.json().data.eduClassId,
        year: 2026,
        grade: 5,
        classNum: 7,
        className: '5학년 7반',
        schoolName: w.schoolA.name,
        semester: 1,
        curriculum_id: 3,
        totalStudents: 0,
        teacherId: w.callers.admin.id,
      },
    ]);
  });

  it('gives a default name, takes numbers as text, and no book outside grades 3–6', async () => {
    const res = await call(app(), w.callers.admin, 'POST', '/edu/v1/class', {
      year: '2027',
      grade: '1',
      classNum: '20',
    });
    expect(res.statusCode).toBe(200);
    const list = (await call(app(), w.callers.admin, 'GET', '/edu/v1/classes?year=2027')).json().data.classes;
    expect(list[0]).toMatchObject({
      className: defaultClassName(2027, 1, 20),
      semester: null,
      curriculum_id: null,
    });
  });

  it('lists the classes of the school sorted by year, grade, class number and name', async () => {
    const s = await insertSchool(app(), { name: 'Sort School', office: 'Z10', type: '3', code: '1' });
    const admin = await newTeacher(app(), { status: 'ACTIVE', isSchoolAdmin: true, schoolId: s.id });
    for (const [year, grade, classNum] of [
      [2026, 2, 1],
      [2025, 11, 3],
      [2025, 2, 10],
      [2025, 2, 9],
    ] as const)
      await call(app(), admin, 'POST', '/edu/v1/class', { year, grade, classNum, className: `c${classNum}` });
    const list = (await call(app(), admin, 'GET', '/edu/v1/classes')).json().data.classes;
    expect(
      list.map((c: { year: number; grade: number; classNum: number }) => [c.year, c.grade, c.classNum]),
    ).toEqual([
      [2025, 2, 9],
      [2025, 2, 10],
      [2025, 11, 3],
      [2026, 2, 1],
    ]);
    expect(list.every((c: { schoolName: string }) => c.schoolName === 'Sort School')).toBe(true);
    // Another school sees only its own.
    const theirs = (await call(app(), w.callers.otherSchool, 'GET', '/edu/v1/classes')).json().data.classes;
    expect(theirs.map((c: { eduClassId: number }) => c.eduClassId)).toEqual([w.otherClassId]);
  });

  it('counts the students not deleted', async () => {
    const list = (await call(app(), w.callers.teacher, 'GET', '/edu/v1/classes?year=2025')).json().data
      .classes;
    expect(list.find((c: { eduClassId: number }) => c.eduClassId === w.classId).totalStudents).toBe(3);
  });

  it("refuses a class in use with the spec's message (409)", async () => {
    await insertClass(app(), w.schoolA.id, 4, 4);
    const res = await call(app(), w.callers.admin, 'POST', '/edu/v1/class', {
      year: 2025,
      grade: 4,
      classNum: 4,
      className: 'x',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      ok: false,
      message:
        'The class info you are trying to register is in use; change the grade/class info or edit the existing one.',
      data: null,
    });
  });

  it("answers 'there is a value not entered' and range errors", async () => {
    const post = (body: unknown) => call(app(), w.callers.admin, 'POST', '/edu/v1/class', body);
    for (const body of [
      {},
      { year: 2025, grade: 3 },
      { year: 2025, classNum: 1, grade: '' },
      { grade: 1, classNum: 1, year: null },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe('there is a value not entered');
    }
    const cases: [unknown, string][] = [
      [{ year: 2024, grade: 1, classNum: 1 }, EduMessage.yearRange],
      [{ year: 2028, grade: 1, classNum: 1 }, EduMessage.yearRange],
      [{ year: 2025, grade: 7, classNum: 1 }, EduMessage.gradeRange],
      [{ year: 2025, grade: 0, classNum: 1 }, EduMessage.gradeRange],
      [{ year: 2025, grade: 1, classNum: 21 }, EduMessage.classNumRange],
      [{ year: 2025, grade: 1, classNum: 0 }, EduMessage.classNumRange],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post({ year: 'soon', grade: 1, classNum: 1 })).statusCode).toBe(400);
    expect((await post({ year: 2025.5, grade: 1, classNum: 1 })).statusCode).toBe(400);
  });

  it('lets only a school administrator register classes', async () => {
    const body = { year: 2025, grade: 6, classNum: 12 };
    expect((await call(app(), w.callers.teacher, 'POST', '/edu/v1/class', body)).statusCode).toBe(403);
    const admin = await newTeacher(app(), { status: 'ACTIVE', isSchoolAdmin: true, schoolId: null });
    const res = await call(app(), admin, 'POST', '/edu/v1/class', body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('no school registration info');
  });

  it('edits a registered class (administrator): values, class teacher, book by grade, 409 when in use', async () => {
    const put = (id: number, body: unknown, who = w.callers.admin) =>
      call(app(), who, 'PUT', `/edu/v1/class/${id}`, body);
    const id = (
      await call(app(), w.callers.admin, 'POST', '/edu/v1/class', { year: 2025, grade: 3, classNum: 15 })
    ).json().data.eduClassId as number;
    // The teacher does not reach the class until made its class teacher.
    expect((await call(app(), w.callers.teacher, 'GET', `/edu/v1/class/${id}/students`)).statusCode).toBe(
      403,
    );
    const edited = await put(id, { grade: 5, className: '5학년 햇살반', teacherId: w.callers.teacher.id });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      eduClassId: id,
      year: 2025,
      grade: 5,
      classNum: 15,
      className: '5학년 햇살반',
      semester: 1,
      curriculum_id: 3,
      teacherId: w.callers.teacher.id,
    });
    expect((await call(app(), w.callers.teacher, 'GET', `/edu/v1/class/${id}/students`)).statusCode).toBe(
      200,
    );
    const mine = (await call(app(), w.callers.teacher, 'GET', '/edu/v1/classes')).json().data.classes;
    expect(mine.map((c: { eduClassId: number }) => c.eduClassId)).toContain(id);
    // Fields not sent keep their value; null removes the class teacher.
    expect((await put(id, { classNum: 16, teacherId: null })).json().data).toMatchObject({
      grade: 5,
      classNum: 16,
      className: '5학년 햇살반',
      teacherId: null,
    });
    // The class-in-use message when another class has that year, grade and number.
    const clash = await put(id, { grade: 3, classNum: 1 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(EduMessage.classInUse);
    // The registration rules; an unknown class teacher; not for teachers; other schools.
    expect((await put(id, { grade: 7 })).json().message).toBe(EduMessage.gradeRange);
    expect((await put(id, { year: 2024 })).json().message).toBe(EduMessage.yearRange);
    expect((await put(id, { className: '  ' })).json().message).toBe('there is a value not entered');
    expect((await put(id, { teacherId: w.callers.otherSchool.id })).json().message).toBe(
      EduMessage.classTeacherUnknown,
    );
    expect((await put(id, { className: 'x' }, w.callers.teacher)).statusCode).toBe(403);
    expect((await put(w.otherClassId, { className: 'x' })).statusCode).toBe(403);
    expect((await put(999_999, { className: 'x' })).statusCode).toBe(404);
  });
});
