/**
 * The class summary against a hand-worked fixture: every expected number below was worked out by
 * hand (the arithmetic is in the comments), never recomputed by the code under test.
 *
 * Book: Ncode pages 1–6 of a textbook (page 1 = the book's first page), so the §5 labels are
 * '' '' '1' '2' '3' '4'. Units: 'Unit 1' (pages 3–4; index 0) with '1-1' (page 3; index 1) and
 * '1-2' (page 4; index 2), 'Unit 2' (page 5, named 'five'; index 3); pages 1, 2 and 6 are in the
 * unclassified unit (index −1). Zone UTC+09:00.
 */
import { describe, expect, it } from 'vitest';
import { clickPage, type PupilInput } from './analyticsInput';
import {
  type BookInput,
  splitByWritingRate,
  summariseClassBook,
  summarisePupil,
  summarisePupils,
} from './classSummary';
import { summaryUnits } from './summaryUnits';
import { fixedOffsetZoneClock, intlZoneClock } from './zoneClock';

const S = 1000;
const MIN = 60_000;
const H = 3_600_000;
/** Monday 2026-11-23 00:00 at UTC+09:00 (= 2026-11-22 15:00 UTC). */
const MON = Date.UTC(2026, 10, 22, 15);
const zone = fixedOffsetZoneClock(540);

const book: BookInput = {
  section: 3,
  owner: 1012,
  book: 1191,
  startPage: 1,
  endPage: 6,
  pageNaming: 'textbook',
  units: [
    {
      title: 'Unit 1',
      startPage: 3,
      endPage: 4,
      subCategories: [
        { title: '1-1', startPage: 3, endPage: 3, subCategories: [] },
        { title: '1-2', startPage: 4, endPage: 4, subCategories: [] },
      ],
    },
    { title: 'Unit 2', startPage: 5, endPage: 5, pageNames: ['five'], subCategories: [] },
  ],
};

/**
 * Ann (no. 1):
 * - s1 page 3, Mon 09:00:00, 1 min long, 300 nu;
 * - s2 page 3, starts 4:59 after s1 ends (09:05:59), no end time and 500 dots → 6 s, 60 nu;
 *   same block as s1 (gap under 5 minutes); ends 09:06:05;
 * - s3 page 4, starts exactly 5:00 after s2 ends (09:11:05) → a new block; 30 s, 15 nu;
 * - a stroke on page 9 (outside the range: ignored);
 * - s5 page 5, Tue 23:58 → Wed 00:03 (5 min), 0 nu.
 * Listed out of order on purpose.
 */
const s1 = { page: 3, startTimeMs: MON + 9 * H, endTimeMs: MON + 9 * H + MIN, dotCount: 10, distanceNu: 300 };
const s2 = { page: 3, startTimeMs: MON + 9 * H + MIN + 299 * S, dotCount: 500, distanceNu: 60 };
const s3 = {
  page: 4,
  startTimeMs: MON + 9 * H + 665 * S,
  endTimeMs: MON + 9 * H + 695 * S,
  dotCount: 5,
  distanceNu: 15,
};
const outside = {
  page: 9,
  startTimeMs: MON + 9 * H + 100 * S,
  endTimeMs: MON + 10 * H,
  dotCount: 9,
  distanceNu: 999,
};
const s5 = {
  page: 5,
  startTimeMs: MON + 47 * H + 58 * MIN,
  endTimeMs: MON + 48 * H + 3 * MIN,
  dotCount: 3,
  distanceNu: 0,
};
const click = (id: string, timeMs: number, type = 'youtube') => ({
  click_time: new Date(timeMs).toISOString(),
  timeMs,
  category: 'c',
  id,
  type,
  url: `https://example.test/${id}`,
});
const ann: PupilInput = {
  studentId: 'ann',
  num: 1,
  name: 'Ann',
  strokes: [s3, s1, outside, s5, s2],
  clicks: [
    click('youtube_1_3', MON + 8 * H), // page 3
    click('remedial_2_6', MON + 30 * H, 'remedial'), // page 6
    click('estimate_x_abc', MON + 31 * H, 'estimate'), // no page
    click('youtube_1_40', MON + 20 * H), // page 40: outside the range
  ],
  watchTimesMs: [MON + 2 * H, MON + 40 * H, MON + 5 * H],
};
/** Ben (no. 2): one stroke on page 1, Mon 10:00, no end time, 1000 dots → 12 s. */
const ben: PupilInput = {
  studentId: 'ben',
  num: 2,
  name: 'Ben',
  strokes: [{ page: 1, startTimeMs: MON + 10 * H, dotCount: 1000, distanceNu: 0 }],
  clicks: [],
  watchTimesMs: [],
};
/** Cy (no. 3): nothing. */
const cy: PupilInput = { studentId: 'cy', num: 3, name: 'Cy', strokes: [], clicks: [], watchTimesMs: [] };

