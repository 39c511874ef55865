/**
 * Analytics computation budget (issue 15): `summariseClassBook` for a class of 40 pupils × 6,250
 * strokes (250,000 strokes) on a 124-page textbook with 8 units of 3 sub-units, p95 < 100 ms —
 * the pure part of the summary endpoint's 300 ms budget (the rest is the database).
 *
 * Each pupil writes in sessions of 25 minutes (a stroke every ~2 s, on a few pages) over six
 * weeks, with 30 content clicks and 20 watches. Strokes come in start order (as the server
 * reads them) and, as a second figure, in page order (a store keyed by page), which costs each
 * pupil a sort. Times are in Asia/Seoul through `intlZoneClock`, a fresh clock per run (no warm
 * offset cache carried between runs).
 */
import {
  type AnalyticsStroke,
  type BookInput,
  intlZoneClock,
  type PupilInput,
  summariseClassBook,
  summarisePupil,
} from '@dotink/ink';
import { type Bench, below, type Figure, percentile, seededRandom } from './budget';

const PUPILS = 40;
const STROKES_PER_PUPIL = 6_250;
const PAGES = 124;
const RUNS = 30;
/** Monday 2026-10-12 08:00 at Seoul (UTC+9). */
const START_MS = Date.UTC(2026, 9, 11, 23);
const DAY_MS = 86_400_000;

const book: BookInput = {
  section: 3,
  owner: 1012,
  book: 1191,
  startPage: 1,
  endPage: PAGES,
  pageNaming: 'textbook',
  units: Array.from({ length: 8 }, (_, u) => {
    const first = 5 + u * 14;
    return {
      title: `Unit ${u + 1}`,
      startPage: first,
      endPage: first + 13,
      subCategories: Array.from({ length: 3 }, (_, s) => ({
        title: `${u + 1}-${s + 1}`,
        startPage: first + s * 4,
        endPage: first + s * 4 + 3,
        subCategories: [],
      })),
    };
  }),
};

/** One pupil's strokes in start order: sessions of ~750 strokes, one session every few days. */
function pupil(n: number): PupilInput {
  const r = seededRandom(1000 + n);
  const strokes: AnalyticsStroke[] = [];
  let t = START_MS + Math.floor(r() * 3) * DAY_MS;
  let page = 1 + Math.floor(r() * PAGES);
  while (strokes.length < STROKES_PER_PUPIL) {
    for (let i = 0; i < 750 && strokes.length < STROKES_PER_PUPIL; i++) {
      if (r() < 0.02) page = 1 + Math.floor(r() * PAGES);
      const dotCount = 10 + Math.floor(r() * 60);
      const withEnd = r() < 0.9;
      strokes.push({
        page,
        startTimeMs: t,
        endTimeMs: withEnd ? t + dotCount * 11 : undefined,
        dotCount,
        distanceNu: r() * 8,
      });
      t += 1000 + Math.floor(r() * 2000);
    }
    t += DAY_MS + Math.floor(r() * 3 * DAY_MS);
  }
  const clicks = Array.from({ length: 30 }, (_, i) => {
    const timeMs = START_MS + Math.floor(r() * 42 * DAY_MS);
    const id = `youtube_${i}_${1 + Math.floor(r() * PAGES)}`;
    return {
      click_time: new Date(timeMs).toISOString(),
      timeMs,
      category: 'video',
      id,
      type: 'youtube',
      url: '',
    };
  });
  const watchTimesMs = Array.from({ length: 20 }, () => START_MS + Math.floor(r() * 42 * DAY_MS));
  return { studentId: `p${n}`, num: n + 1, name: `Pupil ${n + 1}`, strokes, clicks, watchTimesMs };
}

/** p95 of `RUNS` timed calls of `fn` after 3 untimed ones, ms. */
function p95(fn: () => void): number {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return percentile(times, 95);
}

export default {
  name: 'math summary computation',
  async run(): Promise<readonly Figure[]> {
    const inStartOrder = Array.from({ length: PUPILS }, (_, n) => pupil(n));
    const inPageOrder = inStartOrder.map((p) => ({
      ...p,
      strokes: [...p.strokes].sort((a, b) => a.page - b.page || b.startTimeMs - a.startTimeMs),
    }));
    const strokes = PUPILS * STROKES_PER_PUPIL;
    const label = `${PUPILS} pupils × ${STROKES_PER_PUPIL.toLocaleString('en-US')} strokes`;
    return [
      below(
        `summariseClassBook, ${label} (start order) p95`,
        p95(() => summariseClassBook(book, inStartOrder, intlZoneClock('Asia/Seoul'), 0)),
        'ms',
        100,
      ),
      below(
        `summariseClassBook, ${strokes.toLocaleString('en-US')} strokes in page order p95`,
        p95(() => summariseClassBook(book, inPageOrder, intlZoneClock('Asia/Seoul'), 0)),
        'ms',
        100,
      ),
      below(
        `summarisePupil (same class, blocks and days) p95`,
        p95(() => summarisePupil(book, inStartOrder, 'p7', intlZoneClock('Asia/Seoul'), 0)),
        'ms',
        100,
      ),
    ];
  },
} satisfies Bench;
