/**
 * Properties of the class summary over random books, units and pupils. The per-pupil single pass
 * is checked against the older, independent helpers of `studyBlocks.ts` / `writingAnalysis.ts`
 * (study blocks sorted and grouped stroke list by stroke list).
 */
import type { SummaryUnit, UnitDefinition } from '@dotink/contracts/eduAnalytics';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnalyticsStroke, PupilInput } from './analyticsInput';
import { type BookInput, summariseClassBook, summarisePupil } from './classSummary';
import { msToMinutes } from './rounding';
import { studyTimeMs } from './studyBlocks';
import { realWritingTimeMs } from './writingAnalysis';
import { fixedOffsetZoneClock } from './zoneClock';

const MIN = 60_000;
const zone = fixedOffsetZoneClock(540);
const T0 = Date.UTC(2026, 10, 22, 15);

const unitDef = (depth: number): fc.Arbitrary<UnitDefinition> =>
  fc
    .record({
      start: fc.integer({ min: 0, max: 30 }),
      len: fc.integer({ min: 0, max: 10 }),
      subs: depth > 0 ? fc.array(unitDef(depth - 1), { maxLength: 2 }) : fc.constant([]),
    })
    .map(({ start, len, subs }) => ({
      title: `u${start}`,
      startPage: start,
      endPage: start + len,
      subCategories: subs,
    }));

const bookArb: fc.Arbitrary<BookInput> = fc
  .record({
    start: fc.integer({ min: 1, max: 10 }),
    len: fc.integer({ min: 0, max: 20 }),
    naming: fc.constantFrom('textbook' as const, 'number' as const),
    units: fc.array(unitDef(2), { maxLength: 4 }),
  })
  .map(({ start, len, naming, units }) => ({
    section: 3,
    owner: 1012,
    book: 1191,
    startPage: start,
    endPage: start + len,
    pageNaming: naming,
    units,
  }));

const strokeArb: fc.Arbitrary<AnalyticsStroke> = fc
  .record({
    page: fc.integer({ min: 0, max: 35 }),
    start: fc.integer({ min: 0, max: 6 * 60 * MIN }),
    len: fc.option(fc.integer({ min: 0, max: 8 * MIN }), { nil: undefined }),
    dots: fc.integer({ min: 0, max: 500 }),
    // Eighths of a nu: sums are exact in any order.
    nu: fc.integer({ min: 0, max: 400 }).map((n) => n / 8),
  })
  .map(({ page, start, len, dots, nu }) => ({
    page,
    startTimeMs: T0 + start,
    endTimeMs: len === undefined ? undefined : T0 + start + len,
    dotCount: dots,
    distanceNu: nu,
  }));

const pupilsArb: fc.Arbitrary<PupilInput[]> = fc
  .array(
    fc.record({
      strokes: fc.array(strokeArb, { maxLength: 25 }),
      clickPages: fc.array(fc.integer({ min: 0, max: 35 }), { maxLength: 5 }),
      num: fc.integer({ min: 1, max: 40 }),
    }),
    { maxLength: 5 },
  )
  .map((list) =>
    list.map(({ strokes, clickPages, num }, i) => ({
      studentId: `p${i}`,
      num,
      name: `n${i}`,
      strokes,
      clicks: clickPages.map((p, c) => ({
        click_time: '',
        timeMs: T0 + c,
        category: '',
        id: `youtube_${c}_${p}`,
        type: 'youtube',
        url: '',
      })),
      watchTimesMs: [],
    })),
  );

const inRange = (book: BookInput, strokes: readonly AnalyticsStroke[]) =>
  strokes.filter((s) => s.page >= book.startPage && s.page <= book.endPage);

