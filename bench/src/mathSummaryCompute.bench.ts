/**
 * Analytics computation budget (issue 15): `summariseClassBook` for a class of 40 pupils × 6,250
 * strokes (250,000 strokes) on a 124-page textbook with 8 units of 3 sub-units, p95 < 100 ms —
 * the pure part of the summary endpoint's 300 ms budget (the rest is the database).
 *
 * Each pupil writes in sessions of 25 minutes (a stroke every ~2 s, on a few pages) over six
 * weeks, with 30 content clicks and 20 watches. The figure: strokes in start order (as the
 * server should read them: no copy, no sort). Printed beside it: strokes in page order (a store
 * keyed by page: each pupil's sorted), `summarisePupil` (the same class with one pupil's blocks
 * and days), CPU times (what the machine's other load does not inflate) and the load average.
 * Times are in Asia/Seoul through `intlZoneClock`, a fresh clock per run (no offset cache
 * carried between runs).
 */

import { availableParallelism, loadavg } from 'node:os';
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
const RUNS = 50;
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

interface Timing {
  /** Wall-clock ms of each run. */
  readonly wall: number[];
  /** CPU ms of the process (all its threads, so the garbage collector's too) for each run. */
  readonly cpu: number[];
}

/** `RUNS` timed calls of `fn` after 3 untimed ones. */
function time(fn: () => void): Timing {
  for (let i = 0; i < 3; i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall, cpu };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const describe = (t: Timing) =>
  `wall min ${r1(percentile(t.wall, 0))} / median ${r1(percentile(t.wall, 50))} / p95 ${r1(percentile(t.wall, 95))} ms, ` +
  `CPU median ${r1(percentile(t.cpu, 50))} / p95 ${r1(percentile(t.cpu, 95))} ms`;

export default {
  name: 'math summary computation',
  async run(): Promise<readonly Figure[]> {
    const inStartOrder = Array.from({ length: PUPILS }, (_, n) => pupil(n));
    const inPageOrder = inStartOrder.map((p) => ({
      ...p,
      strokes: [...p.strokes].sort((a, b) => a.page - b.page || a.startTimeMs - b.startTimeMs),
    }));
    const load = loadavg()[0]!;
    const byStart = time(() => summariseClassBook(book, inStartOrder, intlZoneClock('Asia/Seoul'), 0));
    const byPage = time(() => summariseClassBook(book, inPageOrder, intlZoneClock('Asia/Seoul'), 0));
    const detail = time(() => summarisePupil(book, inStartOrder, 'p7', intlZoneClock('Asia/Seoul'), 0));
    console.log(`  strokes in start order: ${describe(byStart)}`);
    console.log(`  strokes in page order (each pupil's sorted): ${describe(byPage)}`);
    console.log(`  summarisePupil, same class: ${describe(detail)}`);
    console.log(`  load average ${r1(load)} → ${r1(loadavg()[0]!)} on ${availableParallelism()} cores`);
    return [
      below(
        `summariseClassBook, ${PUPILS} pupils × ${STROKES_PER_PUPIL.toLocaleString('en-US')} strokes p95`,
        percentile(byStart.wall, 95),
        'ms',
        100,
      ),
    ];
  },
} satisfies Bench;
