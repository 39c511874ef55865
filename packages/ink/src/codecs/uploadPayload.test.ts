import { manualClock, pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotList, dotsFrom } from '../dots';
import { createStroke } from '../stroke';
import type { Dot, Stroke } from '../types';
import {
  decodeStrokeUpload,
  encodeStrokeUpload,
  encodeStrokeUploads,
  INVALID_STROKE_UPLOAD,
  MIXED_PAGES_UPLOAD,
  NO_PAGE_UPLOAD,
  STROKE_UPLOAD_MIME_TYPE,
} from './uploadPayload';

const T0 = 1_700_000_000_000;
const pageA = pageAddress(3, 1012, 1191, 5);
const pageB = pageAddress(3, 1012, 1191, 6);
const clock = manualClock(Date.UTC(2024, 2, 1, 9, 30, 0, 250));

const line = (n: number, t = T0): Dot[] =>
  Array.from({ length: n }, (_, i) => ({ xNu: 5 + i, yNu: 7 + i / 4, force: 400, timeMs: t + i * 10 }));

const stroke = (key: string, page = pageA, dots = line(3), writerId = 'stu-7'): Stroke =>
  createStroke({ key, page, mac: 'AA:BB', writerId, startTimeMs: dots[0]?.timeMs ?? T0 }, dotsFrom(dots));

const dataJson = (data: string) => JSON.parse(Buffer.from(data, 'base64').toString('utf8'));

describe('stroke upload payload', () => {
  it('builds {mimeType, createDate, writer, data} with data = base64 of the version 3 page JSON', () => {
    const p = encodeStrokeUpload([stroke('a'), stroke('b', pageA, line(2, T0 + 500))], {
      writer: 'stu-7',
      clock,
      category: 2,
    });
    expect(p.mimeType).toBe(STROKE_UPLOAD_MIME_TYPE);
    expect(p.createDate).toBe('2024-03-01T09:30:00.250Z');
    expect(p.writer).toBe('stu-7');
    const json = dataJson(p.data);
    expect(Object.keys(json)).toEqual(['version', 'page']);
    expect(json.version).toBe(3);
    expect(Object.keys(json.page)).toEqual([
      'section',
      'owner',
      'bookCode',
      'pageNumber',
      'category',
      'strokes',
    ]);
    expect(json.page).toMatchObject({ section: 3, owner: 1012, bookCode: 1191, pageNumber: 5, category: 2 });
    expect(json.page.strokes).toHaveLength(2);
    expect(json.page.strokes[1]).toMatchObject({
      dotCount: 2,
      startTime: T0 + 500,
      writeId: 'stu-7',
      mac: 'AA:BB',
    });
  });

  it('reads a payload back into strokes, at 0, 1, 2 and many dots', () => {
    for (const n of [0, 1, 2, 1000]) {
      const s = stroke('k', pageA, line(n));
      const back = decodeStrokeUpload(encodeStrokeUpload([s], { writer: 'stu-7', clock }));
      expect(back.page).toEqual(pageA);
      expect(back.category).toBe(0);
      expect(back.writer).toBe('stu-7');
      expect(back.createdMs).toBe(clock.nowMs());
      expect(back.strokes).toHaveLength(1);
      expect(dotList(back.strokes[0]!.dots)).toEqual(line(n));
    }
  });

  it('keeps non-ASCII writer ids and categories through UTF-8', () => {
    const s = stroke('k', pageA, line(2), '학생-01');
    const p = encodeStrokeUpload([s], { writer: '학생-01', clock, category: '수학' });
    const back = decodeStrokeUpload(p);
    expect(back.category).toBe('수학');
    expect(back.strokes[0]!.writerId).toBe('학생-01');
  });

  it('needs one page', () => {
    expect(() => encodeStrokeUpload([stroke('a'), stroke('b', pageB)], { writer: 'w', clock })).toThrow(
      MIXED_PAGES_UPLOAD,
    );
    expect(() => encodeStrokeUpload([], { writer: 'w', clock })).toThrow(NO_PAGE_UPLOAD);
    const empty = decodeStrokeUpload(encodeStrokeUpload([], { writer: 'w', clock, page: pageB }));
    expect(empty.page).toEqual(pageB);
    expect(empty.strokes).toEqual([]);
  });

  it('splits strokes of several pages into one payload per page, in first-seen order', () => {
    const list = encodeStrokeUploads([stroke('a', pageB), stroke('b', pageA), stroke('c', pageB)], {
      writer: 'w',
      clock,
    });
    expect(list.map((p) => decodeStrokeUpload(p).page.page)).toEqual([6, 5]);
    expect(list.map((p) => decodeStrokeUpload(p).strokes.length)).toEqual([2, 1]);
  });

  it('rejects data it cannot read', () => {
    const base = { mimeType: STROKE_UPLOAD_MIME_TYPE, createDate: '', writer: '' };
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    for (const data of [
      '%%',
      b64('x'),
      b64({ version: 2, page: {} }),
      b64({ version: 3 }),
      b64({ version: 3, page: { section: 1, owner: 2, bookCode: 3, pageNumber: 'x', strokes: [] } }),
      b64({ version: 3, page: { section: 1, owner: 2, bookCode: 3, pageNumber: 4, strokes: [{}] } }),
    ]) {
      expect(() => decodeStrokeUpload({ ...base, data })).toThrow(INVALID_STROKE_UPLOAD);
    }
  });

  it('round-trips pages, writers and dots (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2063 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.string({ maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 6 }),
        (section, book, writer, sizes) => {
          const page = pageAddress(section, 27, book, 1);
          const strokes = sizes.map((n, i) => stroke(`k${i}`, page, line(n, T0 + i * 1000), writer));
          const back = decodeStrokeUpload(encodeStrokeUpload(strokes, { writer, clock, page }));
          expect(back.writer).toBe(writer);
          expect(back.page).toEqual(page);
          expect(back.strokes.map((s) => dotList(s.dots))).toEqual(strokes.map((s) => dotList(s.dots)));
        },
      ),
      { numRuns: 60 },
    );
  });
});
