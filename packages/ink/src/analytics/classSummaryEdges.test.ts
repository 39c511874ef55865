/**
 * Boundaries of the class summary that the hand-worked fixture of classSummary.test.ts does not
 * reach (found by mutation testing, issue 31 item 11): calendar days of several blocks, the pages
 * of a block and of a day in ascending order, the exact 5-minute gap on a page and in a unit, the
 * last writing time of a stroke written inside a longer one, the first stroke of a pen clock near
 * 0, registration ties, the split of two pupils and of equal rates, and click ids at the edges.
 * Every expected number is worked out by hand in the comments.
 */
import type { StudyBlockSummary } from '@dotink/contracts/eduAnalytics';
import { describe, expect, it } from 'vitest';
import { clickPage, type PupilInput } from './analyticsInput';
import { calendarDays } from './calendarDays';
import { type BookInput, splitByWritingRate, summariseClassBook, summarisePupil } from './classSummary';
import { studyBlocks } from './studyBlocks';
import { fixedOffsetZoneClock } from './zoneClock';

const S = 1000;
const MIN = 60_000;
const H = 3_600_000;
/** Monday 2026-11-23 00:00 at UTC+09:00. */
const MON = Date.UTC(2026, 10, 22, 15);
const zone = fixedOffsetZoneClock(540);

/** Pages 1–6 of a notebook; unit 'A' holds pages 3–4. */
const book: BookInput = {
  section: 3,
  owner: 27,
  book: 168,
  startPage: 1,
  endPage: 6,
  pageNaming: 'number',
  units: [{ title: 'A', startPage: 3, endPage: 4, subCategories: [] }],
};
const pupil = (studentId: string, strokes: PupilInput['strokes'], num = 1, name = 'P'): PupilInput => ({
  studentId,
  num,
  name,
  strokes,
  clicks: [],
  watchTimesMs: [],
});
const stroke = (page: number, startTimeMs: number, durationMs: number, distanceNu = 0) => ({
  page,
  startTimeMs,
  endTimeMs: startTimeMs + durationMs,
  dotCount: 1,
  distanceNu,
});

describe('calendar days of several blocks', () => {
  const block = (startTimeMs: number, endTimeMs: number, pages: number[]): StudyBlockSummary => ({
    startTimeMs,
    endTimeMs,
    durationMs: endTimeMs - startTimeMs,
    pages,
    strokeCount: pages.length,
    distanceMm: 0,
  });

  it('sums the blocks of one local date, its pages once each in ascending order', () => {
    // Monday: 09:00–09:10 on page 12, 14:00–14:30 on pages 10 and 12; Tuesday: 08:00–08:05 on 3.
    const days = calendarDays(
      [
        block(MON + 9 * H, MON + 9 * H + 10 * MIN, [12]),
        block(MON + 14 * H, MON + 14 * H + 30 * MIN, [10, 12]),
        block(MON + 32 * H, MON + 32 * H + 5 * MIN, [3]),
      ],
      zone,
    );
    expect(days).toEqual([
      {
        date: '2026-11-23',
        startMs: MON + 9 * H,
        endMs: MON + 14 * H + 30 * MIN,
        durationMs: 40 * MIN,
        numPages: 2,
        pages: [10, 12],
        studies: 2,
      },
      {
        date: '2026-11-24',
        startMs: MON + 32 * H,
        endMs: MON + 32 * H + 5 * MIN,
        durationMs: 5 * MIN,
        numPages: 1,
        pages: [3],
        studies: 1,
      },
    ]);
  });
});

