import { InkMessage } from '@dotink/contracts/inkMessages';
import {
  createStroke,
  dotsFrom,
  encodeServerDotBytes,
  encodeStrokeUpload,
  INVALID_STROKE_UPLOAD,
  parseInkStoreElement,
} from '@dotink/ink';
import { decodeBase64, manualClock, pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StrokeRow } from './inkStrokeStore';
import { searchAnswer } from './searchAnswer';
import { decodeBase64Fast, decodeUpload, UploadRejected } from './uploadDecode';

const STUDENT = 's0000000001';
/** The server's clock for these decodes: after every generated stroke. */
const NOW = Date.UTC(2031, 0, 1);

const strokeArb = fc.record({
  startMs: fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
  mac: fc.string({ unit: 'grapheme', maxLength: 17 }),
  dots: fc.array(
    fc.record({
      xNu: fc.float({ min: 0, max: 500, noNaN: true }),
      yNu: fc.float({ min: 0, max: 500, noNaN: true }),
      force: fc.float({ min: 0, max: 1023, noNaN: true }),
      dtMs: fc.integer({ min: 0, max: 70_000 }),
    }),
    { maxLength: 40 },
  ),
  color: fc.integer({ min: 0, max: 0xffffffff }),
  erased: fc.boolean(),
});

const pageArb = fc.record({
  section: fc.integer({ min: 0, max: 2063 }),
  owner: fc.integer({ min: 0, max: 5000 }),
  book: fc.integer({ min: 0, max: 16383 }),
  page: fc.integer({ min: 0, max: 4095 }),
});

type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;

function strokeOf(s: Of<typeof strokeArb>, p: Of<typeof pageArb>, i: number) {
  let t = s.startMs;
  const dots = s.dots.map((d) => {
    t += d.dtMs;
    return { xNu: d.xNu, yNu: d.yNu, force: d.force, timeMs: t };
  });
  return createStroke(
    {
      key: `k${i}`,
      page: pageAddress(p.section, p.owner, p.book, p.page),
      mac: s.mac,
      colorArgb: s.color,
      status: s.erased ? 'erased' : 'normal',
      writerId: STUDENT,
      startTimeMs: s.startMs,
      updatedMs: s.startMs,
    },
    dotsFrom(dots),
  );
}

