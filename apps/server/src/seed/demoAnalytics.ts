/**
 * The demo school's study history for the learning analytics (issue 15): our own made-up
 * writing of pupils 1–7 on several DEMO units of book 3.1012.1191 (`demoUnits.ts`) over four days
 * of the week before the clock's week (Monday, Tuesday, Thursday and Saturday, at different
 * hours), with content clicks (youtube, remedial, estimate and 'quiz') and video watches, so every
 * analytics screen shows data on `npm start`. Deterministic: every time is fixed relative to the
 * UTC Monday of the previous week of the injected clock, every stroke shape comes from a seeded
 * generator. Strokes take the product's path into the store (upload payloads → decoder → store).
 *
 * {@link DEMO_FIGURES} are the figures a browser test can check, worked out by hand from these
 * definitions, the lesson writing of `inkstore/demoInk.ts` (`demoWriting`: pupils 1–6 on pages
 * 10–13) and the watch log of `edu/demoData.ts` (pupils 1–5) — not by the summary code
 * (`demoAnalytics.test.ts` derives them again from the definitions and checks the summary
 * endpoint against them).
 */
import { createStroke, dotsFrom, encodeStrokeUploads, type Stroke } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_WATCH_LOG_FILE } from '../edu/demoData';
import { storeUpload } from '../inkstore/inkStrokeStore';
import { decodeUpload } from '../inkstore/uploadDecode';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BOOK = { section: 3, owner: 1012, book: 1191 } as const;

/** One sitting of a pupil: days after the anchor Monday (0 Mon … 5 Sat), start hour (UTC), pages. */
export interface DemoSitting {
  readonly pupil: number;
  readonly day: 0 | 1 | 3 | 5;
  readonly hourUtc: number;
  readonly pages: readonly number[];
}

/** A content click (or a watch) of the demo watch log. */
export interface DemoClick {
  readonly pupil: number;
  readonly day: 0 | 1 | 3 | 5;
  readonly hourUtc: number;
  readonly page: number;
  /** youtube, remedial, estimate, quiz — or 'watch' for a video watch. */
  readonly type: 'youtube' | 'remedial' | 'estimate' | 'quiz' | 'watch';
}

/** The sittings (pupil numbers are registration numbers; 8–30 did not write). */
export const DEMO_SITTINGS: readonly DemoSitting[] = [
  { pupil: 1, day: 0, hourUtc: 1, pages: [5, 6, 7] },
  { pupil: 1, day: 1, hourUtc: 2, pages: [27, 28] },
  { pupil: 1, day: 3, hourUtc: 5, pages: [47, 48, 49] },
  { pupil: 1, day: 5, hourUtc: 0, pages: [67] },
  { pupil: 2, day: 0, hourUtc: 1, pages: [5, 6] },
  { pupil: 2, day: 3, hourUtc: 4, pages: [27, 28, 29, 30] },
  { pupil: 2, day: 5, hourUtc: 1, pages: [87, 88] },
  { pupil: 3, day: 1, hourUtc: 3, pages: [15, 16, 17, 18] },
  { pupil: 3, day: 5, hourUtc: 2, pages: [105, 106] },
  { pupil: 4, day: 0, hourUtc: 6, pages: [5, 6, 7, 8, 9] },
  { pupil: 4, day: 1, hourUtc: 6, pages: [47] },
  { pupil: 4, day: 3, hourUtc: 2, pages: [67, 68, 69] },
  { pupil: 5, day: 3, hourUtc: 3, pages: [27] },
  { pupil: 5, day: 5, hourUtc: 3, pages: [123] },
  { pupil: 6, day: 1, hourUtc: 0, pages: [5] },
  { pupil: 7, day: 0, hourUtc: 2, pages: [87, 88, 89] },
  { pupil: 7, day: 3, hourUtc: 1, pages: [105] },
  { pupil: 7, day: 5, hourUtc: 4, pages: [5, 6] },
];

/** The clicks and watches (at 20 minutes past the hour). */
export const DEMO_CLICKS: readonly DemoClick[] = [
  { pupil: 1, day: 0, hourUtc: 1, page: 6, type: 'youtube' },
  { pupil: 1, day: 0, hourUtc: 1, page: 6, type: 'watch' },
  { pupil: 1, day: 3, hourUtc: 5, page: 48, type: 'estimate' },
  { pupil: 2, day: 3, hourUtc: 4, page: 28, type: 'remedial' },
  { pupil: 2, day: 3, hourUtc: 4, page: 29, type: 'quiz' },
  { pupil: 3, day: 1, hourUtc: 3, page: 16, type: 'youtube' },
  { pupil: 3, day: 1, hourUtc: 3, page: 16, type: 'watch' },
  { pupil: 4, day: 3, hourUtc: 2, page: 68, type: 'estimate' },
  { pupil: 7, day: 5, hourUtc: 4, page: 5, type: 'youtube' },
  { pupil: 7, day: 5, hourUtc: 4, page: 5, type: 'watch' },
];

