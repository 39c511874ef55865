/**
 * The class averages a teacher reads (issue 28 item 11), against fixtures worked by hand from
 * classroom.md (§3 Analysis result, §4 study blocks, §9 one decimal, mm/s, minutes) before the
 * code was read. Every expected number is worked out in the comments, never recomputed by the
 * code under test.
 *
 * Book: Ncode pages 1–6, units 'Unit 1' (pages 3–4) and 'Unit 2' (page 5). 1 nu = 56 × 25.4 / 600
 * = 2.370667 mm.
 */
import { describe, expect, it } from 'vitest';
import type { PupilInput } from './analyticsInput';
import { type BookInput, summariseClassBook, summarisePupil } from './classSummary';
import { fixedOffsetZoneClock } from './zoneClock';

const S = 1000;
/** Tuesday 2026-03-10 09:00 at UTC+09:00. */
const T0 = Date.UTC(2026, 2, 10, 0);
const zone = fixedOffsetZoneClock(540);

const book: BookInput = {
  section: 3,
  owner: 1012,
  book: 1191,
  startPage: 1,
  endPage: 6,
  pageNaming: 'textbook',
  units: [
    { title: 'Unit 1', startPage: 3, endPage: 4, subCategories: [] },
    { title: 'Unit 2', startPage: 5, endPage: 5, subCategories: [] },
  ],
};

const pupil = (num: number, strokes: PupilInput['strokes']): PupilInput => ({
  studentId: `p${num}`,
  num,
  name: `Pupil ${num}`,
  strokes,
  clicks: [],
  watchTimesMs: [],
});
/** One stroke on page 3 starting at T0 + `atS` seconds, `durationS` long, `nu` long. */
const stroke = (atS: number, durationS: number, nu: number) => ({
  page: 3,
  startTimeMs: T0 + atS * S,
  endTimeMs: T0 + (atS + durationS) * S,
  dotCount: 10,
  distanceNu: nu,
});

describe('class average writing speed: the writers only, and how many wrote', () => {
  // Ana: 100 nu = 237.0667 mm in 10 s → 23.70667 mm/s.
  // Bo: 60 nu = 142.24 mm in 20 s → 7.112 mm/s.
  // Cid and Dee never wrote.
  // Average of the writers: (23.70667 + 7.112) / 2 = 15.40933 → 15.4 mm/s, 2 of 4 wrote.
  // (Counting Cid and Dee as 0 mm/s would give 30.81867 / 4 = 7.7: the misread figure.)
  const pupils = [pupil(1, [stroke(0, 10, 100)]), pupil(2, [stroke(0, 20, 60)]), pupil(3, []), pupil(4, [])];
  const summary = summariseClassBook(book, pupils, zone, 0);

  it('averages the speed of the pupils who wrote and says how many they are', () => {
    expect(summary.average.analysis.realWritingSpeedMmPerS).toBe(15.4);
    expect(summary.average.writers).toBe(2);
    expect(summary.average.pupils).toBe(4);
  });

  it('does the same for each unit: unit 1 has the two writers, unit 2 none', () => {
    const unit = (index: number) => summary.average.units.find((u) => u.index === index)!;
    expect(unit(0).analysis.realWritingSpeedMmPerS).toBe(15.4);
    expect(unit(1).analysis.realWritingSpeedMmPerS).toBe(0);
  });

  it('gives the pupil detail the same class average', () => {
    const detail = summarisePupil(book, pupils, 'p3', zone, 0);
    expect(detail.average).toEqual(summary.average);
  });
});

describe('class averages come from the unrounded figures', () => {
  // Study blocks of one stroke each: 3 s, 3 s and 1.2 s = 0.05, 0.05 and 0.02 min.
  // Each pupil's own figure, one decimal: 0.1 (0.05 rounds half up), 0.1, 0.0.
  // Class average: (0.05 + 0.05 + 0.02) / 3 = 0.04 → 0.0 min.
  // (The mean of the rounded figures, (0.1 + 0.1 + 0) / 3 = 0.067 → 0.1, is the misread one.)
  const pupils = [pupil(1, [stroke(0, 3, 0)]), pupil(2, [stroke(0, 3, 0)]), pupil(3, [stroke(0, 1.2, 0)])];
  const summary = summariseClassBook(book, pupils, zone, 0);

  it("rounds the pupils' own figures, but not before averaging them", () => {
    expect(summary.pupils.map((p) => p.analysis.studyTimeMin)).toEqual([0.1, 0.1, 0]);
    expect(summary.average.analysis.studyTimeMin).toBe(0);
    expect(summary.average.progress.studyTimeMin).toBe(0);
    expect(summary.average.units.find((u) => u.index === 0)!.analysis.studyTimeMin).toBe(0);
  });

  it('averages the writing time and distance unrounded too', () => {
    // Writing time (3000 + 3000 + 1200) / 3 = 2400 ms; all three wrote (speed 0: no distance).
    expect(summary.average.analysis.realWritingTimeMs).toBe(2400);
    expect(summary.average.writers).toBe(3);
  });
});