describe('class summary properties', () => {
  it('keeps every rate within 0–100 and every figure finite', () => {
    fc.assert(
      fc.property(bookArb, pupilsArb, (book, pupils) => {
        const s = summariseClassBook(book, pupils, zone, 0);
        const progresses = [
          s.average.progress,
          ...s.average.units.map((u) => u.progress),
          ...s.pupils.flatMap((p) => [p.progress, ...p.units.map((u) => u.progress)]),
        ];
        for (const p of progresses) {
          for (const rate of [p.writtenRatePct, p.touchedRatePct]) {
            expect(rate).toBeGreaterThanOrEqual(0);
            expect(rate).toBeLessThanOrEqual(100);
          }
          expect(Number.isFinite(p.studyTimeMin)).toBe(true);
        }
      }),
    );
  });

  it('partitions the range between the top-level units and the unclassified unit', () => {
    fc.assert(
      fc.property(bookArb, (book) => {
        const { units } = summariseClassBook(book, [], zone, 0);
        const range = Array.from({ length: book.endPage - book.startPage + 1 }, (_, i) => book.startPage + i);
        const unclassified = units.find((u) => u.index === -1);
        const classified = new Set(units.filter((u) => u.index !== -1).flatMap((u) => u.pages));
        expect(new Set([...classified, ...(unclassified?.pages ?? [])])).toEqual(new Set(range));
        for (const p of unclassified?.pages ?? []) expect(classified.has(p)).toBe(false);
        if (unclassified) expect(units.at(-1)).toBe(unclassified);
        expect(unclassified === undefined || unclassified.numPages > 0).toBe(true);
        // Indexes run depth first from 0.
        const indexes: number[] = [];
        const walk = (list: readonly SummaryUnit[]) => {
          for (const u of list) {
            if (u.index !== -1) indexes.push(u.index);
            walk(u.subCategories);
          }
        };
        walk(units);
        expect(indexes).toEqual(indexes.map((_, i) => i));
        for (const u of units) expect(u.pageNames).toHaveLength(u.numPages);
      }),
    );
  });

  it('agrees with the stroke-list helpers for totals, pages and units', () => {
    fc.assert(
      fc.property(bookArb, pupilsArb, (book, pupils) => {
        const s = summariseClassBook(book, pupils, zone, 0);
        for (const row of s.pupils) {
          const input = pupils.find((p) => p.studentId === row.studentId)!;
          const strokes = inRange(book, input.strokes);
          const timed = strokes.map((x) => ({ ...x, totalDistanceNu: x.distanceNu }));
          expect(row.analysis.studyTimeMin).toBe(msToMinutes(studyTimeMs(timed)));
          expect(row.analysis.realWritingTimeMs).toBe(realWritingTimeMs(timed));
          expect(row.pages.reduce((n, p) => n + p.strokeCount, 0)).toBe(strokes.length);
          for (const page of row.pages) {
            expect(page.studyTimeMs).toBe(studyTimeMs(timed.filter((x) => x.page === page.page)));
          }
          const units = [...s.units];
          for (let i = 0; i < units.length; i++) units.push(...units[i]!.subCategories);
          for (const unit of units) {
            const figures = row.units.find((u) => u.index === unit.index)!;
            const own = timed.filter((x) => unit.pages.includes(x.page));
            expect(figures.analysis.studyTimeMin).toBe(msToMinutes(studyTimeMs(own)));
            expect(figures.analysis.numWrittenPages).toBe(new Set(own.map((x) => x.page)).size);
          }
          // Weekday and hour minutes share out the same study time (each rounded to 0.1).
          const weekdays = row.weekdayStudyMin.reduce((a, b) => a + b, 0);
          const hours = row.hourStudyMin.reduce((a, b) => a + b, 0);
          expect(Math.abs(weekdays - row.analysis.studyTimeMin)).toBeLessThanOrEqual(0.05 * 8 + 1e-9);
          expect(Math.abs(hours - row.analysis.studyTimeMin)).toBeLessThanOrEqual(0.05 * 25 + 1e-9);
        }
        const allStrokes = pupils.reduce((n, p) => n + inRange(book, p.strokes).length, 0);
        expect(s.pages.reduce((n, p) => n + p.strokeCount, 0)).toBe(allStrokes);
      }),
    );
  });

  it('does not depend on the order of the strokes (start order read in place, others sorted)', () => {
    fc.assert(
      fc.property(bookArb, pupilsArb, fc.integer(), (book, pupils, seed) => {
        const reorder = (compare: (a: AnalyticsStroke, b: AnalyticsStroke) => number) =>
          pupils.map((p) => ({ ...p, strokes: [...p.strokes].sort(compare) }));
        const shuffled = reorder(
          (a, b) => ((a.startTimeMs * 7 + seed) % 13) - ((b.startTimeMs * 7 + seed) % 13),
        );
        const inStartOrder = reorder((a, b) => a.startTimeMs - b.startTimeMs);
        const figures = (x: PupilInput[]) =>
          summariseClassBook(book, x, zone, 0).pupils.map((p) => [
            p.analysis,
            p.units,
            p.pages,
            p.weekdayStudyMin,
            p.firstWritingTimeMs,
            p.lastWritingTimeMs,
          ]);
        const expected = figures(pupils);
        expect(figures(shuffled)).toEqual(expected);
        expect(figures(inStartOrder)).toEqual(expected);
        for (const p of pupils) {
          const detail = summarisePupil(book, pupils, p.studentId, zone, 0);
          expect(summarisePupil(book, inStartOrder, p.studentId, zone, 0).blocks).toEqual(detail.blocks);
          expect(detail.blocks.reduce((n, blk) => n + blk.durationMs, 0)).toBe(
            studyTimeMs(inRange(book, p.strokes)),
          );
          expect(detail.blocks.reduce((n, blk) => n + blk.strokeCount, 0)).toBe(
            inRange(book, p.strokes).length,
          );
          expect(detail.days.reduce((n, d) => n + d.studies, 0)).toBe(detail.blocks.length);
        }
      }),
    );
  });
});
