import { beforeAll, expect, it } from 'vitest';
import {
  describeEachDatabase,
  SETUP_TIMEOUT_MS,
  TEST_PUBLIC_URL,
  useTestServer,
} from '../../../test/harness';
import { buildEduWorld, call, type EduWorld } from '../../../test/matrixFixtures';

describeEachDatabase('education API: watch log', (kind) => {
  const server = useTestServer(kind);
  let w: EduWorld;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
  }, SETUP_TIMEOUT_MS);
  const app = () => server().app;

  it('records watches and content clicks (pupil), and the teacher reads the file through requestUri', async () => {
    const pupil = w.studentIds[0]!;
    const file = `/edu/v1/watchlog/${pupil}/math_1191.json`;
    const posted = await call(app(), w.callers.student, 'POST', file, {
      watches: [
        {
          watch_time: '2025-03-02T10:00:00Z',
          category: '1단원',
          id: '1191_1_12',
          url: 'https://video.example/a',
          duration: 90_000,
        },
        { watch_time: '2025-03-01T10:00:00Z', id: '1191_1_10' },
      ],
      clicks: [
        {
          click_time: '2025-03-02T10:05:00+09:00',
          category: '1단원',
          id: '1191_1_12',
          type: 'youtube',
          url: 'https://y.example/v',
        },
      ],
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ ok: true, message: 'Success', data: { watches: 2, clicks: 1 } });

    const where = await call(
      app(),
      w.callers.teacher,
      'GET',
      `/edu/v1/watchlog/${pupil}?fileName=math_1191.json`,
    );
    expect(where.json()).toEqual({
      ok: true,
      message: 'Success',
      data: { requestUri: `${TEST_PUBLIC_URL}${file}` },
    });
    const log = await call(app(), w.callers.teacher, 'GET', new URL(where.json().data.requestUri).pathname);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toEqual({
      studentId: pupil,
      fileName: 'math_1191.json',
      watches: [
        { watch_time: '2025-03-01T10:00:00.000Z', category: '', id: '1191_1_10', url: '', duration: null },
        {
          watch_time: '2025-03-02T10:00:00.000Z',
          category: '1단원',
          id: '1191_1_12',
          url: 'https://video.example/a',
          duration: 90_000,
        },
      ],
      clicks: [
        {
          click_time: '2025-03-02T01:05:00.000Z',
          category: '1단원',
          id: '1191_1_12',
          type: 'youtube',
          url: 'https://y.example/v',
        },
      ],
    });
    // The pupil list shows the last watch and the count.
    const list = await call(app(), w.callers.teacher, 'GET', `/edu/v1/class/${w.classId}/students`);
    expect(list.json().data.students[0]).toMatchObject({
      lastWatch: '2025-03-02T10:00:00.000Z',
      watchCount: 2,
    });
    expect(list.json().data.students[1]).toMatchObject({ lastWatch: null, watchCount: 0 });
    // A teacher records too; another file is another log.
    expect(
      (await call(app(), w.callers.teacher, 'POST', `/edu/v1/watchlog/${pupil}/other.json`, {})).statusCode,
    ).toBe(200);
    const other = await call(app(), w.callers.student, 'GET', `/edu/v1/watchlog/${pupil}/other.json`);
    expect(other.json()).toMatchObject({ watches: [], clicks: [] });
  });

  it('keeps logs to their pupil and school', async () => {
    const [mine, theirs] = w.studentIds;
    expect(
      (await call(app(), w.callers.student, 'GET', `/edu/v1/watchlog/${theirs}/a.json`)).statusCode,
    ).toBe(403);
    expect(
      (await call(app(), w.callers.student, 'POST', `/edu/v1/watchlog/${theirs}/a.json`, {})).statusCode,
    ).toBe(403);
    expect(
      (await call(app(), w.callers.otherSchool, 'GET', `/edu/v1/watchlog/${mine}?fileName=a.json`))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(app(), w.callers.pending, 'GET', `/edu/v1/watchlog/${mine}?fileName=a.json`)).statusCode,
    ).toBe(403);
    expect(
      (await call(app(), w.callers.noSchool, 'GET', `/edu/v1/watchlog/${mine}?fileName=a.json`)).statusCode,
    ).toBe(403);
    expect(
      (await call(app(), w.callers.teacher, 'GET', '/edu/v1/watchlog/snobody00000?fileName=a.json'))
        .statusCode,
    ).toBe(404);
    expect((await call(app(), undefined, 'GET', `/edu/v1/watchlog/${mine}?fileName=a.json`)).statusCode).toBe(
      401,
    );
  });

  it('refuses malformed file names and events', async () => {
    const pupil = w.studentIds[0]!;
    expect((await call(app(), w.callers.teacher, 'GET', `/edu/v1/watchlog/${pupil}`)).statusCode).toBe(400);
    expect(
      (await call(app(), w.callers.teacher, 'GET', `/edu/v1/watchlog/${pupil}?fileName=../x`)).statusCode,
    ).toBe(400);
    for (const body of [
      { watches: [{ id: 'x' }] },
      { watches: [{ watch_time: 'yesterday', id: 'x' }] },
      { clicks: [{ click_time: '2025-03-02T10:00:00Z', id: 'x\u0000' }] },
      { watches: [{ watch_time: '2025-03-02T10:00:00Z', id: 'x', duration: -1 }] },
    ]) {
      const res = await call(app(), w.callers.student, 'POST', `/edu/v1/watchlog/${pupil}/a.json`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