describe('study blocks of one pupil, at their boundaries', () => {
  it("lists a block's pages in ascending order whatever order they were written in", () => {
    const ann = pupil('ann', [
      stroke(5, MON + 9 * H, S),
      stroke(3, MON + 9 * H + 2 * S, S),
      stroke(4, MON + 9 * H + 4 * S, S),
    ]);
    const detail = summarisePupil(book, [ann], 'ann', zone, 0);
    expect(detail.blocks.map((b) => b.pages)).toEqual([[3, 4, 5]]);
  });

  it('starts a new block on a page and in a unit exactly 5 minutes after its latest end', () => {
    // Page 3 (unit A): 09:00–09:01, then 09:06–09:07 (gap exactly 5:00): two blocks of 1 minute,
    // so the page's and the unit's study time are 2 minutes, not the 7 of one block.
    const ann = pupil('ann', [stroke(3, MON + 9 * H, MIN), stroke(3, MON + 9 * H + 6 * MIN, MIN)]);
    const row = summariseClassBook(book, [ann], zone, 0).pupils[0]!;
    expect(row.pages).toEqual([{ page: 3, strokeCount: 2, touchCount: 0, studyTimeMs: 2 * MIN }]);
    expect(row.units[0]!.analysis.studyTimeMin).toBe(2);
    expect(row.analysis.studyTimeMin).toBe(2);
  });

  it('ends the writing and the page block at the latest stroke end, also when a later stroke ends earlier', () => {
    // On page 3, a 10-minute stroke from 09:00, then a 1-minute stroke from 09:02 inside it: the
    // last end is 09:10 and the page's one block lasts 10 minutes.
    const ann = pupil('ann', [stroke(3, MON + 9 * H, 10 * MIN), stroke(3, MON + 9 * H + 2 * MIN, MIN)]);
    const row = summariseClassBook(book, [ann], zone, 0).pupils[0]!;
    expect(row.firstWritingTimeMs).toBe(MON + 9 * H);
    expect(row.lastWritingTimeMs).toBe(MON + 9 * H + 10 * MIN);
    expect(row.analysis.studyTimeMin).toBe(10);
    expect(row.pages).toEqual([{ page: 3, strokeCount: 2, touchCount: 0, studyTimeMs: 10 * MIN }]);
    expect(row.units[0]!.analysis.studyTimeMin).toBe(10);
  });

  it('opens a block at the first stroke whatever its time (a pen clock near 0)', () => {
    // Strokes at 1 s (2 s long) and 10 s (1 s long) on page 3: one block 1 s – 11 s = 10 s.
    const strokes = [stroke(3, 1 * S, 2 * S), stroke(3, 10 * S, S)];
    expect(studyBlocks(strokes).map((b) => [b.startTimeMs, b.endTimeMs])).toEqual([[1 * S, 11 * S]]);
    const row = summariseClassBook(book, [pupil('ann', strokes)], fixedOffsetZoneClock(0), 0).pupils[0]!;
    expect(row.firstWritingTimeMs).toBe(1 * S);
    expect(row.pages).toEqual([{ page: 3, strokeCount: 2, touchCount: 0, studyTimeMs: 10 * S }]);
    // 10 s = 0.17 min → 0.2 for the pupil and for unit A.
    expect(row.analysis.studyTimeMin).toBe(0.2);
    expect(row.units[0]!.analysis.studyTimeMin).toBe(0.2);
  });
});

describe('the class, at its boundaries', () => {
  it('orders pupils of one number by name, then pupils of one name by id', () => {
    const pupils = [
      pupil('b', [], 1, 'Zoe'),
      pupil('c', [], 1, 'Al'),
      pupil('a', [], 1, 'Zoe'),
      pupil('d', [], 1, 'Al'),
    ];
    expect(summariseClassBook(book, pupils, zone, 0).pupils.map((p) => p.studentId)).toEqual([
      'c',
      'd',
      'a',
      'b',
    ]);
  });

  it('orders pupils of one number and name by id, whatever order they come in', () => {
    for (const ids of [
      ['c', 'b', 'a'],
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
    ]) {
      const pupils = ids.map((id) => pupil(id, [], 1, 'Al'));
      expect(summariseClassBook(book, pupils, zone, 0).pupils.map((p) => p.studentId)).toEqual([
        'a',
        'b',
        'c',
      ]);
    }
  });

  it('splits a class of two', () => {
    // Rates 0 and 100: mean 50, SD 50, 0.525 × SD = 26.25: 100 is above, 0 below.
    const split = splitByWritingRate([
      { studentId: 'a', writtenRatePct: 0 },
      { studentId: 'b', writtenRatePct: 100 },
    ]);
    expect(split).toMatchObject({
      meanWrittenRatePct: 50,
      standardDeviationPct: 50,
      above: ['b'],
      below: ['a'],
    });
  });

  it('puts nobody below when eleven equal rates leave float noise in the SD', () => {
    // 11 × 0.9 / 11 is 0.9000000000000002 and the SD 2.2e−16: without the noise floor every
    // pupil would be 'below' a mean a hair above their own rate.
    const rows = Array.from({ length: 11 }, (_, i) => ({ studentId: `p${i}`, writtenRatePct: 0.9 }));
    expect(splitByWritingRate(rows)).toMatchObject({ above: [], below: [] });
  });

  it('names the pupil it cannot find', () => {
    expect(() => summarisePupil(book, [], 'nobody', zone, 0)).toThrow('no pupil nobody in this class');
  });
});

describe('clickPage at the edges of an id', () => {
  it('reads the third part when the first part is empty, and digits up to 9 (and 9 of them)', () => {
    expect(['_3_7', 'x_1_9', 'a_b_123456789'].map(clickPage)).toEqual([7, 9, 123456789]);
  });

  it('reads nothing from an id of two parts, even when they are digits', () => {
    expect(['12_5', '1_'].map(clickPage)).toEqual([null, null]);
  });
});
