import { mathSummaryData, pupilDetailData } from '@dotink/contracts/eduAnalytics';
import { manualClock } from '@dotink/ncode';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../test/harness';
import { host } from '../../test/inkFixtures';
import { issueAccessToken } from '../../test/oauth';
import { allScopes } from '../identity/scopes';
import { demoWriting } from '../inkstore/demoInk';
import type { DemoSeed } from './demo';
import { DEMO_CLICKS, DEMO_FIGURES, DEMO_SITTINGS, demoAnchorMs, demoStrokesOnPage } from './demoAnalytics';
import { DEMO_UNITS } from './demoUnits';
import { seedDatabase } from './index';

/** The clock of the seeding: Wednesday 2025-04-02 09:00 UTC. */
const NOW = Date.UTC(2025, 3, 2, 9);
const round1 = (x: number) => Math.round(x * 10) / 10;

it('the hand-worked demo figures follow from the seed definitions', () => {
  const lesson = demoWriting(
    Array.from({ length: 6 }, (_, i) => `p${i + 1}`),
    () => 'mac',
    0,
  );
  // The watch log of edu/demoData.ts: pupil i (from 0) of the first five has 3 − (i % 3) clicks
  // and as many watches, on pages 8, 10, 12.
  const eduClicks = (num: number) => (num <= 5 ? 3 - ((num - 1) % 3) : 0);
  for (const f of DEMO_FIGURES) {
    const sittings = DEMO_SITTINGS.filter((s) => s.pupil === f.num);
    const lessonPages = f.num <= 6 ? [10, 11, 12, 13] : [];
    const pages = new Set([...sittings.flatMap((s) => s.pages), ...lessonPages]);
    const strokes =
      sittings.flatMap((s) => s.pages).reduce((n, p) => n + demoStrokesOnPage(p), 0) +
      (f.num <= 6 ? 4 * lesson[f.num - 1]!.strokesPerPage : 0);
    const mine = DEMO_CLICKS.filter((c) => c.pupil === f.num);
    const clickPages = new Set([
      ...mine.filter((c) => c.type !== 'watch').map((c) => c.page),
      ...Array.from({ length: eduClicks(f.num) }, (_, k) => 8 + 2 * k),
    ]);
    const weekdays = [...new Set(sittings.map((s) => s.day))]
      .sort()
      .map((d) => ['Mon', 'Tue', '', 'Thu', '', 'Sat'][d]);
    expect(f).toEqual({
      num: f.num,
      writtenPages: pages.size,
      writtenRatePct: round1((pages.size / 124) * 100),
      touchedPages: clickPages.size,
      touchedRatePct: round1((clickPages.size / 124) * 100),
      strokes,
      clicks: mine.filter((c) => c.type !== 'watch').length + eduClicks(f.num),
      watches: mine.filter((c) => c.type === 'watch').length + eduClicks(f.num),
      sittingWeekdays: weekdays,
    });
  }
  // Four days of the week before, a weekend day among them; four kinds of click.
  expect(new Set(DEMO_SITTINGS.map((s) => s.day))).toEqual(new Set([0, 1, 3, 5]));
  expect(new Set(DEMO_CLICKS.map((c) => c.type))).toEqual(
    new Set(['youtube', 'remedial', 'estimate', 'quiz', 'watch']),
  );
  expect(new Date(demoAnchorMs(NOW)).toISOString()).toBe('2025-03-24T00:00:00.000Z');
  expect(new Date(demoAnchorMs(Date.UTC(2025, 2, 31, 0, 5))).toISOString()).toBe('2025-03-24T00:00:00.000Z');
});

describeEachDatabase('the demo school in the analytics', (kind) => {
  const server = useTestServer(kind, { clock: manualClock(NOW) });
  let seed: DemoSeed;
  let headers: Record<string, string>;
  beforeAll(async () => {
    const app = server().app;
    const seeded = await seedDatabase(app.services.db, { demo: true, clock: app.services.clock });
    if (!seeded) throw new Error('the demo was not seeded');
    seed = seeded;
    headers = {
      host,
      authorization: `Bearer ${await issueAccessToken(app, seed.adminId, allScopes.join(' '))}`,
    };
  }, SETUP_TIMEOUT_MS);
  const q = (extra = '') =>
    `eduClassId=${seed.classId}&section=3&owner=1012&book=1191&ncodeStartPage=1&ncodeEndPage=124&timeZone=Asia%2FSeoul${extra}`;

  it('answers the demo figures: written and touched pages and rates per pupil, the demo units', async () => {
    const res = await server().app.inject({ url: `/edu/v1/math/summary?${q()}`, headers });
    expect(res.statusCode).toBe(200);
    const data = mathSummaryData.parse(res.json().data);
    expect(data.units.map((u) => u.title)).toEqual([...DEMO_UNITS.map((u) => u.title), '']);
    expect(data.pupils).toHaveLength(30);
    for (const f of DEMO_FIGURES) {
      const p = data.pupils.find((x) => x.num === f.num)!;
      expect([f.num, p.analysis.numWrittenPages, p.progress.writtenRatePct]).toEqual([
        f.num,
        f.writtenPages,
        f.writtenRatePct,
      ]);
      expect([f.num, p.analysis.numTouchedPages, p.progress.touchedRatePct]).toEqual([
        f.num,
        f.touchedPages,
        f.touchedRatePct,
      ]);
      expect([f.num, p.watchCount]).toEqual([f.num, f.watches]);
    }
    expect(data.pupils.filter((p) => p.analysis.numWrittenPages > 0)).toHaveLength(7);
  });

  it("answers a pupil's days, weekdays and content clicks", async () => {
    const pupil = seed.studentIds[0]!;
    const res = await server().app.inject({ url: `/edu/v1/math/summary/student/${pupil}?${q()}`, headers });
    expect(res.statusCode).toBe(200);
    const data = pupilDetailData.parse(res.json().data);
    // Four sittings (Mon 24, Tue 25, Thu 27, Sat 29 March) and the lesson the day before the clock.
    expect(data.days.map((d) => d.date)).toEqual([
      '2025-03-24',
      '2025-03-25',
      '2025-03-27',
      '2025-03-29',
      '2025-04-01',
    ]);
    expect(data.clicks).toHaveLength(DEMO_FIGURES[0]!.clicks);
    expect(new Set(data.clicks.map((c) => c.type))).toEqual(new Set(['youtube', 'remedial', 'estimate']));
    const weekdays = data.pupil.weekdayStudyMin.map((m) => m > 0);
    expect(weekdays).toEqual([true, true, false, true, false, true, false]);
  });
});