const zeroAnalysis = {
  numWrittenPages: 0,
  numTouchedPages: 0,
  studyTimeMin: 0,
  realWritingTimeMs: 0,
  realWritingDistanceMm: 0,
  realWritingSpeedMmPerS: 0,
};

describe('summaryUnits', () => {
  it('indexes units depth first, labels pages, and puts pages outside every unit in the unclassified unit', () => {
    expect(summaryUnits(book)).toEqual([
      {
        index: 0,
        title: 'Unit 1',
        pages: [3, 4],
        pageNames: ['1', '2'],
        numPages: 2,
        subCategories: [
          { index: 1, title: '1-1', pages: [3], pageNames: ['1'], numPages: 1, subCategories: [] },
          { index: 2, title: '1-2', pages: [4], pageNames: ['2'], numPages: 1, subCategories: [] },
        ],
      },
      { index: 3, title: 'Unit 2', pages: [5], pageNames: ['five'], numPages: 1, subCategories: [] },
      { index: -1, title: '', pages: [1, 2, 6], pageNames: ['', '', '4'], numPages: 3, subCategories: [] },
    ]);
  });
});

describe('summariseClassBook (hand-worked class of three)', () => {
  const summary = summariseClassBook(book, [cy, ben, ann], zone, 1234);

  it('answers the book, zone and pupils in registration order', () => {
    expect(summary.book).toEqual({
      section: 3,
      owner: 1012,
      book: 1191,
      startPage: 1,
      endPage: 6,
      numPages: 6,
      pageNaming: 'textbook',
    });
    expect(summary.timeZone).toBe('UTC+09:00');
    expect(summary.computedAtMs).toBe(1234);
    expect(summary.pupils.map((p) => p.studentId)).toEqual(['ann', 'ben', 'cy']);
  });

  it("computes Ann's analysis, progress, times and watch log", () => {
    const a = summary.pupils[0]!;
    expect(a.analysis).toEqual({
      numWrittenPages: 3, // pages 3, 4, 5 (page 9 is outside the range)
      numTouchedPages: 2, // pages 3 and 6 (page 40 outside, 'abc' no page)
      studyTimeMin: 11.6, // blocks 6:05 + 0:30 + 5:00 = 695 s = 11.583 min
      realWritingTimeMs: 396_000, // 60 s + 6 s (500 dots × 12 ms) + 30 s + 300 s
      realWritingDistanceMm: 889, // 375 nu × 56/600 in × 25.4 = 889.0 mm
      realWritingSpeedMmPerS: 2.2, // 889 / 396 = 2.245
    });
    expect(a.progress).toEqual({ writtenRatePct: 50, touchedRatePct: 33.3, studyTimeMin: 11.6 }); // 3/6, 2/6
    expect(a.firstWritingTimeMs).toBe(MON + 9 * H);
    expect(a.lastWritingTimeMs).toBe(MON + 48 * H + 3 * MIN);
    expect(a.lastWatchTimeMs).toBe(MON + 40 * H);
    expect(a.watchCount).toBe(3);
  });

  it('gives block minutes to the weekday (Monday first) and hour where each block starts', () => {
    const a = summary.pupils[0]!;
    // Monday 09:00 blocks: 365 s + 30 s = 395 s = 6.58 min; Tuesday 23:58 block: 5 min (runs into Wednesday).
    expect(a.weekdayStudyMin).toEqual([6.6, 5, 0, 0, 0, 0, 0]);
    const hours = new Array(24).fill(0);
    hours[9] = 6.6;
    hours[23] = 5;
    expect(a.hourStudyMin).toEqual(hours);
    expect(summary.pupils[1]!.weekdayStudyMin).toEqual([0.2, 0, 0, 0, 0, 0, 0]); // Ben: 12 s on Monday
  });

  it("lists Ann's pages with strokes or clicks, each with its own study time", () => {
    expect(summary.pupils[0]!.pages).toEqual([
      { page: 3, strokeCount: 2, touchCount: 1, studyTimeMs: 365_000 },
      { page: 4, strokeCount: 1, touchCount: 0, studyTimeMs: 30_000 },
      { page: 5, strokeCount: 1, touchCount: 0, studyTimeMs: 300_000 },
      { page: 6, strokeCount: 0, touchCount: 1, studyTimeMs: 0 },
    ]);
  });

  it("computes Ann's figures for every unit, sub-units and the unclassified unit included", () => {
    expect(summary.pupils[0]!.units).toEqual([
      {
        index: 0, // pages 3–4: s1, s2, s3
        analysis: {
          numWrittenPages: 2,
          numTouchedPages: 1,
          studyTimeMin: 6.6, // 365 s + 30 s (s3 is 5:00 after s2: its own block)
          realWritingTimeMs: 96_000,
          realWritingDistanceMm: 889,
          realWritingSpeedMmPerS: 9.3, // 889 / 96 = 9.26
        },
        progress: { writtenRatePct: 100, touchedRatePct: 50, studyTimeMin: 6.6 },
      },
      {
        index: 1, // page 3: s1, s2
        analysis: {
          numWrittenPages: 1,
          numTouchedPages: 1,
          studyTimeMin: 6.1, // 365 s = 6.08 min
          realWritingTimeMs: 66_000,
          realWritingDistanceMm: 853.4, // 360 nu × 2.370667 = 853.44
          realWritingSpeedMmPerS: 12.9, // 853.44 / 66 = 12.93
        },
        progress: { writtenRatePct: 100, touchedRatePct: 100, studyTimeMin: 6.1 },
      },
      {
        index: 2, // page 4: s3
        analysis: {
          numWrittenPages: 1,
          numTouchedPages: 0,
          studyTimeMin: 0.5,
          realWritingTimeMs: 30_000,
          realWritingDistanceMm: 35.6, // 15 nu = 35.56 mm
          realWritingSpeedMmPerS: 1.2, // 35.56 / 30 = 1.185
        },
        progress: { writtenRatePct: 100, touchedRatePct: 0, studyTimeMin: 0.5 },
      },
      {
        index: 3, // page 5: s5, no distance
        analysis: { ...zeroAnalysis, numWrittenPages: 1, studyTimeMin: 5, realWritingTimeMs: 300_000 },
        progress: { writtenRatePct: 100, touchedRatePct: 0, studyTimeMin: 5 },
      },
      {
        index: -1, // pages 1, 2, 6: a click on page 6 only
        analysis: { ...zeroAnalysis, numTouchedPages: 1 },
        progress: { writtenRatePct: 0, touchedRatePct: 33.3, studyTimeMin: 0 },
      },
    ]);
  });

  it('gives Ben and Cy their figures (default 12 ms a dot; nothing at all)', () => {
    const [, b, c] = summary.pupils;
    expect(b!.analysis).toEqual({
      ...zeroAnalysis,
      numWrittenPages: 1,
      studyTimeMin: 0.2,
      realWritingTimeMs: 12_000,
    });
    expect(b!.progress).toEqual({ writtenRatePct: 16.7, touchedRatePct: 0, studyTimeMin: 0.2 }); // 1/6
    expect(c!.analysis).toEqual(zeroAnalysis);
    expect(c!.pages).toEqual([]);
    expect(c!.firstWritingTimeMs).toBeNull();
    expect(c!.lastWritingTimeMs).toBeNull();
    expect(c!.lastWatchTimeMs).toBeNull();
    expect(c!.watchCount).toBe(0);
    expect(c!.units.map((u) => u.index)).toEqual([0, 1, 2, 3, -1]);
  });

  it('averages the class field by field from unrounded figures, one decimal', () => {
    expect(summary.average.analysis).toEqual({
      numWrittenPages: 1.3, // (3 + 1 + 0) / 3
      numTouchedPages: 0.7, // 2 / 3
      studyTimeMin: 3.9, // unrounded: (11.583 + 0.2 + 0) / 3 = 3.928
      realWritingTimeMs: 136_000, // (396,000 + 12,000) / 3
      realWritingDistanceMm: 296.3, // 889 / 3
      realWritingSpeedMmPerS: 1.1, // the writers Ann and Ben (Cy never wrote): (2.245 + 0) / 2 = 1.12
    });
    expect(summary.average.progress).toEqual({
      writtenRatePct: 22.2,
      touchedRatePct: 11.1,
      studyTimeMin: 3.9,
    });
    expect(summary.average.units[3]).toEqual({
      index: 3,
      analysis: { ...zeroAnalysis, numWrittenPages: 0.3, studyTimeMin: 1.7, realWritingTimeMs: 100_000 },
      progress: { writtenRatePct: 33.3, touchedRatePct: 0, studyTimeMin: 1.7 }, // (100 + 0 + 0) / 3
    });
  });

  it('splits the class at 0.525 population standard deviations', () => {
    // Rates 50, 16.7, 0: mean 66.7 / 3 = 22.233; deviations 27.767, −5.533, −22.233;
    // squares 770.99 + 30.62 + 494.32 = 1295.93; / 3 = 431.98; SD = 20.784.
    // 0.525 × 20.784 = 10.912: above > 33.145 (Ann), below < 11.322 (Cy); Ben (16.7) neither.
    expect(summary.split).toEqual({
      boundary: 0.525,
      meanWrittenRatePct: 22.2,
      standardDeviationPct: 20.8,
      above: ['ann'],
      below: ['cy'],
    });
  });

  it('gives every page its label, top-level unit and counts', () => {
    expect(summary.pages).toEqual([
      { page: 1, label: '', unitIndex: -1, writtenPupils: 1, touchedPupils: 0, strokeCount: 1 },
      { page: 2, label: '', unitIndex: -1, writtenPupils: 0, touchedPupils: 0, strokeCount: 0 },
      { page: 3, label: '1', unitIndex: 0, writtenPupils: 1, touchedPupils: 1, strokeCount: 2 },
      { page: 4, label: '2', unitIndex: 0, writtenPupils: 1, touchedPupils: 0, strokeCount: 1 },
      { page: 5, label: '3', unitIndex: 3, writtenPupils: 1, touchedPupils: 0, strokeCount: 1 },
      { page: 6, label: '4', unitIndex: -1, writtenPupils: 0, touchedPupils: 1, strokeCount: 0 },
    ]);
  });
});