/** Strokes a pupil writes on a page of a sitting (8–12, from the page number). */
export const demoStrokesOnPage = (page: number) => 8 + (page % 5);

/** The anchor: 00:00 UTC of the Monday of the week before the week of `nowMs`. */
export function demoAnchorMs(nowMs: number): number {
  const midnight = Math.floor(nowMs / DAY) * DAY;
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // 0 = Monday
  return midnight - weekday * DAY - 7 * DAY;
}

/** A small deterministic generator (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The strokes of one sitting: handwriting-like curves, dots 12 ms apart, pages a minute apart. */
export function demoSittingStrokes(
  s: DemoSitting,
  studentId: string,
  mac: string,
  anchorMs: number,
): Stroke[] {
  const rnd = prng(s.pupil * 1000 + s.day * 100 + s.hourUtc);
  const strokes: Stroke[] = [];
  let t = anchorMs + s.day * DAY + s.hourUtc * HOUR + 5 * 60_000;
  for (const p of s.pages) {
    const n = demoStrokesOnPage(p);
    for (let k = 0; k < n; k++) {
      const count = 25 + Math.floor(rnd() * 30);
      const x0 = 10 + rnd() * 60;
      const y0 = 10 + rnd() * 90;
      const bend = rnd() * 2 - 1;
      const start = t;
      const dots = Array.from({ length: count }, (_, i) => ({
        xNu: x0 + i * 0.12,
        yNu: y0 + Math.sin((i / count) * Math.PI) * bend * 2,
        force: 250 + Math.round(200 * Math.sin((i / count) * Math.PI)),
        timeMs: start + i * 12,
      }));
      strokes.push(
        createStroke(
          {
            key: `demo-${s.pupil}-${s.day}-${p}-${k}`,
            page: pageAddress(BOOK.section, BOOK.owner, BOOK.book, p),
            mac,
            writerId: studentId,
            surfaceOwnerId: studentId,
            updatedMs: start + count * 12,
          },
          dotsFrom(dots),
        ),
      );
      t += count * 12 + 2_000 + Math.floor(rnd() * 6_000);
    }
    t += 60_000;
  }
  return strokes;
}

/** Stores the sittings' strokes and the clicks of the pupils `studentIds` (pupil n = index n − 1). */
export async function seedDemoAnalytics(
  db: Kysely<Database>,
  studentIds: readonly string[],
  macOf: (pupilNumber: number) => string,
  nowMs: number,
): Promise<number> {
  const anchor = demoAnchorMs(nowMs);
  let stored = 0;
  for (const s of DEMO_SITTINGS) {
    const studentId = studentIds[s.pupil - 1];
    if (!studentId) continue;
    const strokes = demoSittingStrokes(s, studentId, macOf(s.pupil), anchor);
    const uploadMs = anchor + s.day * DAY + (s.hourUtc + 2) * HOUR;
    const payloads = encodeStrokeUploads(strokes, { writer: studentId, clock: manualClock(uploadMs) });
    stored += (await storeUpload(db, studentId, decodeUpload(payloads, studentId, uploadMs).pages, uploadMs))
      .stored;
  }
  const rows = DEMO_CLICKS.flatMap((c) => {
    const studentId = studentIds[c.pupil - 1];
    if (!studentId) return [];
    const at = new Date(anchor + c.day * DAY + c.hourUtc * HOUR + 20 * 60_000);
    const contentId = `1191_demo_${c.page}`;
    const url = `https://content.demo.dotink.dev/1191/${c.page}/${c.type}`;
    const watch = c.type === 'watch';
    return [
      {
        student_id: studentId,
        file_name: DEMO_WATCH_LOG_FILE,
        kind: watch ? ('watch' as const) : ('click' as const),
        at,
        category: 'demo',
        content_id: contentId,
        content_type: watch ? '' : c.type,
        url,
        duration_ms: watch ? 240_000 : null,
      },
    ];
  });
  if (rows.length > 0) await db.insertInto('watch_events').values(rows).execute();
  return stored;
}

