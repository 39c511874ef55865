import { inkMessageKey } from '@dotink/contracts/inkMessages';
import {
  dotsFrom,
  encodeServerJsonDots,
  encodeStrokeUpload,
  INVALID_STROKE_UPLOAD,
  STROKE_UPLOAD_MIME_TYPE,
  withStroke,
} from '@dotink/ink';
import { encodeBase64, manualClock, pageAddress } from '@dotink/ncode';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { type Classroom, createClassroom, host, makeStroke, postInk, uploadOf } from '../../test/inkFixtures';
import { issueAccessToken, teacherWithToken } from '../../test/oauth';

const P1 = pageAddress(3, 1012, 1191, 5);
const P2 = pageAddress(3, 1012, 1191, 6);
const T = Date.UTC(2025, 2, 3, 9, 10);

const b64json = (v: unknown) => encodeBase64(new TextEncoder().encode(JSON.stringify(v)));

describeEachDatabase('POST /inkstore/v1/data', (kind) => {
  const server = useTestServer(kind);
  let room: Classroom;
  beforeAll(async () => {
    room = await createClassroom(server().app, 2);
  });
  const app = () => server().app;
  const count = async (studentId: string) => {
    const r = await sql<{
      n: number;
    }>`select count(*)::int as n from ink_strokes where student_id = ${studentId}`.execute(app().services.db);
    return r.rows[0]!.n;
  };

  it('stores page records per page, dots in the 17-byte form, and answers the counts', async () => {
    const me = room.students[0]!;
    const strokes1 = [0, 1, 2].map((i) =>
      makeStroke({ page: P1, startMs: T + i * 1000, writerId: me.id, dots: 20 }),
    );
    const strokes2 = [makeStroke({ page: P2, startMs: T + 5000, writerId: me.id, dots: 7 })];
    const res = await postInk(app(), me.headers, [uploadOf(strokes1, me.id), uploadOf(strokes2, me.id)]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      ok: true,
      message: 'Success',
      data: { received: 4, stored: 4, updated: 0, duplicates: 0, uploadDate: expect.any(String) },
    });
    // The upload time is the server's injected clock (issue 11 item 12), not the database's.
    expect(body.data.uploadDate).toBe(new Date(server().clock.nowMs()).toISOString());
    const rows = await app()
      .services.db.selectFrom('ink_strokes')
      .select(['page', 'dot_count', 'dots', 'writer_id'])
      .where('student_id', '=', me.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.page, r.dot_count, r.dots.length, r.writer_id])).toEqual([
      [5, 20, 340, me.id],
      [5, 20, 340, me.id],
      [5, 20, 340, me.id],
      [6, 7, 119, me.id],
    ]);
  });

  it('is idempotent: a retried upload stores nothing twice', async () => {
    const me = room.students[1]!;
    const strokes = Array.from({ length: 30 }, (_, i) =>
      makeStroke({ page: P1, startMs: T + i * 700, writerId: me.id }),
    );
    const first = await postInk(app(), me.headers, [uploadOf(strokes.slice(0, 20), me.id)]);
    expect(first.json().data).toMatchObject({ received: 20, stored: 20, duplicates: 0 });
    // The retry overlaps the first batch and adds ten more, with a duplicate inside itself too.
    const retry = await postInk(app(), me.headers, [
      uploadOf(strokes, me.id),
      uploadOf(strokes.slice(29), me.id),
    ]);
    expect(retry.json().data).toMatchObject({ received: 31, stored: 10, duplicates: 21 });
    const again = await postInk(app(), me.headers, uploadOf(strokes, me.id));
    expect(again.json().data).toMatchObject({ received: 30, stored: 0, duplicates: 30 });
    expect(await count(me.id)).toBe(30);
  });

  it('replaces a stored stroke by a newer version of it (erased later), never by an older one', async () => {
    const me = room.students[0]!;
    const page = pageAddress(3, 1012, 1191, 40);
    const strokes = [0, 1, 2].map((i) =>
      makeStroke({ page, startMs: T + 3_000_000 + i * 1000, writerId: me.id }),
    );
    expect((await postInk(app(), me.headers, uploadOf(strokes, me.id))).json().data).toMatchObject({
      received: 3,
      stored: 3,
      updated: 0,
      duplicates: 0,
    });
    const erased = withStroke(strokes[1]!, { status: 'erased', updatedMs: strokes[1]!.updatedMs + 60_000 });
    const older = withStroke(strokes[2]!, { status: 'erased', updatedMs: strokes[2]!.updatedMs - 1 });
    const res = await postInk(app(), me.headers, uploadOf([strokes[0]!, erased, older], me.id));
    expect(res.json().data).toMatchObject({ received: 3, stored: 0, updated: 1, duplicates: 2 });
    const rows = await app()
      .services.db.selectFrom('ink_strokes')
      .select(['start_time', 'delete_flag', 'updated'])
      .where('student_id', '=', me.id)
      .where('page', '=', 40)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [Number(r.start_time), r.delete_flag, Number(r.updated)])).toEqual([
      [strokes[0]!.startTimeMs, 0, strokes[0]!.updatedMs],
      [strokes[1]!.startTimeMs, 1, erased.updatedMs],
      [strokes[2]!.startTimeMs, 0, strokes[2]!.updatedMs],
    ]);
    // The same newer version again is a plain duplicate.
    const again = await postInk(app(), me.headers, uploadOf([erased], me.id));
    expect(again.json().data).toMatchObject({ received: 1, stored: 0, updated: 0, duplicates: 1 });
  });

  it('stores concurrent retries of one batch once', async () => {
    const me = room.students[1]!;
    const page = pageAddress(3, 1012, 1191, 41);
    const strokes = Array.from({ length: 50 }, (_, i) =>
      makeStroke({ page, startMs: T + 4_000_000 + i * 500, writerId: me.id }),
    );
    const body = uploadOf(strokes, me.id);
    const answers = await Promise.all([1, 2, 3, 4].map(() => postInk(app(), me.headers, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const stored = answers.map((a) => a.json().data.stored as number);
    expect(stored.reduce((a, b) => a + b, 0)).toBe(50);
    const n = await sql<{ n: number }>`
      select count(*)::int as n from ink_strokes where student_id = ${me.id} and page = 41`.execute(
      app().services.db,
    );
    expect(n.rows[0]!.n).toBe(50);
  });

  it('reads 16-byte and JSON dots and stores them as 17-byte dots', async () => {
    const me = room.students[0]!;
    const s = makeStroke({ page: P2, startMs: T + 90_000, writerId: me.id, dots: 5 });
    const upload = encodeStrokeUpload([s], { writer: me.id, clock: manualClock(T) });
    const data = JSON.parse(new TextDecoder().decode(Buffer.from(upload.data, 'base64')));
    data.page.strokes[0].dots = encodeServerJsonDots(s.dots, s.startTimeMs);
    const res = await postInk(app(), me.headers, { ...upload, data: b64json(data) });
    expect(res.json().data).toMatchObject({ stored: 1 });
    const row = await app()
      .services.db.selectFrom('ink_strokes')
      .select(['dot_count', 'dots'])
      .where('student_id', '=', me.id)
      .where(sql<boolean>`start_time = ${T + 90_000}::bigint`)
      .executeTakeFirstOrThrow();
    expect(row.dot_count).toBe(5);
    expect(row.dots.length).toBe(85);
  });

  it('accepts a teacher annotation for a pupil of the teacher, refuses other writers (403)', async () => {
    const me = room.students[0]!;
    const byTeacher = makeStroke({ page: P1, startMs: T + 200_000, writerId: room.teacher.id });
    const ok = await postInk(app(), me.headers, [uploadOf([byTeacher], me.id)]);
    expect(ok.statusCode).toBe(200);
    const byOther = makeStroke({ page: P1, startMs: T + 300_000, writerId: 'someone-else' });
    const refused = await postInk(app(), me.headers, [uploadOf([byOther], me.id)]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      ok: false,
      message: 'Forbidden: strokes written by "someone-else" cannot be uploaded for this student',
      data: null,
    });
    // the classroom reads it, with the writer, to say it in the teacher's language
    expect(inkMessageKey(refused.json().message)).toEqual({
      key: 'foreignWriter',
      params: { writer: 'someone-else' },
    });
  });

  it("refuses another student's ink (403) and non-students (403)", async () => {
    const [me, other] = [room.students[0]!, room.students[1]!];
    const before = await count(other.id);
    const s = makeStroke({ page: P1, startMs: T + 400_000, writerId: other.id });
    const res = await postInk(app(), me.headers, [uploadOf([s], other.id)]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `Forbidden: record 0 is written by ${JSON.stringify(other.id)}, not by the signed-in student`,
    );
    expect(inkMessageKey(res.json().message)).toEqual({
      key: 'recordWriter',
      params: { record: 0, writer: other.id },
    });
    const teacher = await teacherWithToken(app(), { schoolId: room.schoolId });
    const asTeacher = await postInk(app(), teacher.headers, [uploadOf([s], teacher.account.id)]);
    expect(asTeacher.statusCode).toBe(403);
    expect(asTeacher.json().message).toBe(
      'Forbidden: only a student may upload writing (sign in as the student)',
    );
    expect(await count(other.id)).toBe(before);
  });

  it('answers 401 without or with a bad token, 403 without the storage scope', async () => {
    const me = room.students[0]!;
    const body = [uploadOf([makeStroke({ page: P1, startMs: T, writerId: me.id })], me.id)];
    expect((await postInk(app(), {}, body)).json()).toEqual({
      ok: false,
      message: 'Unauthorized',
      data: null,
    });
    expect((await postInk(app(), { authorization: 'Bearer nope' }, body)).statusCode).toBe(401);
    const profileOnly = await issueAccessToken(app(), me.id, 'profile');
    const res = await postInk(app(), { authorization: `Bearer ${profileOnly}` }, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Forbidden: needs storage');
  });

  it('answers 400 for malformed bodies and payloads, storing nothing of the request', async () => {
    const me = room.students[1]!;
    const before = await count(me.id);
    const good = uploadOf([makeStroke({ page: P2, startMs: T + 900_000, writerId: me.id })], me.id);
    const notJson = await app().inject({
      method: 'POST',
      url: '/inkstore/v1/data',
      headers: { host, 'content-type': 'application/json', ...me.headers },
      payload: '[{"mimeType": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ ok: false, message: 'the body is not valid JSON', data: null });
    expect(inkMessageKey(notJson.json().message)?.key).toBe('notJson');
    const cases: [unknown, string | RegExp][] = [
      [[], /^body/],
      [{ mimeType: 'x' }, /^body/],
      [
        [good, { ...good, mimeType: 'image/png' }],
        `${INVALID_STROKE_UPLOAD} (record 1: mimeType "image/png" is not ${STROKE_UPLOAD_MIME_TYPE})`,
      ],
      [
        [{ ...good, createDate: 'yesterday' }],
        `${INVALID_STROKE_UPLOAD} (record 0: createDate is not an ISO time between 1900 and 2999)`,
      ],
      [[{ ...good, data: '%%%' }], `${INVALID_STROKE_UPLOAD} (record 0: data is not base64 of JSON)`],
      [
        [{ ...good, data: b64json({ version: 2, page: {} }) }],
        `${INVALID_STROKE_UPLOAD} (record 0: data.version must be 3)`,
      ],
      [
        [
          {
            ...good,
            data: b64json({ version: 3, page: { section: 3, owner: 1, bookCode: 1, pageNumber: 1 } }),
          },
        ],
        `${INVALID_STROKE_UPLOAD} (record 0: data.page: no strokes)`,
      ],
      [
        [
          {
            ...good,
            data: b64json({
              version: 3,
              page: {
                section: 3,
                owner: 1,
                bookCode: 1,
                pageNumber: 1,
                strokes: [{ startTime: T, dots: 'AAA' }],
              },
            }),
          },
        ],
        `${INVALID_STROKE_UPLOAD} (record 0, stroke 0: invalid server dot data)`,
      ],
      [
        [
          {
            ...good,
            data: b64json({
              version: 3,
              page: { section: -3, owner: 1, bookCode: 1, pageNumber: 1, strokes: [] },
            }),
          },
        ],
        `${INVALID_STROKE_UPLOAD} (record 0: page section -3 is out of range)`,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await postInk(app(), me.headers, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().ok).toBe(false);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
      // every payload refusal is one the classroom reads (a record or a stroke, never the why)
      if (typeof message === 'string')
        expect(inkMessageKey(res.json().message)?.key).toMatch(/^invalid(Record|Stroke)$/);
    }
    expect(await count(me.id)).toBe(before);
  });

  it('refuses stroke instants outside 2000-01-01 … now + 1 day (400 naming the field), storing nothing', async () => {
    const me = room.students[1]!;
    const now = app().services.clock.nowMs();
    const DAY = 86_400_000;
    const before = await count(me.id);
    const pageOf = (stroke: Record<string, unknown>) => [
      {
        mimeType: STROKE_UPLOAD_MIME_TYPE,
        createDate: new Date(T).toISOString(),
        writer: me.id,
        data: b64json({
          version: 3,
          page: { section: 3, owner: 1012, bookCode: 1191, pageNumber: 7, strokes: [stroke] },
        }),
      },
    ];
    const window = `from 2000-01-01 to ${new Date(now + DAY).toISOString()}`;
    // One dot `dt` ms after the start, in the JSON dot form.
    const dots = (startTime: number, dt = 0) =>
      encodeServerJsonDots(dotsFrom([{ xNu: 1, yNu: 1, force: 100, timeMs: startTime + dt }]), startTime);
    const refused: [Record<string, unknown>, string, string?][] = [
      [
        { startTime: 9_000_000_000_000_000, dots: dots(9_000_000_000_000_000) },
        `startTime is not an epoch ms ${window}`,
        'startTimeOutside',
      ],
      [
        { startTime: Date.UTC(1999, 11, 31, 23, 59, 59, 999), dots: '[]' },
        `startTime is not an epoch ms ${window}`,
      ],
      [{ startTime: now + DAY + 1, dots: dots(now + DAY + 1) }, `startTime is not an epoch ms ${window}`],
      [
        { startTime: T, updated: 9_000_000_000_000_000, dots: dots(T) },
        `updated is not an epoch ms ${window}`,
        'updatedOutside',
      ],
      [
        { startTime: now + DAY - 5, dots: dots(now + DAY - 5, 10) },
        `the last dot time is not an epoch ms ${window}`,
        'lastDotOutside',
      ],
    ];
    for (const [stroke, why, key = 'startTimeOutside'] of refused) {
      const res = await postInk(app(), me.headers, pageOf(stroke));
      expect(res.statusCode, JSON.stringify(stroke)).toBe(400);
      expect(res.json().message).toBe(`${INVALID_STROKE_UPLOAD} (record 0, stroke 0: ${why})`);
      // the classroom names the field and the window's end in the teacher's language
      expect(inkMessageKey(res.json().message)).toEqual({
        key,
        params: { record: 0, stroke: 0, until: new Date(now + DAY).toISOString() },
      });
    }
    expect(await count(me.id)).toBe(before);
    // The window's two ends are inside it.
    for (const startTime of [Date.UTC(2000, 0, 1), now + DAY]) {
      const res = await postInk(app(), me.headers, pageOf({ startTime, dots: dots(startTime) }));
      expect(res.statusCode, String(startTime)).toBe(200);
    }
    expect(await count(me.id)).toBe(before + 2);
  });
});
