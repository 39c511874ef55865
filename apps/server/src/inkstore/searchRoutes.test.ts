import { type InkStorePage, parseInkStoreElement } from '@dotink/ink';
import { type ManualClock, pageAddress } from '@dotink/ncode';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { type Classroom, createClassroom, host, makeStroke, postInk, uploadOf } from '../../test/inkFixtures';
import { issueAccessToken, teacherWithToken } from '../../test/oauth';
import { SEARCH_PAGE_DOTS } from './searchRoutes';

const BOOK = { section: 3, owner: 1012, book: 1191 } as const;
const page = (p: number) => pageAddress(BOOK.section, BOOK.owner, BOOK.book, p);

describeEachDatabase('GET /admin/v1/inkstore/search/{studentId}', (kind) => {
  const server = useTestServer(kind);
  const app = () => server().app;
  let room: Classroom;
  let pupil: Classroom['students'][number];
  let firstUploadDate: string;
  let secondUploadDate: string;

  const search = (studentId: string, query: string, headers = room.teacher.headers) =>
    app().inject({
      url: `/admin/v1/inkstore/search/${studentId}${query ? `?${query}` : ''}`,
      headers: { host, ...headers },
    });
  const pagesOf = (elements: { data: string }[]): InkStorePage[] =>
    elements.map((e) => parseInkStoreElement(e));
  /** Every stroke start time of a search, following the pointer to the end. */
  const allStarts = async (query: string) => {
    const starts: number[] = [];
    let pointer = '';
    for (let guard = 0; guard < 100; guard++) {
      const res = await search(pupil.id, `${query}${pointer ? `&dataPointer=${pointer}` : ''}`);
      expect(res.statusCode).toBe(200);
      const { resultElements, hasMore, nextDataPointer } = res.json().data;
      for (const p of pagesOf(resultElements)) for (const s of p.strokes) starts.push(s.startTimeMs);
      if (!hasMore) {
        expect(nextDataPointer).toBeNull();
        return starts;
      }
      pointer = nextDataPointer;
    }
    throw new Error('paging did not end');
  };

  beforeAll(async () => {
    room = await createClassroom(app(), 2);
    pupil = room.students[0]!;
    const t0 = room.lessonStartMs + 60_000;
    // Upload 1: 600 strokes on pages 1..4 during the lesson (more than one answer page).
    const records = [1, 2, 3, 4].map((p) =>
      uploadOf(
        Array.from({ length: 150 }, (_, i) =>
          makeStroke({ page: page(p), startMs: t0 + p * 1_000_000 + i * 100, writerId: pupil.id, dots: 100 }),
        ),
        pupil.id,
      ),
    );
    const first = await postInk(app(), pupil.headers, records);
    expect(first.json().data.stored).toBe(600);
    firstUploadDate = first.json().data.uploadDate;
    // Upload 2: 5 strokes on page 9, long after the lesson (within the day after the server's clock).
    (server().clock as ManualClock).advance(5);
    const later = Array.from({ length: 5 }, (_, i) =>
      makeStroke({ page: page(9), startMs: room.lessonEndMs + 12 * 3_600_000 + i * 100, writerId: pupil.id }),
    );
    const second = await postInk(app(), pupil.headers, [uploadOf(later, pupil.id)]);
    secondUploadDate = second.json().data.uploadDate;
  });

  it('answers the page objects in upload order, in keyset pages, nothing lost or repeated', async () => {
    const res = await search(pupil.id, '');
    expect(res.statusCode).toBe(200);
    const { ok, message, data } = res.json();
    expect([ok, message]).toEqual([true, 'Success']);
    expect(data.hasMore).toBe(true);
    expect(data.nextDataPointer).toMatch(/^\d+$/);
    const first = data.resultElements[0];
    expect(first).toEqual({
      mimeType: 'application/vnd.dotink.strokes.v3+json',
      writer: pupil.id,
      createDate: expect.any(String),
      uploadDate: firstUploadDate,
      data: expect.any(String),
    });
    // The data is the page object of the upload: {version: 3, page: {section, owner, bookCode, pageNumber, …}}.
    const json = JSON.parse(Buffer.from(first.data, 'base64').toString('utf8'));
    expect(json.version).toBe(3);
    expect(json.page).toMatchObject({ section: 3, owner: 1012, bookCode: 1191, pageNumber: 1, category: 0 });
    const pages = pagesOf(data.resultElements);
    // 100-dot strokes: a page holds SEARCH_PAGE_DOTS dots' worth.
    expect(pages.reduce((n, p) => n + p.strokes.length, 0)).toBe(SEARCH_PAGE_DOTS / 100);
    expect(pages.map((p) => p.page.page)).toEqual([1, 2]);
    const s0 = pages[0]!.strokes[0]!;
    expect(s0.dots.count).toBe(100);
    expect(s0.writerId).toBe(pupil.id);
    expect(s0.dots.xNu[3]).toBeCloseTo(10.75, 5);

    const starts = await allStarts('');
    expect(starts).toHaveLength(605);
    expect(new Set(starts).size).toBe(605);
  });

  it('keeps its pages stable while new strokes arrive (they come after the pointer)', async () => {
    const res = await search(pupil.id, 'pageNumber=1&pageNumber=2&pageNumber=3&pageNumber=4');
    const pointer = res.json().data.nextDataPointer;
    const other = room.students[1]!;
    await postInk(app(), other.headers, [
      uploadOf(
        [makeStroke({ page: page(1), startMs: room.lessonStartMs + 5, writerId: other.id })],
        other.id,
      ),
    ]);
    const next = await search(
      pupil.id,
      `pageNumber=1&pageNumber=2&pageNumber=3&pageNumber=4&dataPointer=${pointer}`,
    );
    const rest = pagesOf(next.json().data.resultElements);
    expect(rest.reduce((n, p) => n + p.strokes.length, 0)).toBe(200);
    expect(rest[0]!.strokes[0]!.startTimeMs).toBe(room.lessonStartMs + 60_000 + 2_000_000 + 50 * 100);
    expect(next.json().data.hasMore).toBe(true);
  });

  it('filters by page numbers, book, upload dates and lesson tag', async () => {
    expect(await allStarts('pageNumber=2&pageNumber=9')).toHaveLength(155);
    expect(await allStarts('section=3&owner=1012&bookCode=1191&pageNumber=9')).toHaveLength(5);
    expect(await allStarts('bookCode=1192')).toHaveLength(0);
    expect(await allStarts(`startDate=${encodeURIComponent(secondUploadDate)}`)).toHaveLength(5);
    expect(await allStarts(`endDate=${encodeURIComponent(secondUploadDate)}`)).toHaveLength(600);
    expect(await allStarts(`tag=${encodeURIComponent(room.tag)}`)).toHaveLength(600);
  });

  it("keeps a teacher's annotations in a lesson's replay whenever they were written", async () => {
    const other = room.students[1]!;
    const later = room.lessonEndMs + 12 * 3_600_000; // long after the lesson, within a day of the clock
    const annotation = makeStroke({ page: page(1), startMs: later, writerId: room.teacher.id });
    const ownLater = makeStroke({ page: page(1), startMs: later + 1000, writerId: other.id });
    const res = await postInk(app(), other.headers, [uploadOf([annotation, ownLater], other.id)]);
    expect(res.json().data.stored).toBe(2);
    const tagged = await search(other.id, `tag=${encodeURIComponent(room.tag)}&pageNumber=1`);
    const strokes = pagesOf(tagged.json().data.resultElements).flatMap((p) => p.strokes);
    // the pupil's stroke of the lesson (earlier test) and the teacher's later annotation; not the
    // pupil's own writing after the lesson
    expect(strokes.map((s) => [s.writerId, s.startTimeMs])).toEqual([
      [other.id, room.lessonStartMs + 5],
      [room.teacher.id, later],
    ]);
  });

  it('answers 400 for more than 64 page numbers and malformed filters', async () => {
    const pages = Array.from({ length: 65 }, (_, i) => `pageNumber=${i}`).join('&');
    const tooMany = await search(pupil.id, pages);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      ok: false,
      message: 'querystring/pageNumber: at most 64 pageNumber values per request',
      data: null,
    });
    const exactly64 = await search(
      pupil.id,
      Array.from({ length: 64 }, (_, i) => `pageNumber=${i}`).join('&'),
    );
    expect(exactly64.statusCode).toBe(200);
    const cases: [string, string][] = [
      ['dataPointer=abc', 'querystring/dataPointer: dataPointer must be a value from nextDataPointer'],
      [
        'startDate=yesterday',
        'querystring/startDate: must be an ISO 8601 time between the years 1900 and 2999',
      ],
      ['tag=lesson', 'querystring/tag: tag must be courseId_sessionId'],
      ['pageNumber=-1', 'querystring/pageNumber/0: Too small: expected number to be >=0'],
    ];
    for (const [query, message] of cases) {
      const res = await search(pupil.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('answers 404 for an unknown student or lesson', async () => {
    const res = await search('s-nobody', '');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The student does not exist.');
    const lesson = await search(pupil.id, `tag=${room.courseId}_not-the-session`);
    expect(lesson.statusCode).toBe(404);
    expect(lesson.json().message).toBe('The lesson does not exist.');
  });

  it('decides each search of a concurrent burst on its own (access is read coalesced)', async () => {
    const colleague = await teacherWithToken(app(), { schoolId: room.schoolId });
    const admin = await teacherWithToken(app(), { schoolId: room.schoolId, isSchoolAdmin: true });
    const otherRoom = await createClassroom(app(), 1);
    const asked = [
      search(pupil.id, '', room.teacher.headers),
      search(pupil.id, '', colleague.headers),
      search(pupil.id, '', admin.headers),
      search(pupil.id, '', otherRoom.teacher.headers),
      search('no-such-pupil', '', room.teacher.headers),
      search(otherRoom.students[0]!.id, '', otherRoom.teacher.headers),
      search(otherRoom.students[0]!.id, '', room.teacher.headers),
    ];
    const statuses = (await Promise.all(asked)).map((r) => r.statusCode);
    expect(statuses).toEqual([200, 403, 200, 403, 404, 200, 403]);
  });

  it('answers 401 without a token, 403 to another school or class, a student or a token without edu.read', async () => {
    expect((await search(pupil.id, '', {})).statusCode).toBe(401);
    expect((await search(pupil.id, '', { authorization: 'Bearer bad' })).json().message).toBe('Unauthorized');
    const stranger = await teacherWithToken(app(), { schoolId: null });
    const noSchool = await search(pupil.id, '', stranger.headers);
    expect(noSchool.statusCode).toBe(403);
    expect(noSchool.json().message).toBe('Forbidden: only a teacher with a school may read writing');
    const otherRoom = await createClassroom(app(), 1);
    const other = await search(pupil.id, '', otherRoom.teacher.headers);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Forbidden: the student is not in one of your classes');
    // A colleague of the same school who does not teach the class (classroom.md §6), and the
    // school administrator, who reads every class of the school.
    const colleague = await teacherWithToken(app(), { schoolId: room.schoolId });
    expect((await search(pupil.id, '', colleague.headers)).statusCode).toBe(403);
    // Holding a lecture on the class makes the colleague one of its teachers.
    await app()
      .services.db.insertInto('curriculums')
      .values({
        class_id: room.classId,
        teacher_id: colleague.account.id,
        title: 'Colleague lecture',
        description: '',
      })
      .execute();
    expect((await search(pupil.id, '', colleague.headers)).statusCode).toBe(200);
    const admin = await teacherWithToken(app(), { schoolId: room.schoolId, isSchoolAdmin: true });
    expect((await search(pupil.id, '', admin.headers)).statusCode).toBe(200);
    const otherLesson = await search(otherRoom.students[0]!.id, `tag=${room.tag}`, otherRoom.teacher.headers);
    expect(otherLesson.json().message).toBe('Forbidden: the lesson is not in your school');
    const asStudent = await search(pupil.id, '', pupil.headers);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json().message).toBe('Forbidden: needs edu.read');
    const weak = await issueAccessToken(app(), room.teacher.id, 'profile storage');
    expect((await search(pupil.id, '', { authorization: `Bearer ${weak}` })).statusCode).toBe(403);
  });
});
