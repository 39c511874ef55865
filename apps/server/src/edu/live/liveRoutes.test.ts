import { answerSchema } from '@dotink/contracts/answer';
import { LIVE_GRACE_MINUTES, LiveMessage, liveRosterData, liveStationData } from '@dotink/contracts/eduLive';
import { manualClock, pageAddress } from '@dotink/ncode';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../../test/harness';
import {
  type Classroom,
  createClassroom,
  host,
  makeStroke,
  postInk,
  pupilPen,
  uploadOf,
} from '../../../test/inkFixtures';
import { issueAccessToken, teacherWithToken } from '../../../test/oauth';

const page = (p: number) => pageAddress(3, 1012, 1191, p);
const GRACE_MS = LIVE_GRACE_MINUTES * 60_000;

describeEachDatabase('live lesson routes', (kind) => {
  const clock = manualClock(Date.UTC(2025, 2, 3, 9, 30));
  const server = useTestServer(kind, { clock });
  const app = () => server().app;
  let room: Classroom;
  let other: Classroom;
  const get = (url: string, headers: Record<string, string>) =>
    app().inject({ url, headers: { host, ...headers } });
  const live = (courseId: number | string, headers = room.teacher.headers) =>
    get(`/edu/v1/live/${courseId}`, headers);
  const station = (courseId: number | string, headers: Record<string, string>) =>
    get(`/edu/v1/live/${courseId}/station`, headers);

  beforeAll(async () => {
    room = await createClassroom(app(), 4);
    other = await createClassroom(app(), 1);
    const [a, b, c, d] = room.students;
    const { lessonStartMs: start, lessonEndMs: end } = room;
    // Pupil a: before the lesson, two pages in it (page 30 last), one after the room closed.
    await postInk(app(), a!.headers, [
      uploadOf([makeStroke({ page: page(99), startMs: start - 60_000, writerId: a!.id })], a!.id),
      uploadOf([makeStroke({ page: page(10), startMs: start + 60_000, writerId: a!.id })], a!.id),
      uploadOf([makeStroke({ page: page(30), startMs: end + 60_000, writerId: a!.id, dots: 21 })], a!.id),
      uploadOf([makeStroke({ page: page(98), startMs: end + GRACE_MS + 1, writerId: a!.id })], a!.id),
    ]);
    // Pupil b: only before the lesson; pupil c: a stroke in the lesson, later deleted.
    await postInk(app(), b!.headers, [
      uploadOf([makeStroke({ page: page(7), startMs: start - 1, writerId: b!.id })], b!.id),
    ]);
    await postInk(app(), c!.headers, [
      uploadOf([makeStroke({ page: page(8), startMs: start + 5_000, writerId: c!.id })], c!.id),
      uploadOf([makeStroke({ page: page(9), startMs: start + 9_000, writerId: c!.id })], c!.id),
    ]);
    const { db } = app().services;
    await db
      .updateTable('ink_strokes')
      .set({ delete_flag: 1 })
      .where('student_id', '=', c!.id)
      .where('page', '=', 9)
      .execute();
    // Pupil c has no pen, pupil d's address was typed in lower case without colons; a fifth,
    // deleted pupil is left out.
    await db
      .updateTable('students')
      .set({ mac_address: '00:00:00:00:00:00' })
      .where('account_id', '=', c!.id)
      .execute();
    await db
      .updateTable('students')
      .set({ mac_address: '9c7bd21000aa' })
      .where('account_id', '=', d!.id)
      .execute();
    const gone = await app().services.accounts.createStudent({ name: 'Left' });
    await db
      .insertInto('students')
      .values({ account_id: gone.id, class_id: room.classId, num: 5, name: 'Left', delete_yn: 'Y' })
      .execute();
  });

  it("answers the teacher the lesson, its room and window, and each pupil's pen and last page in it", async () => {
    const res = await live(room.courseId);
    expect(res.statusCode).toBe(200);
    const { data } = answerSchema(liveRosterData).parse(res.json());
    const [a, b, c, d] = room.students;
    expect(data.lesson).toEqual({
      courseId: room.courseId,
      sessionId: room.sessionId,
      curriculumId: expect.any(Number),
      eduClassId: room.classId,
      className: expect.any(String),
      tag: 'Lesson 1',
      title: 'Math',
      startMs: room.lessonStartMs,
      endMs: room.lessonEndMs,
      closesAtMs: room.lessonEndMs + GRACE_MS,
      room: `session/${room.tag}`,
      inkTag: room.tag,
    });
    expect(data.nowMs).toBe(clock.nowMs());
    expect(data.pupils).toEqual([
      {
        studentId: a!.id,
        num: '1',
        name: 'Pupil 0',
        mac: pupilPen(0),
        lastPage: '3.1012.1191.30',
        lastStrokeMs: room.lessonEndMs + 60_000 + 200,
      },
      { studentId: b!.id, num: '2', name: 'Pupil 1', mac: pupilPen(1), lastPage: null, lastStrokeMs: null },
      {
        studentId: c!.id,
        num: '3',
        name: 'Pupil 2',
        mac: null,
        lastPage: '3.1012.1191.8',
        lastStrokeMs: room.lessonStartMs + 5_000 + 90,
      },
      {
        studentId: d!.id,
        num: '4',
        name: 'Pupil 3',
        mac: '9C:7B:D2:10:00:AA',
        lastPage: null,
        lastStrokeMs: null,
      },
    ]);
  });

  it('lets the school administrator in, and refuses colleagues, other schools and pupils (403)', async () => {
    const admin = await teacherWithToken(app(), { schoolId: room.schoolId, isSchoolAdmin: true });
    expect((await live(room.courseId, admin.headers)).statusCode).toBe(200);
    const colleague = await teacherWithToken(app(), { schoolId: room.schoolId });
    const refused = [colleague.headers, other.teacher.headers, room.students[0]!.headers];
    for (const headers of refused) {
      const res = await live(room.courseId, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ ok: false, data: null });
    }
    expect((await live(room.courseId, colleague.headers)).json().message).toBe(LiveMessage.notInLesson);
    // Another school's administrator neither.
    const otherAdmin = await teacherWithToken(app(), { schoolId: other.schoolId, isSchoolAdmin: true });
    expect((await live(room.courseId, otherAdmin.headers)).statusCode).toBe(403);
    expect((await live(room.courseId, {})).statusCode).toBe(401);
  });

  it('answers 404 for an unknown lesson, 409 for a draft, 400 for ids that are not ones, never 5xx', async () => {
    const unknown = await live(2_000_000_000);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, LiveMessage.lessonNotFound]);
    const { db } = app().services;
    const draft = await db
      .insertInto('courses')
      .values({
        curriculum_id: (await live(room.courseId)).json().data.lesson.curriculumId,
        tag: 'Draft',
        title: 'Math',
        start_at: new Date(room.lessonStartMs),
        end_at: new Date(room.lessonEndMs),
        session_id: null,
        session_status: 'DRAFT',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await live(draft.id);
    expect([res.statusCode, res.json().message]).toEqual([409, LiveMessage.noSession]);
    const pupilDraft = await station(draft.id, room.students[0]!.headers);
    expect([pupilDraft.statusCode, pupilDraft.json().message]).toEqual([409, LiveMessage.noSession]);
    // A stranger learns nothing of the draft: 403 before 409.
    expect((await live(draft.id, other.teacher.headers)).statusCode).toBe(403);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '2147483648', '%00', '1e3']) {
      for (const url of [`/edu/v1/live/${id}`, `/edu/v1/live/${id}/station`]) {
        const r = await get(url, url.endsWith('station') ? room.students[0]!.headers : room.teacher.headers);
        expect(r.statusCode, `${url}: ${r.body}`).toBeGreaterThanOrEqual(400);
        expect(r.statusCode, url).toBeLessThan(500);
      }
    }
  });

  it("answers a pupil of the class the lesson and the pupil's own pen; refuses others (403)", async () => {
    const pupil = room.students[0]!;
    const res = await station(room.courseId, pupil.headers);
    expect(res.statusCode).toBe(200);
    const { data } = answerSchema(liveStationData).parse(res.json());
    expect(data).toMatchObject({ studentId: pupil.id, name: 'Pupil 0', mac: pupilPen(0) });
    expect(data.lesson.room).toBe(`session/${room.tag}`);
    const noPen = await station(room.courseId, room.students[2]!.headers);
    expect(noPen.json().data.mac).toBeNull();
    for (const headers of [other.students[0]!.headers, room.teacher.headers]) {
      const r = await station(room.courseId, headers);
      expect([r.statusCode, r.json().message]).toEqual([403, LiveMessage.notInLesson]);
    }
    const unknown = await station(2_000_000_000, pupil.headers);
    expect(unknown.statusCode).toBe(404);
    // A pupil removed from the class is refused.
    const { db } = app().services;
    await db
      .updateTable('students')
      .set({ delete_yn: 'Y' })
      .where('account_id', '=', room.students[3]!.id)
      .execute();
    expect((await station(room.courseId, room.students[3]!.headers)).statusCode).toBe(403);
    await db
      .updateTable('students')
      .set({ delete_yn: 'N' })
      .where('account_id', '=', room.students[3]!.id)
      .execute();
  });

  it('closes the station 30 minutes after the lesson ends (410); the teacher still reads the roster', async () => {
    const before = clock.nowMs();
    // Tokens issued at the clock's time (they expire an hour later).
    const bearer = async (id: string, scope: string) => ({
      authorization: `Bearer ${await issueAccessToken(app(), id, scope)}`,
    });
    try {
      clock.set(room.lessonEndMs + GRACE_MS - 1);
      const pupil = await bearer(room.students[0]!.id, 'openid profile storage');
      expect((await station(room.courseId, pupil)).statusCode).toBe(200);
      clock.set(room.lessonEndMs + GRACE_MS);
      const res = await station(room.courseId, pupil);
      expect([res.statusCode, res.json()]).toEqual([
        410,
        { ok: false, message: LiveMessage.closed, data: null },
      ]);
      const roster = await live(room.courseId, await bearer(room.teacher.id, 'openid profile edu.read'));
      expect(roster.statusCode).toBe(200);
      expect(roster.json().data.nowMs).toBeGreaterThanOrEqual(roster.json().data.lesson.closesAtMs);
    } finally {
      clock.set(before);
    }
  });
});