describe('summarisePupils (the class report: every pupil at once)', () => {
  it("equals each pupil's own detail, by registration number", () => {
    const all = summarisePupils(book, [cy, ben, ann], zone, 99);
    const order = summariseClassBook(book, [cy, ben, ann], zone, 99).pupils.map((p) => p.studentId);
    expect(all.map((d) => d.pupil.studentId)).toEqual(order);
    for (const d of all) expect(d).toEqual(summarisePupil(book, [cy, ben, ann], d.pupil.studentId, zone, 99));
  });
});

describe('summarisePupil (Ann of the same class)', () => {
  const detail = summarisePupil(book, [cy, ben, ann], 'ann', zone, 99);
  const summary = summariseClassBook(book, [cy, ben, ann], zone, 99);

  it('answers the same row, units and class average as the class summary', () => {
    expect(detail.pupil).toEqual(summary.pupils[0]);
    expect(detail.units).toEqual(summary.units);
    expect(detail.average).toEqual(summary.average);
    expect(detail.timeZone).toBe('UTC+09:00');
    expect(detail.computedAtMs).toBe(99);
  });

  it('lists the study blocks with their pages, strokes and distance', () => {
    expect(detail.blocks).toEqual([
      {
        startTimeMs: MON + 9 * H,
        endTimeMs: MON + 9 * H + 365 * S,
        durationMs: 365_000,
        pages: [3],
        strokeCount: 2,
        distanceMm: 853.4,
      },
      {
        startTimeMs: MON + 9 * H + 665 * S,
        endTimeMs: MON + 9 * H + 695 * S,
        durationMs: 30_000,
        pages: [4],
        strokeCount: 1,
        distanceMm: 35.6,
      },
      {
        startTimeMs: MON + 47 * H + 58 * MIN,
        endTimeMs: MON + 48 * H + 3 * MIN,
        durationMs: 300_000,
        pages: [5],
        strokeCount: 1,
        distanceMm: 0,
      },
    ]);
  });

  it('makes one calendar day per local date of block starts (a block past midnight stays on its day)', () => {
    expect(detail.days).toEqual([
      {
        date: '2026-11-23',
        startMs: MON + 9 * H,
        endMs: MON + 9 * H + 695 * S,
        durationMs: 395_000,
        numPages: 2,
        pages: [3, 4],
        studies: 2,
      },
      {
        date: '2026-11-24',
        startMs: MON + 47 * H + 58 * MIN,
        endMs: MON + 48 * H + 3 * MIN,
        durationMs: 300_000,
        numPages: 1,
        pages: [5],
        studies: 1,
      },
    ]);
  });

  it('lists all the content clicks newest first, with the page the id names', () => {
    expect(detail.clicks.map((c) => [c.id, c.page, c.type])).toEqual([
      ['estimate_x_abc', null, 'estimate'],
      ['remedial_2_6', 6, 'remedial'],
      ['youtube_1_40', 40, 'youtube'],
      ['youtube_1_3', 3, 'youtube'],
    ]);
    expect(detail.clicks[0]).toEqual({ ...click('estimate_x_abc', MON + 31 * H, 'estimate'), page: null });
  });

  it('refuses a pupil not in the class', () => {
    expect(() => summarisePupil(book, [ann], 'nobody', zone, 0)).toThrow(RangeError);
  });
});

