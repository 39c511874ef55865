import { manualClock, pageAddress } from '@dotink/ncode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotList, dotsFrom } from '../dots';
import { createStroke } from '../stroke';
import {
  INKSTORE_TIME_WINDOW_MS,
  INVALID_INKSTORE_DATA,
  parseInkStoreElement,
  parseInkStoreResponse,
  passesInkStoreTimeCheck,
  recentInkStorePages,
} from './inkStoreResponse';
import { encodeServerStroke } from './serverStroke';
import { encodeStrokeUpload } from './uploadPayload';

const T0 = 1_700_000_000_000;
const page = pageAddress(3, 1012, 1192, 40);
const dots = [
  { xNu: 1, yNu: 2, force: 500, timeMs: T0 },
  { xNu: 3, yNu: 4, force: 510, timeMs: T0 + 13 },
];
const record = encodeServerStroke(createStroke({ key: 'k', page, writerId: 'stu' }, dotsFrom(dots)));
const element = (json: unknown) => ({ data: Buffer.from(JSON.stringify(json)).toString('base64'), id: 9 });

describe('ink store response element', () => {
  it('reads the page object shape', () => {
    const p = parseInkStoreElement(
      element({ section: 3, owner: 1012, bookCode: 1192, pageNumber: 40, strokes: [record] }),
    );
    expect(p.shape).toBe('page');
    expect(p.page).toEqual(page);
    expect(p.category).toBe(0);
    expect(p.strokes).toHaveLength(1);
    expect(dotList(p.strokes[0]!.dots)).toEqual(dots);
  });

  it('reads the page object stored as an upload {version, page}', () => {
    const clock = manualClock(T0);
    const upload = encodeStrokeUpload([createStroke({ key: 'k', page }, dotsFrom(dots))], {
      writer: 'stu',
      clock,
      category: 4,
    });
    const p = parseInkStoreElement({ data: upload.data });
    expect(p.shape).toBe('page');
    expect(p.page).toEqual(page);
    expect(p.category).toBe(4);
    expect(dotList(p.strokes[0]!.dots)).toEqual(dots);
  });

  it('reads the flat shape', () => {
    const p = parseInkStoreElement(
      element({
        category: 'unit-2',
        section: 3,
        owner: 1012,
        book: 1192,
        pageNumber: 40,
        strokes: [record, record],
      }),
      { surfaceOwnerId: 'teacher' },
    );
    expect(p.shape).toBe('flat');
    expect(p.page).toEqual(page);
    expect(p.category).toBe('unit-2');
    expect(p.strokes.map((s) => s.surfaceOwnerId)).toEqual(['teacher', 'teacher']);
  });

  it("rejects anything else with 'invalid data format from InkStore'", () => {
    const bad: unknown[] = [
      null,
      {},
      { data: 5 },
      { data: '%%%' },
      { data: Buffer.from('not json').toString('base64') },
      element([1, 2]),
      element(null),
      element({ section: 3, owner: 1012, pageNumber: 40, strokes: [] }),
      element({ section: 3, owner: 1012, bookCode: 1192, pageNumber: 40 }),
      element({ section: 3, owner: 1012, book: 1192, pageNumber: 40.5, strokes: [] }),
      element({ section: 3, owner: 1012, book: 1192, pageNumber: 40, strokes: [{ startTime: 1 }] }),
      element({
        section: 3,
        owner: 1012,
        book: 1192,
        pageNumber: 40,
        strokes: [{ ...record, dots: 'AAAA' }],
      }),
    ];
    for (const e of bad) expect(() => parseInkStoreElement(e)).toThrow(INVALID_INKSTORE_DATA);
    expect(() => parseInkStoreResponse('x' as never)).toThrow(INVALID_INKSTORE_DATA);
  });

  it('reads a whole response list', () => {
    const list = parseInkStoreResponse([
      element({ section: 3, owner: 1012, bookCode: 1192, pageNumber: 40, strokes: [] }),
      element({ category: 1, section: 3, owner: 1012, book: 1192, pageNumber: 41, strokes: [record] }),
    ]);
    expect(list.map((p) => [p.shape, p.page.page, p.strokes.length])).toEqual([
      ['page', 40, 0],
      ['flat', 41, 1],
    ]);
  });

  it('either reads or throws the one error for any JSON (fuzz)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        try {
          parseInkStoreElement(element(json));
        } catch (e) {
          expect((e as Error).message).toBe(INVALID_INKSTORE_DATA);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('ink store per-page time check', () => {
  it('needs a start time later than now minus 1e11 ms', () => {
    const clock = manualClock(T0);
    expect(INKSTORE_TIME_WINDOW_MS).toBe(1e11);
    expect(passesInkStoreTimeCheck(T0 - 1e11 + 1, clock)).toBe(true);
    expect(passesInkStoreTimeCheck(T0 - 1e11, clock)).toBe(false);
    expect(passesInkStoreTimeCheck(0, clock)).toBe(false);
  });

  it('keeps the pages whose earliest stroke passes', () => {
    const clock = manualClock(T0);
    const at = (t: number) =>
      encodeServerStroke(createStroke({ key: 'k', page, startTimeMs: t }, dotsFrom([])));
    const pages = parseInkStoreResponse([
      element({ section: 3, owner: 1, bookCode: 1, pageNumber: 1, strokes: [at(T0 - 10), at(T0 - 5)] }),
      element({ section: 3, owner: 1, bookCode: 1, pageNumber: 2, strokes: [at(T0 - 5), at(1000)] }),
      element({ section: 3, owner: 1, bookCode: 1, pageNumber: 3, strokes: [] }),
    ]);
    expect(recentInkStorePages(pages, clock).map((p) => p.page.page)).toEqual([1]);
  });
});
