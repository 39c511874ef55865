import { manualClock } from '@dotink/ncode';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../../test/harness';
import { buildEduWorld, call, type EduWorld, insertCurriculum } from '../../../test/matrixFixtures';

// The harness clock stands at 2025-03-03T00:00Z.
const at = (h: number, m = 0) => new Date(Date.UTC(2025, 2, 3, h, m)).toISOString();

describeEachDatabase('education API: lessons', (kind) => {
  const clock = manualClock(Date.UTC(2025, 2, 3, 0, 0, 0));
  const server = useTestServer(kind, { clock });
  let w: EduWorld;
  let lecture: number;
  let emptyLecture: number;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
    lecture = await insertCurriculum(server().app, w.callers.teacher.id, w.classId, 'Math 3-1');
    emptyLecture = await insertCurriculum(server().app, w.callers.teacher.id, w.emptyClassId, 'Nobody');
  }, SETUP_TIMEOUT_MS);
  const app = () => server().app;
  const url = (c = lecture) => `/edu/v1/curriculum/${c}/course`;
  const create = (body: unknown, c = lecture) => call(app(), w.callers.teacher, 'POST', url(c), body);

  it('schedules a lesson with a registered session and reads it back', async () => {
    const res = await create({
      curriculumId: lecture,
      tag: '1단원',
      description: '8~15쪽',
      startAt: at(9),
      endAt: at(10),
      date: '2025-03-03',
      startTime: '09:00',
      prgsTime: 1,
    });
    expect(res.statusCode).toBe(200);
    const course = res.json().data;
    expect(course).toMatchObject({
      curriculumId: lecture,
      eduClassId: w.classId,
      className: '3-1',
      tag: '1단원',
      title: 'Math 3-1',
      description: '8~15쪽',
      startAt: at(9),
      endAt: at(10),
      status: 'B',
      sessionStatus: 'ACTIVE',
      sessionId: expect.stringMatching(/^ses/),
      timeState: 'BEFORE',
    });
    expect(course.eduCourseUrl).toBe(
      `/main/courseStudyCheck?eduClassId=${w.classId}&curriculumId=${lecture}&courseId=${course.id}&courseTitle=1%EB%8B%A8%EC%9B%90&sessionId=${course.sessionId}`,
    );
    const one = await call(app(), w.callers.admin, 'GET', `${url()}/${course.id}`);
    expect(one.json()).toMatchObject({
      ok: true,
      message: 'Success',
      data: { id: course.id, eduCourseUrl: course.eduCourseUrl },
    });
    // End from the duration; a URL of its own; list by start time.
    const second = await create({
      tag: '0단원',
      startAt: at(7, 30),
      prgsTime: '2',
      eduCourseUrl: 'https://video.example/1',
    });
    expect(second.json().data).toMatchObject({ endAt: at(9, 30), eduCourseUrl: 'https://video.example/1' });
    const list = await call(app(), w.callers.teacher, 'GET', url());
    expect(list.json().data.courses.map((c: { tag: string }) => c.tag)).toEqual(['0단원', '1단원']);
  });

  it("answers 'There is a value that was not entered' and the time rules", async () => {
    for (const body of [
      { startAt: at(9), endAt: at(10) },
      { tag: ' ', startAt: at(9), endAt: at(10) },
      { tag: 'x', endAt: at(10) },
      { tag: 'x', startAt: at(9) },
    ]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe('There is a value that was not entered');
    }
    expect((await create({ tag: 'x', startAt: at(9), endAt: at(9, 30) })).json().message).toBe(
      'A lesson lasts 1 to 5 hours.',
    );
    expect((await create({ tag: 'x', startAt: at(9), prgsTime: 6 })).json().message).toBe(
      'A lesson lasts 1 to 5 hours.',
    );
    expect((await create({ tag: 'x', startAt: at(9, 3), endAt: at(10, 3) })).json().message).toBe(
      'Lesson times go in steps of 5 minutes.',
    );
    expect(
      (await create({ tag: 'x', startAt: at(9), endAt: at(10), description: 'x'.repeat(41) })).json().message,
    ).toBe('The description may have at most 40 characters.');
    expect(
      (await create({ tag: 'x', startAt: at(9), endAt: at(10), eduCourseUrl: 'javascript:alert(1)' }))
        .statusCode,
    ).toBe(400);
    expect((await create({ tag: 'x', startAt: '2025-03-03 09:00', endAt: at(10) })).statusCode).toBe(400);
  });

  it("refuses to start a lesson without students ('The student does not exist.'), saves a draft and re-registers it", async () => {
    const refused = await create({ tag: 'x', startAt: at(9), endAt: at(10) }, emptyLecture);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ ok: false, message: 'The student does not exist.', data: null });

    const draft = await create(
      { tag: 'draft', startAt: at(9), endAt: at(10), sessionStatus: 'DRAFT' },
      emptyLecture,
    );
    expect(draft.json().data).toMatchObject({ sessionStatus: 'DRAFT', sessionId: null, timeState: 'DRAFT' });
    const id = draft.json().data.id;
    const session = `${url(emptyLecture)}/${id}/session`;
    const still = await call(app(), w.callers.teacher, 'POST', session);
    expect(still.json().message).toBe('The student does not exist.');

    await call(app(), w.callers.admin, 'POST', `/edu/v1/class/admin/${w.emptyClassId}/students`, [
      { name: '새 학생' },
    ]);
    const registered = await call(app(), w.callers.teacher, 'POST', session);
    expect(registered.statusCode).toBe(200);
    expect(registered.json().data).toMatchObject({
      sessionStatus: 'ACTIVE',
      sessionId: expect.stringMatching(/^ses/),
      timeState: 'BEFORE',
    });
    const twice = await call(app(), w.callers.teacher, 'POST', session);
    expect(twice.json().message).toBe('The lesson session is already registered.');
  });

  it('edits a lesson, ends it for good, and deletes it', async () => {
    const created = (await create({ tag: 'edit', startAt: at(1), endAt: at(2) })).json().data;
    const path = `${url()}/${created.id}`;
    const moved = await call(app(), w.callers.teacher, 'PUT', path, { startAt: at(0, 5) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ startAt: at(0, 5), endAt: at(1, 5), tag: 'edit' });
    const longer = await call(app(), w.callers.teacher, 'PUT', path, { prgsTime: 3, description: 'memo' });
    expect(longer.json().data).toMatchObject({ endAt: at(3, 5), description: 'memo' });
    expect((await call(app(), w.callers.teacher, 'PUT', path, { endAt: at(0, 30) })).statusCode).toBe(400);
    expect((await call(app(), w.callers.teacher, 'PUT', path, { tag: '' })).json().message).toBe(
      'There is a value that was not entered',
    );
    const ended = await call(app(), w.callers.teacher, 'PUT', path, { status: 'E' });
    expect(ended.json().data).toMatchObject({ status: 'E', timeState: 'ENDED' });
    expect((await call(app(), w.callers.teacher, 'PUT', path, { status: 'B' })).json().message).toBe(
      'The lesson has already ended.',
    );
    expect((await call(app(), w.callers.teacher, 'POST', `${path}/session`)).json().message).toBe(
      'The lesson has already ended.',
    );
    expect((await call(app(), w.callers.otherSchool, 'DELETE', path)).statusCode).toBe(403);
    const gone = await call(app(), w.callers.teacher, 'DELETE', path);
    expect(gone.json()).toEqual({ ok: true, message: 'Success', data: { id: created.id } });
    expect((await call(app(), w.callers.teacher, 'GET', path)).statusCode).toBe(404);
    // A lesson id under another lecture is not found there.
    const other = (await create({ tag: 'other', startAt: at(1), endAt: at(2) })).json().data;
    expect((await call(app(), w.callers.teacher, 'GET', `${url(emptyLecture)}/${other.id}`)).statusCode).toBe(
      404,
    );
  });

  it('shows the time state from the clock: in progress, after the end, missed', async () => {
    const inProgress = (await create({ tag: 'now', startAt: at(0), endAt: at(1) })).json().data;
    expect(inProgress.timeState).toBe('IN_PROGRESS');
    const grace = (
      await create({ tag: 'grace', startAt: '2025-03-02T22:40:00.000Z', endAt: '2025-03-02T23:40:00.000Z' })
    ).json().data;
    expect(grace.timeState).toBe('AFTER_END');
    const missed = (
      await create({ tag: 'missed', startAt: '2025-03-02T20:00:00.000Z', endAt: '2025-03-02T21:00:00.000Z' })
    ).json().data;
    expect(missed.timeState).toBe('MISSED');
  });

  it('turns from after-the-end to missed exactly 30 minutes after the end, at the server clock', async () => {
    // Within the first hour of the test clock: the callers' tokens (1 h) stay valid.
    const start = Date.parse('2025-03-02T22:00:00.000Z');
    const end = Date.parse('2025-03-02T23:00:00.000Z');
    const lesson = (
      await create({
        tag: 'boundary',
        startAt: new Date(start).toISOString(),
        endAt: new Date(end).toISOString(),
      })
    ).json().data;
    const path = `${url()}/${lesson.id}`;
    const stateAt = async (ms: number) => {
      clock.set(ms);
      return (await call(app(), w.callers.teacher, 'GET', path)).json().data.timeState;
    };
    try {
      expect(await stateAt(start - 1)).toBe('BEFORE');
      expect(await stateAt(end)).toBe('IN_PROGRESS');
      expect(await stateAt(end + 1)).toBe('AFTER_END');
      expect(await stateAt(end + 30 * 60_000)).toBe('AFTER_END');
      expect(await stateAt(end + 30 * 60_000 + 1)).toBe('MISSED');
      // The lists agree, and an edit is stamped with the same clock.
      const listed = (await call(app(), w.callers.teacher, 'GET', url())).json().data.courses;
      expect(listed.find((c: { id: number }) => c.id === lesson.id).timeState).toBe('MISSED');
      clock.set(Date.parse('2025-03-03T00:34:56.000Z'));
      const edited = await call(app(), w.callers.teacher, 'PUT', path, { description: 'memo' });
      expect(edited.json().data.modifiedAt).toBe('2025-03-03T00:34:56.000Z');
    } finally {
      clock.set(Date.UTC(2025, 2, 3, 0, 0, 0));
    }
  });
});
