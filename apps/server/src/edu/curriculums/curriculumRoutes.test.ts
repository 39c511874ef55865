import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../../test/harness';
import {
  buildEduWorld,
  call,
  type EduWorld,
  insertCurriculum,
  newTeacher,
} from '../../../test/matrixFixtures';

describeEachDatabase('education API: lectures', (kind) => {
  const server = useTestServer(kind);
  let w: EduWorld;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
  }, SETUP_TIMEOUT_MS);
  const app = () => server().app;

  it('creates a lecture and lists it with its class and school', async () => {
    const res = await call(app(), w.callers.teacher, 'POST', '/edu/v1/curriculum', {
      eduClassId: w.classId,
      title: ' 3학년 1반 수학 ',
      description: '교과서와 노트',
      eduSubjectId: 1,
      startAt: '2025-03-02T00:00:00.000Z',
      endAt: null,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      eduClassId: w.classId,
      eduSubjectId: 1,
      eduTeacherId: w.callers.teacher.id,
      title: '3학년 1반 수학',
      description: '교과서와 노트',
      status: 'ACTIVE',
      startAt: '2025-03-02T00:00:00.000Z',
      endAt: null,
      className: '3-1',
      eduClassName: '3-1',
      totalStudents: 3,
      schoolName: w.schoolA.name,
    });
    const list = await call(app(), w.callers.teacher, 'GET', '/edu/v1/curriculums');
    expect(list.json()).toMatchObject({ ok: true, message: 'Success' });
    expect(list.json().data.curriculums.map((c: { id: number }) => c.id)).toContain(created.id);
    // Only the caller's own lectures are listed.
    const adminList = await call(app(), w.callers.admin, 'GET', '/edu/v1/curriculums');
    expect(adminList.json().data.curriculums.map((c: { id: number }) => c.id)).not.toContain(created.id);
    const byClass = await call(
      app(),
      w.callers.teacher,
      'GET',
      `/edu/v1/curriculums?eduClassId=${w.emptyClassId}`,
    );
    expect(byClass.json().data.curriculums).toEqual([]);
    // teacherInfo carries them as curris.
    const info = (await call(app(), w.callers.teacher, 'GET', '/edu/v1/teacher')).json();
    expect(info.data.curris.map((c: { id: number }) => c.id)).toContain(created.id);
  });

  it("answers 'There is a value that was not entered', the 40-character limit and 'already existing class'", async () => {
    const post = (body: unknown) => call(app(), w.callers.teacher, 'POST', '/edu/v1/curriculum', body);
    for (const body of [{ title: 'x' }, { eduClassId: w.classId }, { eduClassId: w.classId, title: '   ' }]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ok: false, message: 'There is a value that was not entered', data: null });
    }
    expect(
      (await post({ eduClassId: w.classId, title: 'Long', description: 'x'.repeat(41) })).statusCode,
    ).toBe(400);
    expect(
      (await post({ eduClassId: w.classId, title: 'Forty', description: '가'.repeat(40) })).statusCode,
    ).toBe(200);
    const dup = await post({ eduClassId: w.classId, title: 'Forty' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('already existing class');
    // The same title in another class is another lecture.
    expect((await post({ eduClassId: w.emptyClassId, title: 'Forty' })).statusCode).toBe(200);
    // Another school's class, or none: 403 / 404.
    expect((await post({ eduClassId: w.otherClassId, title: 'Mine?' })).statusCode).toBe(403);
    expect((await post({ eduClassId: 999999, title: 'Nowhere' })).statusCode).toBe(404);
    expect((await post({ eduClassId: w.classId, title: 'Bad date', startAt: 'yesterday' })).statusCode).toBe(
      400,
    );
  });

  it('edits a lecture (creator or school administrator) and keeps titles unique per class', async () => {
    const id = await insertCurriculum(app(), w.callers.teacher.id, w.classId, 'Edit me');
    await insertCurriculum(app(), w.callers.teacher.id, w.classId, 'Taken');
    const put = (caller: typeof w.callers.teacher, body: unknown) =>
      call(app(), caller, 'PUT', `/edu/v1/curriculum/${id}`, body);
    const res = await put(w.callers.teacher, { description: 'new memo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Edit me', description: 'new memo' });
    expect((await put(w.callers.admin, { title: 'By admin' })).json().data.title).toBe('By admin');
    expect((await put(w.callers.teacher, { title: 'Taken' })).json().message).toBe('already existing class');
    expect((await put(w.callers.teacher, { title: ' ' })).json().message).toBe(
      'There is a value that was not entered',
    );
    const colleague = await newTeacher(app(), { status: 'ACTIVE', schoolId: w.schoolA.id });
    expect((await put(colleague, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await put(w.callers.otherSchool, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await put(w.callers.teacher, { eduClassId: w.otherClassId })).statusCode).toBe(403);
    const moved = await put(w.callers.teacher, { eduClassId: w.emptyClassId });
    expect(moved.json().data).toMatchObject({ eduClassId: w.emptyClassId, totalStudents: 0 });
    expect((await call(app(), w.callers.teacher, 'PUT', '/edu/v1/curriculum/999999', {})).statusCode).toBe(
      404,
    );
  });

  it('deletes a lecture with its materials and lessons', async () => {
    const id = await insertCurriculum(app(), w.callers.teacher.id, w.classId);
    await call(app(), w.callers.teacher, 'POST', `/edu/v1/curriculum/${id}/textbook/regular`, {
      title: 'Math',
      builtinTextbookId: 1,
    });
    expect((await call(app(), w.callers.otherSchool, 'DELETE', `/edu/v1/curriculum/${id}`)).statusCode).toBe(
      403,
    );
    const res = await call(app(), w.callers.teacher, 'DELETE', `/edu/v1/curriculum/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Success', data: { id } });
    expect(
      (await call(app(), w.callers.teacher, 'GET', `/edu/v1/curriculum/${id}/textbook`)).statusCode,
    ).toBe(404);
    const left = await app()
      .services.db.selectFrom('textbooks')
      .select('id')
      .where('curriculum_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect((await call(app(), w.callers.teacher, 'DELETE', `/edu/v1/curriculum/${id}`)).statusCode).toBe(404);
  });
});
