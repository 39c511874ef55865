/**
 * A typed, hand-made summary of a small class on a 20-page book (two units and the unclassified
 * unit; one pupil with writing, clicks and study days, one without) for the pupil screens' unit
 * tests. Test support only: the app does not import it.
 */
import type { Analysis, MathSummaryData, PupilDetailData, SummaryUnit } from '@dotink/contracts/eduAnalytics';

const zero: Analysis = {
  numWrittenPages: 0,
  numTouchedPages: 0,
  studyTimeMin: 0,
  realWritingTimeMs: 0,
  realWritingDistanceMm: 0,
  realWritingSpeedMmPerS: 0,
};
const analysis = (a: Partial<Analysis>): Analysis => ({ ...zero, ...a });
const progress = (writtenRatePct: number, touchedRatePct: number, studyTimeMin: number) => ({
  writtenRatePct,
  touchedRatePct,
  studyTimeMin,
});
const unit = (index: number, title: string, from: number, to: number): SummaryUnit => {
  const pages = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return {
    index,
    title,
    pages,
    pageNames: pages.map((p) => `${p - 2} page`),
    numPages: pages.length,
    subCategories: [],
  };
};

export const FIXTURE_UNITS: SummaryUnit[] = [
  unit(0, 'Numbers', 3, 10),
  unit(1, 'Shapes', 11, 18),
  unit(-1, '', 1, 2),
];

const hours = Array.from({ length: 24 }, (_, h) => (h === 9 ? 12.5 : h === 14 ? 8 : 0));

/** Pupil 1 wrote pages 3–5 (unit 0) on two days of November 2026 and tapped two links. */
export const FIXTURE_PUPIL: MathSummaryData['pupils'][number] = {
  studentId: 'stu-1',
  num: 1,
  name: 'Kim Minjun',
  analysis: analysis({
    numWrittenPages: 3,
    numTouchedPages: 1,
    studyTimeMin: 20.5,
    realWritingTimeMs: 312_000,
    realWritingDistanceMm: 4_680,
    realWritingSpeedMmPerS: 15,
  }),
  progress: progress(15, 5, 20.5),
  units: [
    {
      index: 0,
      analysis: analysis({
        numWrittenPages: 3,
        studyTimeMin: 20.5,
        realWritingTimeMs: 312_000,
        realWritingSpeedMmPerS: 15,
      }),
      progress: progress(37.5, 12.5, 20.5),
    },
    { index: 1, analysis: zero, progress: progress(0, 0, 0) },
    { index: -1, analysis: zero, progress: progress(0, 0, 0) },
  ],
  pages: [
    { page: 3, strokeCount: 40, touchCount: 1, studyTimeMs: 600_000 },
    { page: 4, strokeCount: 30, touchCount: 0, studyTimeMs: 400_000 },
    { page: 5, strokeCount: 12, touchCount: 1, studyTimeMs: 230_000 },
  ],
  firstWritingTimeMs: Date.UTC(2026, 10, 16, 9, 0),
  lastWritingTimeMs: Date.UTC(2026, 10, 20, 14, 8),
  lastWatchTimeMs: null,
  watchCount: 0,
  weekdayStudyMin: [12.5, 0, 0, 0, 8, 0, 0],
  hourStudyMin: hours,
};

const silent: MathSummaryData['pupils'][number] = {
  ...FIXTURE_PUPIL,
  studentId: 'stu-2',
  num: 2,
  name: 'Lee Seoyeon',
  analysis: zero,
  progress: progress(0, 0, 0),
  units: FIXTURE_PUPIL.units.map((u) => ({ ...u, analysis: zero, progress: progress(0, 0, 0) })),
  pages: [],
  firstWritingTimeMs: null,
  lastWritingTimeMs: null,
  weekdayStudyMin: [0, 0, 0, 0, 0, 0, 0],
  hourStudyMin: Array.from({ length: 24 }, () => 0),
};

const average = {
  analysis: analysis({
    numWrittenPages: 1.5,
    studyTimeMin: 10.3,
    realWritingTimeMs: 156_000,
    realWritingSpeedMmPerS: 7.5,
  }),
  progress: progress(7.5, 2.5, 10.3),
  units: [
    {
      index: 0,
      analysis: analysis({ studyTimeMin: 10.3, realWritingSpeedMmPerS: 7.5 }),
      progress: progress(18.8, 6.3, 10.3),
    },
    { index: 1, analysis: zero, progress: progress(0, 0, 0) },
    { index: -1, analysis: zero, progress: progress(0, 0, 0) },
  ],
  writers: 2,
  pupils: 2,
};

/** The class summary of the fixture book. */
export const FIXTURE_SUMMARY: MathSummaryData = {
  book: {
    section: 3,
    owner: 1012,
    book: 1191,
    startPage: 1,
    endPage: 20,
    numPages: 20,
    pageNaming: 'textbook',
  },
  timeZone: 'UTC',
  units: FIXTURE_UNITS,
  pupils: [FIXTURE_PUPIL, silent],
  average,
  split: {
    boundary: 0.525,
    meanWrittenRatePct: 7.5,
    standardDeviationPct: 7.5,
    above: ['stu-1'],
    below: ['stu-2'],
  },
  pages: [],
  computedAtMs: Date.UTC(2026, 10, 25, 12),
};

/** Pupil 1's detail. */
export const FIXTURE_DETAIL: PupilDetailData = {
  pupil: FIXTURE_PUPIL,
  units: FIXTURE_UNITS,
  average,
  blocks: [
    {
      startTimeMs: Date.UTC(2026, 10, 16, 9, 0),
      endTimeMs: Date.UTC(2026, 10, 16, 9, 12, 30),
      durationMs: 750_000,
      pages: [3, 4],
      strokeCount: 70,
      distanceMm: 3000,
    },
    {
      startTimeMs: Date.UTC(2026, 10, 20, 14, 0),
      endTimeMs: Date.UTC(2026, 10, 20, 14, 8),
      durationMs: 480_000,
      pages: [5],
      strokeCount: 12,
      distanceMm: 1680,
    },
  ],
  days: [
    {
      date: '2026-11-16',
      startMs: Date.UTC(2026, 10, 16, 9),
      endMs: Date.UTC(2026, 10, 16, 9, 12, 30),
      durationMs: 750_000,
      numPages: 2,
      pages: [3, 4],
      studies: 1,
    },
    {
      date: '2026-11-20',
      startMs: Date.UTC(2026, 10, 20, 14),
      endMs: Date.UTC(2026, 10, 20, 14, 8),
      durationMs: 480_000,
      numPages: 1,
      pages: [5],
      studies: 1,
    },
  ],
  clicks: [
    {
      click_time: '2026-11-16T09:05:00Z',
      timeMs: Date.UTC(2026, 10, 16, 9, 5),
      category: 'video',
      id: 'a_b_3',
      type: 'youtube',
      url: 'https://www.youtube.com/watch?v=x',
      page: 3,
    },
    {
      click_time: '2026-11-20T14:02:00Z',
      timeMs: Date.UTC(2026, 10, 20, 14, 2),
      category: 'quiz',
      id: 'a_b_5',
      type: 'remedial',
      url: 'https://example.org/e',
      page: 5,
    },
  ],
  timeZone: 'UTC',
  computedAtMs: Date.UTC(2026, 10, 25, 12),
};