describe('splitByWritingRate (classroom.md §9: 0.525 standard deviations)', () => {
  const rows = (rates: Record<string, number>) =>
    Object.entries(rates).map(([studentId, writtenRatePct]) => ({ studentId, writtenRatePct }));

  it('splits four pupils worked by hand', () => {
    // Rates 10, 20, 30, 40: mean 25; deviations ±15, ±5; squares 225 + 25 + 25 + 225 = 500;
    // / 4 = 125; SD = 11.180; 0.525 × SD = 5.870: above > 30.87 (only 40), below < 19.13 (only 10).
    expect(splitByWritingRate(rows({ a: 10, b: 20, c: 30, d: 40 }))).toEqual({
      boundary: 0.525,
      meanWrittenRatePct: 25,
      standardDeviationPct: 11.2,
      above: ['d'],
      below: ['a'],
    });
  });

  it('lists the best first above and the worst first below, ties in registration order', () => {
    // Rates b 90, a 100, e 10, c 0, d 0: mean 200 / 5 = 40; deviations 50, 60, −30, −40, −40;
    // squares 2500 + 3600 + 900 + 1600 + 1600 = 10,200; / 5 = 2040; SD = 45.166;
    // 0.525 × SD = 23.712: above > 63.71 (a, b), below < 16.29 (c, d, e).
    const split = splitByWritingRate(rows({ b: 90, a: 100, e: 10, c: 0, d: 0 }));
    expect(split.above).toEqual(['a', 'b']);
    expect(split.below).toEqual(['c', 'd', 'e']);
    expect([split.meanWrittenRatePct, split.standardDeviationPct]).toEqual([40, 45.2]);
  });

  it('puts nobody above or below with fewer than two pupils or equal rates', () => {
    expect(splitByWritingRate([])).toEqual({
      boundary: 0.525,
      meanWrittenRatePct: 0,
      standardDeviationPct: 0,
      above: [],
      below: [],
    });
    expect(splitByWritingRate(rows({ a: 70 }))).toMatchObject({
      meanWrittenRatePct: 70,
      above: [],
      below: [],
    });
    // (14.3 + 14.3 + 14.3) / 3 is 14.300000000000002 in floating point, the SD 1.8e−15: nobody.
    expect(splitByWritingRate(rows({ a: 14.3, b: 14.3, c: 14.3 }))).toMatchObject({
      standardDeviationPct: 0,
      above: [],
      below: [],
    });
  });
});

