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