/** One pupil's expected figures on book 1191 (pages 1–124) in the demo. */
export interface DemoPupilFigures {
  /** Registration number (the demo names pupils with `demoPupilName(num)`). */
  readonly num: number;
  /** Pages written on (sittings and the past lesson). */
  readonly writtenPages: number;
  /** writtenPages / 124 × 100, one decimal. */
  readonly writtenRatePct: number;
  /** Pages with a content click (the click id's third part). */
  readonly touchedPages: number;
  /** touchedPages / 124 × 100, one decimal. */
  readonly touchedRatePct: number;
  /** Strokes stored. */
  readonly strokes: number;
  /** Content clicks and video watches in the watch log. */
  readonly clicks: number;
  readonly watches: number;
  /** Weekdays of the sittings of the week before the clock's week (the lesson was the day before the clock). */
  readonly sittingWeekdays: readonly ('Mon' | 'Tue' | 'Thu' | 'Sat')[];
}

/**
 * The demo's figures per pupil (pupils 8–30 wrote and clicked nothing: all 0), worked out by
 * hand (see the module notes):
 *
 * | no. | written pages | writing rate % | touched pages | content rate % | strokes | clicks | watches | sittings        |
 * | --- | ------------- | -------------- | ------------- | -------------- | ------- | ------ | ------- | --------------- |
 * | 1   | 13            | 10.5           | 5             | 4.0            | 131     | 5      | 4       | Mon Tue Thu Sat |
 * | 2   | 12            | 9.7            | 4             | 3.2            | 139     | 4      | 2       | Mon Thu Sat     |
 * | 3   | 10            | 8.1            | 2             | 1.6            | 99      | 2      | 2       | Tue Sat         |
 * | 4   | 13            | 10.5           | 4             | 3.2            | 157     | 4      | 3       | Mon Tue Thu     |
 * | 5   | 6             | 4.8            | 2             | 1.6            | 69      | 2      | 2       | Thu Sat         |
 * | 6   | 5             | 4.0            | 0             | 0.0            | 76      | 0      | 0       | Tue             |
 * | 7   | 6             | 4.8            | 1             | 0.8            | 58      | 1      | 1       | Mon Thu Sat     |
 *
 * Units (demo units of `demoUnits.ts`): pupil 1 wrote in units 1, 2, 3 and 4; pupil 5 on page
 * 123, in no unit (the unclassified unit).
 */
export const DEMO_FIGURES: readonly DemoPupilFigures[] = [
  {
    num: 1,
    writtenPages: 13,
    writtenRatePct: 10.5,
    touchedPages: 5,
    touchedRatePct: 4.0,
    strokes: 131,
    clicks: 5,
    watches: 4,
    sittingWeekdays: ['Mon', 'Tue', 'Thu', 'Sat'],
  },
  {
    num: 2,
    writtenPages: 12,
    writtenRatePct: 9.7,
    touchedPages: 4,
    touchedRatePct: 3.2,
    strokes: 139,
    clicks: 4,
    watches: 2,
    sittingWeekdays: ['Mon', 'Thu', 'Sat'],
  },
  {
    num: 3,
    writtenPages: 10,
    writtenRatePct: 8.1,
    touchedPages: 2,
    touchedRatePct: 1.6,
    strokes: 99,
    clicks: 2,
    watches: 2,
    sittingWeekdays: ['Tue', 'Sat'],
  },
  {
    num: 4,
    writtenPages: 13,
    writtenRatePct: 10.5,
    touchedPages: 4,
    touchedRatePct: 3.2,
    strokes: 157,
    clicks: 4,
    watches: 3,
    sittingWeekdays: ['Mon', 'Tue', 'Thu'],
  },
  {
    num: 5,
    writtenPages: 6,
    writtenRatePct: 4.8,
    touchedPages: 2,
    touchedRatePct: 1.6,
    strokes: 69,
    clicks: 2,
    watches: 2,
    sittingWeekdays: ['Thu', 'Sat'],
  },
  {
    num: 6,
    writtenPages: 5,
    writtenRatePct: 4.0,
    touchedPages: 0,
    touchedRatePct: 0,
    strokes: 76,
    clicks: 0,
    watches: 0,
    sittingWeekdays: ['Tue'],
  },
  {
    num: 7,
    writtenPages: 6,
    writtenRatePct: 4.8,
    touchedPages: 1,
    touchedRatePct: 0.8,
    strokes: 58,
    clicks: 1,
    watches: 1,
    sittingWeekdays: ['Mon', 'Thu', 'Sat'],
  },
];