describe('summariseClassBook, other cases', () => {
  it('orders pupils by registration number, then name', () => {
    const pupil = (studentId: string, num: number, name: string): PupilInput => ({
      studentId,
      num,
      name,
      strokes: [],
      clicks: [],
      watchTimesMs: [],
    });
    const summary = summariseClassBook(
      book,
      [pupil('x', 2, 'Al'), pupil('y', 1, 'Bo'), pupil('z', 1, 'Al')],
      zone,
      0,
    );
    expect(summary.pupils.map((p) => p.studentId)).toEqual(['z', 'y', 'x']);
  });

  it('answers zeros for an empty class and for a unit outside the range', () => {
    const outsideUnit: BookInput = {
      ...book,
      units: [...book.units, { title: 'Later', startPage: 50, endPage: 60, subCategories: [] }],
    };
    const empty = summariseClassBook(outsideUnit, [], zone, 0);
    expect(empty.pupils).toEqual([]);
    expect(empty.average.analysis).toEqual(zeroAnalysis);
    expect(empty.average.units.map((u) => u.index)).toEqual([0, 1, 2, 3, 4, -1]);
    const withAnn = summariseClassBook(outsideUnit, [ann], zone, 0);
    expect(withAnn.units[2]).toMatchObject({ index: 4, title: 'Later', pages: [], numPages: 0 });
    expect(withAnn.pupils[0]!.units[4]).toEqual({
      index: 4,
      analysis: zeroAnalysis,
      progress: { writtenRatePct: 0, touchedRatePct: 0, studyTimeMin: 0 },
    });
  });

  it('labels a notebook plainly and counts only its range', () => {
    const notebook: BookInput = {
      section: 2050,
      owner: 1,
      book: 1,
      startPage: 3,
      endPage: 5,
      pageNaming: 'number',
      units: [],
    };
    const summary = summariseClassBook(notebook, [ann], zone, 0);
    expect(summary.pages.map((p) => [p.page, p.label, p.unitIndex, p.strokeCount])).toEqual([
      [3, '3', -1, 2],
      [4, '4', -1, 1],
      [5, '5', -1, 1],
    ]);
    // All 3 pages written, page 3 tapped: 100 % and 1 / 3 = 33.3 %.
    expect(summary.pupils[0]!.progress).toEqual({
      writtenRatePct: 100,
      touchedRatePct: 33.3,
      studyTimeMin: 11.6,
    });
  });
});

