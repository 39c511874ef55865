/**
 * Stored data never breaks a read (issue 27 item 4): whatever the stroke table holds — strokes
 * stored before the upload's instant rule, or written into it by other means — every read route
 * answers 2xx or 4xx, and a teacher of the class (or the school's administrator) can remove the
 * pupil's damaged strokes, audited in the log.
 */
import { pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../test/harness';
import { type Classroom, createClassroom, host, makeStroke, postInk, uploadOf } from '../../test/inkFixtures';
import { teacherWithToken } from '../../test/oauth';

const BOOK = { section: 3, owner: 1012, book: 1191 } as const;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** Any value of a `bigint` column, often near the instants that matter. */
const int64 = fc.oneof(
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
  fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }),
  fc.bigInt({ min: BigInt(Date.UTC(1999, 0, 1)), max: BigInt(Date.UTC(2026, 0, 1)) }),
);
const float8 = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308));
/** Any `timestamptz` a client of the database could store, the infinities included. */
const timestamp = fc.oneof(
  fc.constantFrom('infinity', '-infinity', '294276-12-31 23:59:59+00', '4713-01-01 00:00:00+00 BC'),
  fc
    .date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
);
/** Text a `text` column holds (no NUL). */
const text = (maxLength: number) =>
  fc.string({ maxLength, unit: 'binary' }).map((s) => s.replaceAll('\u0000', ''));

/** A row of `ink_strokes` as the schema allows it (types and NOT NULL only). */
const strokeRow = fc.record({
  page: fc.oneof(fc.integer({ min: 1, max: 124 }), fc.integer(INT32)),
  onBook: fc.boolean(),
  mac: text(20),
  start_time: int64,
  created_at: timestamp,
  uploaded_at: timestamp,
  category: text(12),
  color: fc.integer(INT32),
  pen_tip_type: fc.integer({ min: -32768, max: 32767 }),
  stroke_type: fc.integer(INT32),
  thickness: float8,
  updated: int64,
  delete_flag: fc.integer({ min: -32768, max: 32767 }),
  dot_count: fc.integer(INT32),
  dots: fc.uint8Array({ maxLength: 60 }),
  end_time: fc.option(int64),
  distance_nu: float8,
});
type Row = typeof strokeRow extends fc.Arbitrary<infer T> ? T : never;

