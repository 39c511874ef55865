import { mathSummaryData, pupilDetailData, pupilDetailsData } from '@dotink/contracts/eduAnalytics';
import { manualClock, pageAddress } from '@dotink/ncode';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../../test/harness';
import {
  type Classroom,
  createClassroom,
  host,
  makeStroke,
  postInk,
  uploadOf,
} from '../../../test/inkFixtures';
import { teacherWithToken } from '../../../test/oauth';
import { upsertBuiltinTextbooks } from '../../seed/builtinTextbooks';
import { DEMO_UNITS } from '../../seed/demoUnits';
import { classFingerprint, classInput, classPupils } from './analyticsInput';
import { RECORD_BYTES } from './bookFacts';

const BOOK = { section: 3, owner: 1012, book: 1191 } as const;
const page = (p: number) => pageAddress(BOOK.section, BOOK.owner, BOOK.book, p);
const RANGE = { ...BOOK, startPage: 1, endPage: 124 };
/** Length of one step of the fixture strokes' slanted line (0.25, 0.125 nu). */
const STEP_NU = Math.hypot(0.25, 0.125);

describeEachDatabase('GET /edu/v1/math/summary', (kind) => {
  // the summary says when it was computed: a moving clock tells a cached answer from a new one
  const clock = manualClock(Date.UTC(2025, 2, 3, 0, 0, 0));
  const server = useTestServer(kind, { clock });
  const app = () => server().app;
  let room: Classroom;
  let t0: number;

  const query = (q: Record<string, string | number> = {}) =>
    new URLSearchParams(
      Object.entries({
        eduClassId: room.classId,
        section: 3,
        owner: 1012,
        book: 1191,
        ncodeStartPage: 1,
        ncodeEndPage: 124,
        timeZone: 'Asia/Seoul',
        ...q,
      }).map(([k, v]) => [k, String(v)]),
    ).toString();
  const get = (url: string, headers: Record<string, string> = room.teacher.headers) =>
    app().inject({ url, headers: { host, ...headers } });

  beforeAll(async () => {
    room = await createClassroom(app(), 3);
    t0 = room.lessonStartMs + 60_000;
    const [a, b] = room.students;
    // Pupil 1: 3 strokes of 11 dots on page 10, 2 on page 30; pupil 2: one of 5 dots on page 10
    // and one on another book (not read).
    await postInk(app(), a!.headers, [
      uploadOf(
        [0, 1, 2].map((i) =>
          makeStroke({ page: page(10), startMs: t0 + i * 1000, writerId: a!.id, dots: 11 }),
        ),
        a!.id,
      ),
      uploadOf(
        [0, 1].map((i) =>
          makeStroke({ page: page(30), startMs: t0 + 600_000 + i * 1000, writerId: a!.id, dots: 11 }),
        ),
        a!.id,
      ),
    ]);
    await postInk(app(), b!.headers, [
      uploadOf([makeStroke({ page: page(10), startMs: t0 + 5000, writerId: b!.id, dots: 5 })], b!.id),
      uploadOf([makeStroke({ page: pageAddress(3, 1012, 1192, 10), startMs: t0, writerId: b!.id })], b!.id),
    ]);
    await app()
      .services.db.insertInto('watch_events')
      .values([
        {
          student_id: a!.id,
          file_name: 'math_1191.json',
          kind: 'click',
          at: new Date(t0 + 30_000),
          content_id: '1191_1_10',
          content_type: 'youtube',
          url: 'https://video.example/10',
        },
        {
          student_id: a!.id,
          file_name: 'math_1191.json',
          kind: 'watch',
          at: new Date(t0 + 40_000),
          content_id: '1191_1_10',
        },
      ])
      .execute();
  });

  it("reads each pupil's stroke facts on the book (no dots), clicks and watches; deleted pupils excluded", async () => {
    const { db } = app().services;
    const [a, b, c] = room.students;
    await db.updateTable('students').set({ delete_yn: 'Y' }).where('account_id', '=', c!.id).execute();
    const pupils = await classPupils(db, room.classId);
    expect(pupils.map((p) => p.studentId)).toEqual([a!.id, b!.id]);
    const input = await classInput(db, pupils, RANGE);
    const first = input[0]!;
    expect(first.strokes).toHaveLength(5);
    const onTen = first.strokes.filter((s) => s.page === 10).sort((x, y) => x.startTimeMs - y.startTimeMs);
    expect(onTen.map((s) => [s.startTimeMs, s.endTimeMs, s.dotCount])).toEqual([
      [t0, t0 + 100, 11],
      [t0 + 1000, t0 + 1100, 11],
      [t0 + 2000, t0 + 2100, 11],
    ]);
    expect(onTen[0]!.distanceNu).toBeCloseTo(10 * STEP_NU, 2);
    expect(first.clicks).toEqual([
      {
        click_time: new Date(t0 + 30_000).toISOString(),
        timeMs: t0 + 30_000,
        category: '',
        id: '1191_1_10',
        type: 'youtube',
        url: 'https://video.example/10',
      },
    ]);
    expect(first.watchTimesMs).toEqual([t0 + 40_000]);
    expect(input[1]!.strokes.map((s) => [s.page, s.dotCount])).toEqual([[10, 5]]);
    await db.updateTable('students').set({ delete_yn: 'N' }).where('account_id', '=', c!.id).execute();
  });

  it("keeps packed facts per pupil and book, rebuilt when the pupil's ink changes (an erased stroke leaves)", async () => {
    const { db } = app().services;
    const [a] = room.students;
    const pupils = (await classPupils(db, room.classId)).filter((p) => p.studentId === a!.id);
    const before = await classInput(db, pupils, RANGE);
    const packed = await db
      .selectFrom('ink_book_facts')
      .selectAll()
      .where('student_id', '=', a!.id)
      .execute();
    expect(packed.map((r) => [r.book, r.facts.length])).toEqual([[1191, 5 * RECORD_BYTES]]);
    await db
      .updateTable('ink_strokes')
      .set({ delete_flag: 1 })
      .where('student_id', '=', a!.id)
      .where('start_time', '=', String(t0))
      .execute();
    const after = await classInput(db, pupils, RANGE);
    expect(after[0]!.strokes).toHaveLength(before[0]!.strokes.length - 1);
    expect(after[0]!.strokes.some((s) => s.startTimeMs === t0)).toBe(false);
    await db
      .updateTable('ink_strokes')
      .set({ delete_flag: 0 })
      .where('student_id', '=', a!.id)
      .where('start_time', '=', String(t0))
      .execute();
    expect((await classInput(db, pupils, RANGE))[0]!.strokes).toHaveLength(5);
  });

  it('changes the fingerprint with new ink, a click or a change of the pupils', async () => {
    const { db } = app().services;
    const [, , c] = room.students;
    const before = await classFingerprint(db, room.classId);
    expect(await classFingerprint(db, room.classId)).toBe(before);
    await postInk(app(), c!.headers, [
      uploadOf([makeStroke({ page: page(50), startMs: t0 + 9000, writerId: c!.id })], c!.id),
    ]);
    const afterInk = await classFingerprint(db, room.classId);
    expect(afterInk).not.toBe(before);
    await db
      .insertInto('watch_events')
      .values({ student_id: c!.id, file_name: 'f', kind: 'click', at: new Date(t0), content_id: 'x_y_3' })
      .execute();
    const afterClick = await classFingerprint(db, room.classId);
    expect(afterClick).not.toBe(afterInk);
    await db.updateTable('students').set({ name: 'Renamed' }).where('account_id', '=', c!.id).execute();
    expect(await classFingerprint(db, room.classId)).not.toBe(afterClick);
  });

  it('refuses callers who do not teach the class (403), unknown classes and pupils (404), bad queries (400)', async () => {
    const stranger = await teacherWithToken(app(), { schoolId: room.schoolId });
    expect((await get(`/edu/v1/math/summary?${query()}`, stranger.headers)).statusCode).toBe(403);
    const otherSchool = await teacherWithToken(app(), { schoolId: null });
    expect((await get(`/edu/v1/math/summary?${query()}`, otherSchool.headers)).statusCode).toBe(403);
    expect((await get(`/edu/v1/math/summary?${query()}`, room.students[0]!.headers)).statusCode).toBe(403);
    expect((await get(`/edu/v1/math/summary?${query()}`, {})).statusCode).toBe(401);
    const unknown = await get(`/edu/v1/math/summary?${query({ eduClassId: 999_999 })}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ ok: false, data: null });
    const stray = await get(`/edu/v1/math/summary/student/s-nobody?${query()}`);
    expect(stray.statusCode).toBe(404);
    expect(stray.json().message).toBe('The student is not a pupil of this class.');
    for (const bad of [
      query({ ncodeStartPage: 20, ncodeEndPage: 10 }),
      query({ timeZone: 'Mars/Olympus' }),
      query({ section: -1 }),
      query({ ncodeEndPage: 5000 }),
      'eduClassId=1',
    ]) {
      const res = await get(`/edu/v1/math/summary?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().ok).toBe(false);
    }
  });

  it('answers the class summary for the class teacher and the school administrator', async () => {
    const res = await get(`/edu/v1/math/summary?${query()}`);
    expect(res.statusCode).toBe(200);
    const data = mathSummaryData.parse(res.json().data);
    expect(data.pupils.map((p) => p.num)).toEqual([1, 2, 3]);
    expect(data.pupils[0]!.analysis.numWrittenPages).toBe(2);
    expect(data.pupils[1]!.analysis.numWrittenPages).toBe(1);
    expect(data.timeZone).toBe('Asia/Seoul');
    const admin = await teacherWithToken(app(), { schoolId: room.schoolId, isSchoolAdmin: true });
    expect((await get(`/edu/v1/math/summary?${query()}`, admin.headers)).statusCode).toBe(200);
    const detail = await get(`/edu/v1/math/summary/student/${room.students[0]!.id}?${query()}`);
    expect(detail.statusCode).toBe(200);
    const pupil = pupilDetailData.parse(detail.json().data);
    expect(pupil.pupil.studentId).toBe(room.students[0]!.id);
    expect(pupil.clicks.map((c) => c.type)).toEqual(['youtube']);
  });

  it("answers every pupil's detail at once, each equal to the pupil's own answer (the class report)", async () => {
    const res = await get(`/edu/v1/math/summary/students?${query()}`);
    expect(res.statusCode).toBe(200);
    const all = pupilDetailsData.parse(res.json().data).pupils;
    expect(all.map((d) => d.pupil.num)).toEqual([1, 2, 3]);
    for (const d of all) {
      const own = await get(`/edu/v1/math/summary/student/${d.pupil.studentId}?${query()}`);
      expect(d).toEqual(pupilDetailData.parse(own.json().data));
    }
    // a teacher of the school who does not teach the class reads nobody's (403, as the summary)
    const stranger = await teacherWithToken(app(), { schoolId: room.schoolId });
    expect((await get(`/edu/v1/math/summary/students?${query()}`, stranger.headers)).statusCode).toBe(403);
  });

  it('answers again from the cache, and a new upload of the class changes the answer', async () => {
    const first = await get(`/edu/v1/math/summary?${query()}`);
    const computedAtMs = mathSummaryData.parse(first.json().data).computedAtMs;
    clock.advance(60_000);
    const again = await get(`/edu/v1/math/summary?${query()}`);
    // the cached answer, computed a minute ago (a new computation would say now)
    expect(again.body).toBe(first.body);
    const pupil = room.students[1]!;
    await postInk(app(), pupil.headers, [
      uploadOf([makeStroke({ page: page(31), startMs: t0 + 700_000, writerId: pupil.id })], pupil.id),
    ]);
    const after = mathSummaryData.parse((await get(`/edu/v1/math/summary?${query()}`)).json().data);
    expect(after.pupils[1]!.analysis.numWrittenPages).toBe(2);
    expect(after.computedAtMs).toBe(computedAtMs + 60_000);
  });

  it('answers 200 over strokes stored before the instant rule (start 9e15, year 255,000, 1970, NaN length)', async () => {
    const { db } = app().services;
    const pupil = room.students[2]!;
    const poisoned = [
      { start_time: 9_000_000_000_000_000, end_time: 9_000_000_000_000_100 },
      { start_time: 8_000_000_000_000_000, end_time: null },
      { start_time: 0, end_time: 5 },
      { start_time: t0 + 50_000, end_time: t0 - 50_000 },
      { start_time: t0 + 60_000, end_time: t0 + 60_100, distance_nu: Number.NaN },
      {
        start_time: t0 + 70_000,
        end_time: t0 + 70_100,
        distance_nu: Number.POSITIVE_INFINITY,
        dot_count: -3,
      },
    ];
    await db
      .insertInto('ink_strokes')
      .values(
        poisoned.map((p, i) => ({
          student_id: pupil.id,
          ...BOOK,
          page: 12,
          writer_id: pupil.id,
          mac: 'm',
          upload_id: 900_000 + i,
          uploaded_at: new Date(t0),
          created_at: new Date(t0),
          color: 0,
          pen_tip_type: 0,
          stroke_type: 0,
          thickness: 1,
          updated: 0,
          delete_flag: 0,
          dot_count: 1,
          dots: new Uint8Array(17),
          distance_nu: 1,
          ...p,
        })),
      )
      .execute();
    for (const url of [
      `/edu/v1/math/summary?${query()}`,
      `/edu/v1/math/summary/student/${pupil.id}?${query()}`,
      `/admin/v1/inkstore/search/${pupil.id}`,
      `/admin/v1/inkstore/search/${pupil.id}?tag=${room.tag}`,
      `/edu/v1/live/${room.courseId}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    }
    const data = mathSummaryData.parse((await get(`/edu/v1/math/summary?${query()}`)).json().data);
    // The three strokes of 2025 count (their bad end or facts read as none); the other three not.
    expect(data.pages.find((p) => p.page === 12)?.strokeCount).toBe(3);
    const detail = pupilDetailData.parse(
      (await get(`/edu/v1/math/summary/student/${pupil.id}?${query()}`)).json().data,
    );
    expect(detail.pupil.firstWritingTimeMs).toBeLessThanOrEqual(t0 + 50_000);
    expect(detail.pupil.lastWritingTimeMs).toBeLessThan(t0 + 86_400_000);
    await db.deleteFrom('ink_strokes').where('student_id', '=', pupil.id).where('page', '=', 12).execute();
  });

  it("labels pages from the built-in book's first page, also when the range starts later (§5)", async () => {
    await upsertBuiltinTextbooks(app().services.db);
    const data = mathSummaryData.parse(
      (await get(`/edu/v1/math/summary?${query({ ncodeStartPage: 10, ncodeEndPage: 40 })}`)).json().data,
    );
    expect(data.book.pageNaming).toBe('textbook');
    // The grade 3 book starts at Ncode page 1: page 10 is its 10th page, labelled 10 − 2.
    expect(data.pages.find((p) => p.page === 10)?.label).toBe('8');
    expect(data.pages.find((p) => p.page === 40)?.label).toBe('38');
  });

  it('uses the units of the built-in book (the demo units once seeded)', async () => {
    await upsertBuiltinTextbooks(app().services.db);
    await app()
      .services.db.updateTable('builtin_textbooks')
      .set({ categories: JSON.stringify(DEMO_UNITS) })
      .where('id', '=', 1)
      .execute();
    const data = mathSummaryData.parse((await get(`/edu/v1/math/summary?${query()}`)).json().data);
    expect(data.units.map((u) => u.title)).toEqual([...DEMO_UNITS.map((u) => u.title), '']);
    expect(data.book.pageNaming).toBe('textbook');
    // Page 10 is in demo unit 1 (its sub-unit 1.1), page 30 in unit 2.
    expect(data.pages.find((p) => p.page === 10)?.unitIndex).toBe(0);
    expect(data.pages.find((p) => p.page === 30)?.unitIndex).toBe(data.units[1]!.index);
    await app()
      .services.db.updateTable('builtin_textbooks')
      .set({ categories: '[]' })
      .where('id', '=', 1)
      .execute();
  });

  it("counts only the pupil's own strokes: a teacher's annotation on the pupil's page is another writer", async () => {
    const { db } = app().services;
    const [a] = room.students;
    const pupils = (await classPupils(db, room.classId)).filter((p) => p.studentId === a!.id);
    const own = (await classInput(db, pupils, RANGE))[0]!.strokes;
    const figures = async () =>
      pupilDetailData.parse((await get(`/edu/v1/math/summary/student/${a!.id}?${query()}`)).json().data);
    const summary = async () =>
      mathSummaryData.parse((await get(`/edu/v1/math/summary?${query()}`)).json().data);
    const [ownFigures, ownSummary] = [await figures(), await summary()];
    // the class teacher annotates pupil 1's page 10 that evening, 12 hours after the lesson (uploaded
    // as the pupil, written by the teacher; within the upload's window of now + 1 day)
    const later = 12 * 3_600_000;
    const annotated = await postInk(app(), a!.headers, [
      uploadOf(
        [0, 1].map((i) =>
          makeStroke({ page: page(10), startMs: t0 + later + i * 1000, writerId: room.teacher.id, dots: 30 }),
        ),
        a!.id,
      ),
    ]);
    expect(annotated.statusCode).toBe(200);
    const stored = await db
      .selectFrom('ink_strokes')
      .select('writer_id')
      .where('student_id', '=', a!.id)
      .where('writer_id', '=', room.teacher.id)
      .execute();
    expect(stored).toHaveLength(2);
    const after = (await classInput(db, pupils, RANGE))[0]!.strokes;
    expect(after).toEqual(own);
    // the pupil's figures and calendar, and the class summary, are those of the pupil's own writing
    expect(await figures()).toEqual(ownFigures);
    expect(await summary()).toEqual(ownSummary);
  });

  it('drops a pupil deleted by the teacher from the next summary, cached or not', async () => {
    const url = `/edu/v1/math/summary?${query()}`;
    const ids = async () =>
      mathSummaryData.parse((await get(url)).json().data).pupils.map((p) => p.studentId);
    const b = room.students[1]!;
    const before = await ids();
    expect(before).toContain(b.id);
    clock.advance(60_000);
    const removed = await app().inject({
      method: 'PUT',
      url: `/edu/v1/class/${room.classId}/students`,
      headers: { host, ...room.teacher.headers, 'content-type': 'application/json' },
      payload: [{ id: b.id, deleteYn: 'Y' }],
    });
    expect(removed.statusCode).toBe(200);
    expect(await ids()).toEqual(before.filter((id) => id !== b.id));
  });
});