describe('clickPage (classroom.md §3: the third part of the id)', () => {
  it('reads a whole page number from the third part only', () => {
    expect(['youtube_12_35', 'remedial_3_7_x', 'estimate_1_0', 'a__4'].map(clickPage)).toEqual([35, 7, 0, 4]);
    expect(
      ['youtube_12', 'youtube', 'a_b_', 'a_b_3a', 'a_b_-3', 'a_b_1.5', 'a_b_1234567890', ''].map(clickPage),
    ).toEqual([null, null, null, null, null, null, null, null]);
  });
});

describe('calendar days and hours follow the zone', () => {
  // Dee writes Tuesday 2026-11-24 at 23:10 UTC for 20 minutes (08:10 to 08:30 on Wednesday
  // 2026-11-25 in Seoul), then at 14:50 UTC on Wednesday for 20 minutes (23:50 Wednesday to
  // 00:10 Thursday in Seoul).
  const TUE = Date.UTC(2026, 10, 24);
  const dee: PupilInput = {
    studentId: 'dee',
    num: 4,
    name: 'Dee',
    strokes: [
      {
        page: 3,
        startTimeMs: TUE + 23 * H + 10 * MIN,
        endTimeMs: TUE + 23 * H + 30 * MIN,
        dotCount: 1,
        distanceNu: 0,
      },
      {
        page: 4,
        startTimeMs: TUE + 38 * H + 50 * MIN,
        endTimeMs: TUE + 39 * H + 10 * MIN,
        dotCount: 1,
        distanceNu: 0,
      },
    ],
    clicks: [],
    watchTimesMs: [],
  };
  const hoursWith = (entries: [number, number][]) => {
    const hours = new Array(24).fill(0);
    for (const [h, min] of entries) hours[h] = min;
    return hours;
  };

  it('in Asia/Seoul (through Intl)', () => {
    const seoul = intlZoneClock('Asia/Seoul');
    const detail = summarisePupil(book, [dee], 'dee', seoul, 0);
    expect(detail.timeZone).toBe('Asia/Seoul');
    expect(detail.pupil.weekdayStudyMin).toEqual([0, 0, 40, 0, 0, 0, 0]); // both blocks start on Wednesday
    expect(detail.pupil.hourStudyMin).toEqual(
      hoursWith([
        [8, 20],
        [23, 20],
      ]),
    );
    expect(detail.days.map((d) => [d.date, d.studies, d.durationMs, d.pages])).toEqual([
      ['2026-11-25', 2, 40 * MIN, [3, 4]],
    ]);
  });

  it('in UTC', () => {
    const detail = summarisePupil(book, [dee], 'dee', fixedOffsetZoneClock(0), 0);
    expect(detail.pupil.weekdayStudyMin).toEqual([0, 20, 20, 0, 0, 0, 0]); // Tuesday, Wednesday
    expect(detail.pupil.hourStudyMin).toEqual(
      hoursWith([
        [14, 20],
        [23, 20],
      ]),
    );
    expect(detail.days.map((d) => [d.date, d.studies, d.startMs, d.endMs])).toEqual([
      ['2026-11-24', 1, TUE + 23 * H + 10 * MIN, TUE + 23 * H + 30 * MIN],
      ['2026-11-25', 1, TUE + 38 * H + 50 * MIN, TUE + 39 * H + 10 * MIN],
    ]);
  });
});