describeEachDatabase('damaged strokes', (kind) => {
  const logLines: string[] = [];
  const server = useTestServer(kind, {
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  const app = () => server().app;
  let room: Classroom;
  let uploadId = 1_000_000_000;

  beforeAll(async () => {
    room = await createClassroom(app(), 2);
  });

  /** Writes rows straight into the table for `studentId` (no upload rules). */
  async function writeRows(studentId: string, rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    await app()
      .services.db.insertInto('ink_strokes')
      .values(
        rows.map(({ onBook, ...r }) => ({
          ...r,
          ...(onBook ? BOOK : { section: r.color & 0xff, owner: 7, book: r.stroke_type }),
          student_id: studentId,
          writer_id: studentId,
          start_time: r.start_time.toString() as unknown as number,
          updated: r.updated.toString() as unknown as number,
          end_time: r.end_time === null ? null : (r.end_time.toString() as unknown as number),
          upload_id: uploadId++,
          created_at: r.created_at as unknown as Date,
          uploaded_at: r.uploaded_at as unknown as Date,
        })),
      )
      // Two rows of one stroke key: the second is left out.
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  const summaryQuery = (q: Record<string, number | string> = {}) =>
    new URLSearchParams(
      Object.entries({
        eduClassId: room.classId,
        ...BOOK,
        ncodeStartPage: 1,
        ncodeEndPage: 124,
        timeZone: 'Asia/Seoul',
        ...q,
      }).map(([k, v]) => [k, String(v)]),
    ).toString();

  /** Every read route over a pupil's strokes. */
  const readUrls = (studentId: string) => [
    `/edu/v1/math/summary?${summaryQuery()}`,
    `/edu/v1/math/summary?${summaryQuery({ timeZone: 'Pacific/Kiritimati' })}`,
    `/edu/v1/math/summary/student/${studentId}?${summaryQuery()}`,
    `/admin/v1/inkstore/search/${studentId}`,
    `/admin/v1/inkstore/search/${studentId}?tag=${room.tag}`,
    `/admin/v1/inkstore/search/${studentId}?section=3&owner=1012&bookCode=1191&pageNumber=1&pageNumber=12`,
    `/admin/v1/inkstore/search/${studentId}?startDate=2000-01-01T00:00:00Z&endDate=2999-01-01T00:00:00Z`,
    `/edu/v1/live/${room.courseId}`,
  ];
  const get = (url: string, headers = room.teacher.headers) =>
    app().inject({ method: 'GET', url, headers: { host, ...headers } });

  it('answers 2xx or 4xx on every read route whatever the stroke table holds (property)', async () => {
    const pupil = room.students[0]!;
    await fc.assert(
      fc.asyncProperty(fc.array(strokeRow, { minLength: 1, maxLength: 6 }), async (rows) => {
        await writeRows(pupil.id, rows);
        for (const url of readUrls(pupil.id)) {
          const res = await get(url);
          expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          // Paging on: every page of the search answers too.
          let body = res.json() as { data?: { hasMore?: boolean; nextDataPointer?: string | null } };
          for (let n = 0; n < 3 && body.data?.hasMore; n++) {
            const next = await get(`${url.split('?')[0]}?dataPointer=${body.data.nextDataPointer}`);
            expect(next.statusCode).toBeLessThan(500);
            body = next.json();
          }
        }
        await app().services.db.deleteFrom('ink_strokes').where('student_id', '=', pupil.id).execute();
      }),
      { numRuns: 25 },
    );
  }, 300_000);

  it("lets the class's teacher and the school's administrator remove a pupil's damaged strokes, audited", async () => {
    const pupil = room.students[1]!;
    const t0 = room.lessonStartMs + 60_000;
    const good = [0, 1].map((i) =>
      makeStroke({ page: pageAddress(3, 1012, 1191, 10), startMs: t0 + i * 1000, writerId: pupil.id }),
    );
    expect((await postInk(app(), pupil.headers, [uploadOf(good, pupil.id)])).statusCode).toBe(200);
    const base: Row = {
      page: 12,
      onBook: true,
      mac: 'm',
      start_time: BigInt(t0 + 50_000),
      created_at: new Date(t0).toISOString(),
      uploaded_at: new Date(t0).toISOString(),
      category: '0',
      color: 0,
      pen_tip_type: 0,
      stroke_type: 0,
      thickness: 1,
      updated: BigInt(t0 + 50_000),
      delete_flag: 0,
      dot_count: 1,
      dots: new Uint8Array(17),
      end_time: null,
      distance_nu: 1,
    };
    const now = app().services.clock.nowMs();
    const DAY = 86_400_000;
    // Each damaged in one way (one stroke key each: the start times differ).
    const damaged: Partial<Row>[] = [
      { start_time: 9_000_000_000_000_000n, updated: 9_000_000_000_000_000n },
      { start_time: BigInt(Date.UTC(1999, 11, 31)), updated: BigInt(t0) },
      { start_time: BigInt(now + DAY + 1), updated: BigInt(t0) },
      { start_time: BigInt(t0 + 1), updated: -1n },
      { start_time: BigInt(t0 + 2), end_time: BigInt(t0 + 1) },
      { start_time: BigInt(t0 + 3), end_time: BigInt(now + DAY + 1) },
      { start_time: BigInt(t0 + 4), dot_count: -1 },
      { start_time: BigInt(t0 + 5), distance_nu: Number.NaN },
      { start_time: BigInt(t0 + 6), distance_nu: Number.POSITIVE_INFINITY },
      { start_time: BigInt(t0 + 7), distance_nu: -1 },
    ];
    // Sound ones at the window's edges stay.
    const sound: Partial<Row>[] = [
      { start_time: BigInt(Date.UTC(2000, 0, 1)), updated: BigInt(Date.UTC(2000, 0, 1)) },
      { start_time: BigInt(now + DAY), updated: BigInt(now + DAY), end_time: BigInt(now + DAY) },
    ];
    await writeRows(
      pupil.id,
      [...damaged, ...sound].map((d) => ({ ...base, ...d })),
    );
    const count = async () =>
      (
        await app()
          .services.db.selectFrom('ink_strokes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('student_id', '=', pupil.id)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count())).toBe(2 + damaged.length + sound.length);

    const url = `/admin/v1/inkstore/damaged/${pupil.id}`;
    const del = (headers: Record<string, string>) =>
      app().inject({ method: 'DELETE', url, headers: { host, ...headers } });
    const colleague = await teacherWithToken(app(), { schoolId: room.schoolId });
    const otherAdmin = await teacherWithToken(app(), { schoolId: null, isSchoolAdmin: true });
    for (const refused of [colleague.headers, otherAdmin.headers, pupil.headers]) {
      expect((await del(refused)).statusCode).toBe(403);
    }
    expect((await del({})).statusCode).toBe(401);
    expect(Number(await count())).toBe(2 + damaged.length + sound.length);

    const res = await del(room.teacher.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Success', data: { removed: damaged.length } });
    expect(Number(await count())).toBe(2 + sound.length);
    const audit = logLines.map((l) => JSON.parse(l)).find((l) => l.audit?.action === 'ink.removeDamaged');
    expect(audit?.audit).toEqual({
      action: 'ink.removeDamaged',
      by: room.teacher.id,
      studentId: pupil.id,
      removed: damaged.length,
    });
    // The administrator may too; nothing is left to remove.
    const admin = await teacherWithToken(app(), { schoolId: room.schoolId, isSchoolAdmin: true });
    expect((await del(admin.headers)).json().data).toEqual({ removed: 0 });
    const missing = await app().inject({
      method: 'DELETE',
      url: '/admin/v1/inkstore/damaged/s-nobody',
      headers: { host, ...room.teacher.headers },
    });
    expect(missing.statusCode).toBe(404);
  });
});