describe('decodeUpload', () => {
  it('reads any encoded upload back to the page and the 17-byte dots of every stroke (property)', () => {
    fc.assert(
      fc.property(pageArb, fc.array(strokeArb, { maxLength: 8 }), (p, specs) => {
        const strokes = specs.map((s, i) => strokeOf(s, p, i));
        const page = pageAddress(p.section, p.owner, p.book, p.page);
        const payload = encodeStrokeUpload(strokes, { writer: STUDENT, clock: manualClock(0), page });
        const { pages, strokeCount, foreignWriters } = decodeUpload([payload], STUDENT, NOW);
        expect(strokeCount).toBe(strokes.length);
        expect(foreignWriters.size).toBe(0);
        expect(pages[0]!.page).toEqual(page);
        pages[0]!.strokes.forEach((s, i) => {
          const src = strokes[i]!;
          expect(s.dots).toEqual(encodeServerDotBytes(src.dots, Math.round(src.startTimeMs)));
          expect(s.dotCount).toBe(src.dots.count);
          expect(s.color).toBe(src.colorArgb | 0);
          expect(s.deleteFlag).toBe(specs[i]!.erased ? 1 : 0);
          expect(s.mac).toBe(src.mac);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('never throws anything but UploadRejected on arbitrary data (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (data, createDate) => {
        try {
          decodeUpload(
            [{ mimeType: 'application/vnd.dotink.strokes.v3+json', createDate, writer: STUDENT, data }],
            STUDENT,
            NOW,
          );
        } catch (error) {
          expect(error).toBeInstanceOf(UploadRejected);
          expect((error as Error).message.startsWith(INVALID_STROKE_UPLOAD)).toBe(true);
        }
      }),
    );
  });
});

describe('searchAnswer', () => {
  it('gives back, through the ink store codec, the strokes stored (property)', () => {
    fc.assert(
      fc.property(
        pageArb,
        fc.array(strokeArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 10 }),
        (p, specs, size) => {
          const strokes = specs.map((s, i) => strokeOf(s, p, i));
          const page = pageAddress(p.section, p.owner, p.book, p.page);
          const payload = encodeStrokeUpload(strokes, { writer: STUDENT, clock: manualClock(0), page });
          const stored = decodeUpload([payload], STUDENT, NOW).pages[0]!;
          const rows: StrokeRow[] = stored.strokes.map((s, i) => ({
            id: String(i + 1),
            uploadId: '7',
            section: page.section,
            owner: page.owner,
            book: page.book,
            page: page.page,
            writerId: s.writerId,
            mac: s.mac,
            startTime: s.startTime,
            uploadedMs: 0,
            createdMs: 0,
            category: stored.category,
            color: s.color,
            penTipType: s.penTipType,
            strokeType: s.strokeType,
            thickness: s.thickness,
            updated: s.updated,
            deleteFlag: s.deleteFlag,
            dotCount: s.dotCount,
            dots: Buffer.from(s.dots).toString('base64'),
          }));
          const answer = searchAnswer(STUDENT, rows.slice(0, size), rows.length > size);
          expect(answer.hasMore).toBe(rows.length > size);
          expect(answer.nextDataPointer).toBe(rows.length > size ? String(size) : null);
          const back = answer.resultElements.flatMap((e) => parseInkStoreElement(e).strokes);
          expect(back).toHaveLength(Math.min(size, rows.length));
          back.forEach((s, i) => {
            expect(s.page).toEqual(page);
            expect(Buffer.from(encodeServerDotBytes(s.dots, s.startTimeMs)).toString('base64')).toBe(
              rows[i]!.dots,
            );
            expect(s.status).toBe(rows[i]!.deleteFlag === 1 ? 'erased' : 'normal');
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('decodeBase64Fast', () => {
  it('reads exactly what the ncode decoder reads, and fails where it fails (property)', () => {
    const same = (text: string) => {
      let expected: Uint8Array | string;
      try {
        expected = decodeBase64(text);
      } catch (error) {
        expected = String(error);
      }
      let actual: Uint8Array | string;
      try {
        actual = new Uint8Array(decodeBase64Fast(text));
      } catch (error) {
        actual = String(error);
      }
      expect(actual).toEqual(expected);
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => same(Buffer.from(bytes).toString('base64'))),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) =>
        same(Buffer.from(bytes).toString('base64url')),
      ),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AQw/+-_=x \n%'.split('')), maxLength: 24 }), same),
    );
  });
});

describe('decodeUpload rules', () => {
  const T = Date.UTC(2030, 5, 1, 8, 0, 0);
  const LATEST = NOW + 24 * 3_600_000;
  /** 17-byte dots at (x, y) every 12 ms from `start`, as base64. */
  const dots17 = (start: number, points: readonly (readonly [number, number])[]) =>
    Buffer.from(
      encodeServerDotBytes(
        dotsFrom(points.map(([xNu, yNu], i) => ({ xNu, yNu, force: 100, timeMs: start + 12 * i }))),
        start,
      ),
    ).toString('base64');
  const strokeJson = (over: Record<string, unknown> = {}) => ({
    color: -16777216,
    mac: '9C:7B:D2:00:00:01',
    dotCount: 2,
    penTipType: 1,
    startTime: T,
    strokeType: 3,
    thickness: 0.5,
    updated: T + 5,
    deleteFlag: 0,
    writeId: STUDENT,
    dots: dots17(T, [
      [0, 0],
      [3, 4],
    ]),
    ...over,
  });
  const pageJson = (strokes: unknown[], over: Record<string, unknown> = {}) => ({
    section: 3,
    owner: 1012,
    bookCode: 1191,
    pageNumber: 5,
    category: 'math',
    strokes,
    ...over,
  });
  const record = (data: unknown, over: Record<string, string> = {}) => ({
    mimeType: 'application/vnd.dotink.strokes.v3+json',
    createDate: '2030-05-31T10:00:00.000Z',
    writer: STUDENT,
    data: Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)).toString('base64'),
    ...over,
  });
  const upload = (page: unknown, over: Record<string, string> = {}) => record({ version: 3, page }, over);
  const decode = (...records: ReturnType<typeof record>[]) => decodeUpload(records, STUDENT, NOW);
  const refusal = (f: () => unknown): { status: number; message: string } => {
    try {
      f();
    } catch (error) {
      if (error instanceof UploadRejected) return { status: error.statusCode, message: error.message };
      throw error;
    }
    throw new Error('expected UploadRejected');
  };
  const invalid = (why: string, rec: number, stroke?: number) => ({
    status: 400,
    message: InkMessage.invalidUpload(why, rec, stroke),
  });

  it('reads each record in order: its page, category, creation time and strokes with their facts', () => {
    const other = upload(
      pageJson([strokeJson({ startTime: T + 100, updated: T + 100, dots: dots17(T + 100, [[1, 1]]) })], {
        category: 7,
        pageNumber: 6,
      }),
      {
        mimeType: 'text/x-Stroke-list',
        createDate: '2030-05-31T11:00:00Z',
      },
    );
    const { pages, strokeCount, foreignWriters } = decode(
      upload(pageJson([strokeJson(), strokeJson({ startTime: T + 50, updated: T + 60 })])),
      other,
    );
    expect(strokeCount).toBe(3);
    expect(foreignWriters.size).toBe(0);
    expect(pages.map((p) => [p.page, p.category, p.createdMs, p.strokes.length])).toEqual([
      [pageAddress(3, 1012, 1191, 5), '"math"', Date.UTC(2030, 4, 31, 10), 2],
      [pageAddress(3, 1012, 1191, 6), '7', Date.UTC(2030, 4, 31, 11), 1],
    ]);
    const first = pages[0]!.strokes[0]!;
    expect({ ...first, dots: Buffer.from(first.dots).toString('base64') }).toEqual({
      writerId: STUDENT,
      mac: '9C:7B:D2:00:00:01',
      startTime: T,
      color: -16777216,
      penTipType: 1,
      strokeType: 3,
      thickness: 0.5,
      updated: T + 5,
      deleteFlag: 0,
      dotCount: 2,
      dots: strokeJson().dots,
      endTime: T + 12,
      distanceNu: 5,
    });
    expect(pages[1]!.strokes[0]).toMatchObject({ dotCount: 1, endTime: null, distanceNu: 0 });
  });

  it("takes an empty writer for the student's own, and names the other writers", () => {
    const { pages, foreignWriters } = decode(
      upload(
        pageJson([
          strokeJson({ writeId: '' }),
          strokeJson({ writeId: 'teacher-7' }),
          strokeJson({ writeId: 'teacher-8' }),
        ]),
      ),
    );
    expect(pages[0]!.strokes.map((s) => s.writerId)).toEqual([STUDENT, 'teacher-7', 'teacher-8']);
    expect([...foreignWriters]).toEqual(['teacher-7', 'teacher-8']);
  });

  it('stores any dot form the codec reads as 17-byte dots, and a full 32-bit colour as a signed one', () => {
    const json = [
      { x: 0, y: 0, force: 100, ntimeDelta: 0 },
      { x: 3, y: 4, force: 100, ntimeDelta: 12 },
    ];
    const fromJson = decode(upload(pageJson([strokeJson({ dots: json, color: 0xffffffff })]))).pages[0]!
      .strokes[0]!;
    expect(fromJson.color).toBe(-1);
    expect(Buffer.from(fromJson.dots).toString('base64')).toBe(strokeJson().dots);
    expect(fromJson).toMatchObject({ dotCount: 2, endTime: T + 12, distanceNu: 5 });
    // 17-byte dots with another dot count than they hold: read by the codec, counted by their bytes
    const miscounted = decode(upload(pageJson([strokeJson({ dotCount: 5 })]))).pages[0]!.strokes[0]!;
    expect(miscounted.dotCount).toBe(2);
    expect(Buffer.from(miscounted.dots).toString('base64')).toBe(strokeJson().dots);
    // base64 of JSON dots exactly as long as `dotCount` binary dots: still read as JSON
    let text = JSON.stringify(json);
    while (text.length % 17 !== 0) text = `[ ${text.slice(1)}`;
    const asText = decode(
      upload(
        pageJson([strokeJson({ dots: Buffer.from(text).toString('base64'), dotCount: text.length / 17 })]),
      ),
    );
    expect(text.length / 17).not.toBe(2);
    expect(asText.pages[0]!.strokes[0]!.dotCount).toBe(2);
    expect(Buffer.from(asText.pages[0]!.strokes[0]!.dots).toString('base64')).toBe(strokeJson().dots);
    expect(refusal(() => decode(upload(pageJson([strokeJson({ dots: 'not dots!' })]))))).toMatchObject({
      status: 400,
    });
    expect(refusal(() => decode(upload(pageJson([strokeJson({ dots: 'not dots!' })])))).message).toMatch(
      /^.*\(record 0, stroke 0: .+\)$/,
    );
  });

  it("refuses another student's record with 403", () => {
    expect(refusal(() => decode(upload(pageJson([])), upload(pageJson([]), { writer: 's-other' })))).toEqual({
      status: 403,
      message: InkMessage.recordWriter(1, 's-other'),
    });
  });

  it('refuses a record that is not strokes, not dated, not JSON or not version 3', () => {
    expect(refusal(() => decode(upload(pageJson([]), { mimeType: 'application/json' })))).toEqual(
      invalid('mimeType "application/json" is not application/vnd.dotink.strokes.v3+json', 0),
    );
    expect(refusal(() => decode(upload(pageJson([]), { createDate: 'yesterday' })))).toEqual(
      invalid('createDate is not an ISO time between 1900 and 2999', 0),
    );
    expect(refusal(() => decode(upload(pageJson([]), { createDate: '3000-01-01T00:00:00Z' })))).toEqual(
      invalid('createDate is not an ISO time between 1900 and 2999', 0),
    );
    expect(refusal(() => decode(record('{"version": 3,')))).toEqual(invalid('data is not base64 of JSON', 0));
    expect(refusal(() => decode({ ...record({}), data: '%%%%' }))).toEqual(
      invalid('data is not base64 of JSON', 0),
    );
    expect(
      // a JSON string holding a byte that is not UTF-8: refused, not read as U+FFFD
      refusal(() => decode({ ...record({}), data: Buffer.from([0x22, 0xff, 0x22]).toString('base64') })),
    ).toEqual(invalid('data is not base64 of JSON', 0));
    for (const data of [
      null,
      7,
      true,
      [],
      { version: 2, page: pageJson([]) },
      { version: '3', page: pageJson([]) },
    ])
      expect(refusal(() => decode(record(data)))).toEqual(invalid('data.version must be 3', 0));
    expect(refusal(() => decode(upload([])))).toEqual(invalid('data.page: not a page', 0));
  });

  it('refuses a thickness that is not a number', () => {
    for (const thickness of ['thick', '', {}, [1]])
      expect(
        refusal(() => decode(upload(pageJson([strokeJson(), strokeJson({ thickness })])))),
      ).toMatchObject({
        status: 400,
      });
    expect(
      decode(upload(pageJson([strokeJson({ thickness: '0.125' })]))).pages[0]!.strokes[0]!.thickness,
    ).toBe(0.125);
  });

  it('refuses page numbers outside 0 … 2^31 − 1', () => {
    expect(decode(upload(pageJson([], { owner: 2 ** 31 - 1, section: 0 }))).pages[0]!.page).toEqual(
      pageAddress(0, 2 ** 31 - 1, 1191, 5),
    );
    expect(refusal(() => decode(upload(pageJson([], { owner: 2 ** 31 }))))).toEqual(
      invalid(`page owner ${2 ** 31} is out of range`, 0),
    );
    expect(refusal(() => decode(upload(pageJson([], { pageNumber: -1 }))))).toEqual(
      invalid('page page -1 is out of range', 0),
    );
  });

  it('refuses a stroke instant outside 2000-01-01 … now + 1 day, naming the field', () => {
    const at = (field: 'startTime' | 'updated' | 'lastDot') => ({
      status: 400,
      message: InkMessage.strokeTimeOutside(field, LATEST, 0, 1),
    });
    const second = (over: Record<string, unknown>) =>
      decode(upload(pageJson([strokeJson(), strokeJson(over)])));
    const min = Date.UTC(2000, 0, 1);
    expect(() => second({ startTime: min, updated: min, dots: dots17(min, [[0, 0]]) })).not.toThrow();
    expect(refusal(() => second({ startTime: min - 1, updated: min }))).toEqual(at('startTime'));
    expect(refusal(() => second({ startTime: LATEST + 1, updated: LATEST }))).toEqual(at('startTime'));
    expect(refusal(() => second({ updated: min - 1 }))).toEqual(at('updated'));
    expect(refusal(() => second({ updated: LATEST + 1 }))).toEqual(at('updated'));
    // the last dot 12 ms after a start at the latest instant
    const late = LATEST - 12;
    expect(() =>
      second({
        startTime: late,
        updated: late,
        dots: dots17(late, [
          [0, 0],
          [1, 1],
        ]),
      }),
    ).not.toThrow();
    expect(
      refusal(() =>
        second({
          startTime: late + 1,
          updated: late + 1,
          dots: dots17(late + 1, [
            [0, 0],
            [1, 1],
          ]),
        }),
      ),
    ).toEqual(at('lastDot'));
  });

  it('refuses a stroke type that is not a 32-bit integer ≥ 0, and overlong or NUL-holding writers and pens', () => {
    const one = (over: Record<string, unknown>) => () => decode(upload(pageJson([strokeJson(over)])));
    expect(one({ strokeType: 2 ** 31 - 1 })).not.toThrow();
    expect(one({ strokeType: 0 })).not.toThrow();
    for (const strokeType of [1.5, -1, 2 ** 31])
      expect(refusal(one({ strokeType }))).toEqual(invalid('strokeType is not an integer', 0, 0));
    expect(one({ writeId: 'w'.repeat(128), mac: 'm'.repeat(128) })).not.toThrow();
    expect(refusal(one({ writeId: 'w'.repeat(129) }))).toEqual(invalid('writeId is longer than 128', 0, 0));
    expect(refusal(one({ mac: 'm'.repeat(129) }))).toEqual(invalid('mac is longer than 128', 0, 0));
    expect(refusal(one({ writeId: 'a\u0000b' }))).toEqual(invalid('writeId holds a NUL character', 0, 0));
    expect(refusal(one({ mac: 'a\u0000b' }))).toEqual(invalid('mac holds a NUL character', 0, 0));
  });

  it('stores dots of the older 16-byte form as 17-byte dots, and names its refusals', () => {
    const full = Buffer.from(strokeJson().dots, 'base64');
    // the same two dots without their spare byte
    const short = Buffer.concat([full.subarray(0, 16), full.subarray(17, 33)]);
    const read = decode(upload(pageJson([strokeJson({ dots: short.toString('base64'), dotCount: 2 })])));
    const stroke = read.pages[0]!.strokes[0]!;
    expect(Buffer.from(stroke.dots).toString('base64')).toBe(strokeJson().dots);
    expect(stroke).toMatchObject({ dotCount: 2, endTime: T + 12, distanceNu: 5 });
    let thrown: unknown;
    try {
      decode(upload(pageJson([]), { writer: 's-other' }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UploadRejected);
    expect((thrown as Error).name).toBe('UploadRejected');
  });
});
