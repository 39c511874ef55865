/**
 * The pupil analytics screens (issue 15, classroom.md §2 math/student, math/student_categories,
 * mathStudyCheck) in Chromium against the real server and the demo school: a demo pupil's
 * figures as the server computes them (charts' table alternatives, the unit table), the unit
 * replay with the unit's pages, the calendar drilled from the month to a day's agenda by an
 * event and by a day, the monthly chart's previous / next / current month, the 'choose a
 * student' dialog, the unit selector and 'replay this unit's writing', the study check of a POD
 * material made in the test (live refresh, units editor); screenshots in ko and en at
 * 1280 × 800 and 390 × 844 with axe-core.
 */
import { join } from 'node:path';
import type { PupilDetailData } from '@dotink/contracts/eduAnalytics';
import { decodePageArray } from '@dotink/ncode';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN, screenshotDir } from './support/classroomPage';
import { choosePdf, firstLecture, makePdf, openAddDialog, openTextbookPage } from './support/materialsPage';
import {
  lectureBook,
  type MathBook,
  mathQuery,
  pupilDetailOf,
  pupilsOf,
  waitForFigures,
} from './support/pupilPage';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let app: ClassroomPage;
let book: MathBook;
let pupils: { id: string; num: number; name: string }[];
let detail: PupilDetailData;

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  app = new ClassroomPage(page, server.origin);
  await app.signIn(DEMO_ADMIN);
  book = await lectureBook(app);
  pupils = await pupilsOf(app, book.eduClassId);
  detail = await pupilDetailOf(app, book, pupils[0]!.id);
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

const one = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
const studentPath = (studentId?: string, extra: Record<string, string> = {}) =>
  `/main/math/student?${mathQuery(book, { ...(studentId ? { studentId } : {}), ...extra })}`;
const categoriesPath = (studentId: string, extra: Record<string, string> = {}) =>
  `/main/math/student_categories?${mathQuery(book, { studentId, ...extra })}`;

/** The rows of a chart's table alternative (in the page for screen readers). */
async function chartRows(testId: string): Promise<string[][]> {
  return app
    .testId(testId)
    .locator('.chart-frame-table tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );
}

const calendar = () => app.testId('pupil-calendar');
const calendarShows = async () => ({
  view: await calendar().getAttribute('data-view'),
  start: await calendar().getAttribute('data-start'),
});
const written = () => new Set(detail.pupil.pages.filter((p) => p.strokeCount > 0).map((p) => p.page));
/** A unit pupil 1 did not write in (demo unit 5). */
const silentUnit = () => detail.units.find((u) => !u.pages.some((p: number) => written().has(p)));
const lastDay = () => [...detail.days].sort((a, b) => (a.date < b.date ? -1 : 1)).at(-1);
const shift = (ym: string, delta: number) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  const i = y * 12 + m - 1 + delta;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};

describe('math/student: one demo pupil', () => {
  it('shows the figures the server computed for the pupil', async () => {
    // the demo's documented figures of pupil 1 (apps/server/src/seed/demoAnalytics.ts DEMO_FIGURES)
    expect(detail.pupil.analysis.numWrittenPages).toBe(13);
    expect(detail.pupil.progress.writtenRatePct).toBe(10.5);
    expect(detail.pupil.progress.touchedRatePct).toBe(4);
    expect(detail.days.length).toBeGreaterThan(1);

    await app.goto(studentPath(pupils[0]!.id));
    await waitForFigures(app);
    // the heading names the pupil once the class list is there (it may come after the figures)
    await expect
      .poll(() => page.locator('h1').textContent())
      .toContain(`${pupils[0]!.num}. ${pupils[0]!.name}`);
    // weekday participation, Monday → Sunday in the UI language, the server's minutes
    const weekdays = await chartRows('chart-weekdays');
    expect(weekdays.map((r) => r[0])).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdays.map((r) => r[1])).toEqual(detail.pupil.weekdayStudyMin.map(one));
    // daily participation: 24 hours on the 0–24 axis, ticks every 4 h
    const hours = await chartRows('chart-hours');
    expect(hours).toHaveLength(24);
    expect(hours.map((r) => r[1])).toEqual(detail.pupil.hourStudyMin.map(one));
    // (recharts 3 draws tick labels in a layer of their own: the hour ones are those ending in h)
    const ticks = async () =>
      (
        await app.testId('chart-hours').locator('.recharts-cartesian-axis-tick-value').allTextContents()
      ).filter((s) => s.endsWith('h'));
    await expect.poll(ticks).toEqual(['0h', '4h', '8h', '12h', '16h', '20h', '24h']);
    // overall writing rate: this pupil and the class
    const overall = await chartRows('chart-overall');
    expect(overall[0]).toEqual(['This student', '10.5', '4.0']);
    expect(overall[1]?.[1]).toBe(one(detail.average.progress.writtenRatePct));
    // the unit table: the first unit holds pages 10–13
    const first = detail.units[0]!;
    const row = app.testId('category-table').locator(`tr[data-unit="${first.index}"]`);
    const cells = await row.locator('td').allTextContents();
    const figures = detail.pupil.units.find((u) => u.index === first.index)!;
    expect(cells.slice(0, 4)).toEqual([
      String(first.numPages),
      String(figures.analysis.numWrittenPages),
      one(figures.progress.writtenRatePct),
      one(figures.progress.touchedRatePct),
    ]);
    // pupil 1 wrote pages 5–7 and, in the lesson, 10–13 of demo unit 1 (pages 5–26)
    expect(first.title).toBe('Demo unit 1: Numbers up to 1000');
    expect(figures.analysis.numWrittenPages).toBe(7);
    // the activity table lists every study block
    expect(await app.testId('activity-table').locator('tbody tr').count()).toBe(
      Math.min(10, detail.blocks.length),
    );
    expect(app.errors).toEqual([]);
  }, 120_000);

  it("replays a unit's writing with the unit's pages", async () => {
    const first = detail.units[0]!;
    const link = app
      .testId('category-table')
      .locator(`tr[data-unit="${first.index}"]`)
      .getByTestId('unit-replay');
    const href = (await link.getAttribute('href'))!;
    const q = new URL(href, server.origin).searchParams;
    expect(q.get('studentId')).toBe(pupils[0]!.id);
    expect(decodePageArray(q.get('pages')!).map((p) => p.page)).toEqual(first.pages);
    // a unit the pupil did not write in has no replay
    const silent = silentUnit()!;
    expect(
      await app
        .testId('category-table')
        .locator(`tr[data-unit="${silent.index}"]`)
        .getByTestId('unit-replay')
        .count(),
    ).toBe(0);
    await link.click();
    await page.waitForURL(/\/main\/replay\?/);
    await page.locator('[data-testid=replay-screen][data-loading=false]').waitFor({ timeout: 30_000 });
    const pagesWritten = first.pages.filter((p: number) => written().has(p)).length;
    expect(pagesWritten).toBe(7);
    await expect
      .poll(() => page.getByTestId('replay-thumbnails').getByRole('button').count())
      .toBe(pagesWritten);
  }, 120_000);

  it('drills the calendar from the month to a day by an event and by a day', async () => {
    await app.goto(studentPath(pupils[0]!.id));
    await waitForFigures(app);
    const day = lastDay()!;
    expect(await calendarShows()).toEqual({ view: 'dayGridMonth', start: `${day.date.slice(0, 7)}-01` });
    const title = `${one(day.durationMs / 60_000)} min · ${day.numPages} pages`;
    await calendar().getByText(title).first().click();
    await expect.poll(calendarShows).toEqual({ view: 'listDay', start: day.date });
    expect(await calendar().textContent()).toContain(title);
    // previous / next / today in the agenda
    await calendar().getByLabel('Month', { exact: true }).click();
    await expect.poll(calendarShows).toEqual({ view: 'dayGridMonth', start: `${day.date.slice(0, 7)}-01` });
    // a day without study: its agenda says so
    const studyDates = new Set(detail.days.map((d) => d.date));
    const empty = Array.from(
      { length: 28 },
      (_, i) => `${day.date.slice(0, 7)}-${String(i + 1).padStart(2, '0')}`,
    ).find((d) => !studyDates.has(d))!;
    await calendar().locator(`[data-date="${empty}"]`).first().click();
    await expect.poll(calendarShows).toEqual({ view: 'listDay', start: empty });
    expect(await calendar().textContent()).toContain('There is no activity yet.');
    await calendar().getByLabel('Month', { exact: true }).click();
    await calendar().getByLabel(/^Next/).click();
    await expect
      .poll(calendarShows)
      .toEqual({ view: 'dayGridMonth', start: `${shift(day.date.slice(0, 7), 1)}-01` });
    await calendar()
      .getByLabel(/^Previous/)
      .click();
    await calendar()
      .getByLabel(/^Previous/)
      .click();
    await expect
      .poll(calendarShows)
      .toEqual({ view: 'dayGridMonth', start: `${shift(day.date.slice(0, 7), -1)}-01` });
  }, 120_000);

  it('moves the monthly chart to the previous, next and current month', async () => {
    const monthly = app.testId('monthly');
    const month = lastDay()!.date.slice(0, 7);
    expect(await monthly.getAttribute('data-month')).toBe(month);
    const minutesOf = async () => (await chartRows('chart-monthly')).map((r) => r[1]);
    const shown = await minutesOf();
    const total = detail.days.filter((d) => d.date.startsWith(month)).reduce((s, d) => s + d.durationMs, 0);
    expect(shown.reduce((s, m) => s + Number(m), 0)).toBeCloseTo(total / 60_000, 0);
    await app.testId('month-prev').click();
    expect(await monthly.getAttribute('data-month')).toBe(shift(month, -1));
    await app.testId('month-next').click();
    await app.testId('month-next').click();
    expect(await monthly.getAttribute('data-month')).toBe(shift(month, 1));
    await app.testId('month-current').click();
    const now = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    });
    expect(await monthly.getAttribute('data-month')).toBe(now);
  }, 60_000);

  it('switches pupil with the selector', async () => {
    await app.testId('pupil-select').selectOption(pupils[1]!.id);
    await page
      .locator(`[data-testid=pupil-figures][data-student="${pupils[1]!.id}"]`)
      .waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('studentId')).toBe(pupils[1]!.id);
  }, 60_000);

  it("asks to 'choose a student' when none is chosen and offers the selection", async () => {
    await app.goto(studentPath());
    const dialog = app.testId('choose-student');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('choose a student');
    await app.testId('go-select').click();
    await page.waitForURL(/\/main\/math\/view\?/);
    const q = new URL(page.url()).searchParams;
    expect(q.get('book')).toBe(String(book.book));
    expect(q.get('eduClassId')).toBe(String(book.eduClassId));
    expect(q.get('studentId')).toBeNull();
    // a pupil who is not in the class
    await app.goto(studentPath('not-a-pupil'), 'ko');
    expect(await app.testId('pupil-unknown').textContent()).toBe('이 학급에 없는 학생입니다.');
  }, 60_000);
});

describe('math/student_categories', () => {
  it("opens the first unit, and offers 'replay this unit's writing' only where the pupil wrote", async () => {
    await app.goto(categoriesPath(pupils[0]!.id));
    await waitForFigures(app, 'unit-figures');
    const first = detail.units[0]!;
    expect(await app.testId('unit-figures').getAttribute('data-unit')).toBe(String(first.index));
    const rates = await chartRows('chart-unit-rates');
    const figures = detail.pupil.units.find((u) => u.index === first.index)!;
    expect(rates[0]?.[1]).toBe(one(figures.progress.writtenRatePct));
    expect(await app.testId('replay-unit').textContent()).toBe("replay this unit's writing");

    const silent = silentUnit()!;
    await app.testId('unit-select').selectOption(String(silent.index));
    await page.locator(`[data-testid=unit-figures][data-unit="${silent.index}"]`).waitFor();
    expect(new URL(page.url()).searchParams.get('category')).toBe(String(silent.index));
    expect(await app.testId('replay-unit').count()).toBe(0);
    expect(await app.testId('no-unit-writing').isVisible()).toBe(true);

    await app.testId('unit-select').selectOption(String(first.index));
    await app.testId('replay-unit').click();
    await page.waitForURL(/\/main\/replay\?/);
    expect(decodePageArray(new URL(page.url()).searchParams.get('pages')!).map((p) => p.page)).toEqual(
      first.pages,
    );
    await page.locator('[data-testid=replay-screen][data-loading=false]').waitFor({ timeout: 30_000 });
  }, 120_000);
});

describe('mathStudyCheck: a POD material', () => {
  let pod: MathBook;

  it('lists each pupil with written pages, rate, last writing and page states, and refreshes itself every 30 s', async () => {
    await openTextbookPage(app, await firstLecture(app));
    await openAddDialog(app, 'POD');
    await app.testId('material-name').fill('Check sheet');
    await choosePdf(app, 'check.pdf', await makePdf(3));
    await app.testId('material-submit').click();
    await app.testId('material-dialog').waitFor({ state: 'detached', timeout: 30_000 });
    pod = await lectureBook(app, 'pod');

    await page.clock.install();
    await app.goto(`/main/mathStudyCheck?${mathQuery(pod)}`);
    const table = app.testId('math-study-table');
    await table.locator('tbody tr').first().waitFor({ timeout: 30_000 });
    expect(await table.locator('tbody tr').count()).toBe(Math.min(25, pupils.length));
    expect(await table.getByTestId('written-pages').first().textContent()).toBe('0 / 3');
    expect(await table.getByTestId('page-states').first().locator('li').count()).toBe(3);
    const updated = app.testId('updated-at');
    const before = Number(await updated.getAttribute('data-ms'));
    await page.clock.runFor(31_000);
    await expect
      .poll(async () => Number(await updated.getAttribute('data-ms')), { timeout: 10_000 })
      .toBeGreaterThan(before);
    expect(await updated.textContent()).toMatch(/^updated at /);
  }, 120_000);

  it('edits the units of the material, with messages for bad rows', async () => {
    await app.goto(`/main/mathStudyCheck?${mathQuery(pod)}`);
    await app.testId('units-edit').click();
    const dialog = app.testId('units-dialog');
    await dialog.waitFor();
    await app.testId('unit-add').click();
    await app.testId('unit-end').last().fill('9');
    await app.testId('units-save').click();
    expect(await app.testId('unit-error').last().textContent()).toBe(
      'Enter a title. The end page must be between 1 and 3.',
    );
    await app.testId('unit-title').last().fill('Fractions');
    await app.testId('unit-end').last().fill('2');
    await app.testId('unit-add').click();
    await app.testId('unit-title').last().fill('Decimals');
    await app.testId('units-save').click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await expect
      .poll(() => app.testId('units-list').locator('li').allTextContents())
      .toEqual(['Fractions (1–2)', 'Decimals (3)']);
  }, 120_000);
});

describe('screenshots and axe-core', () => {
  const check = async (testId: string) => {
    await app.testId(testId).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    const violations = await app.seriousViolations();
    expect(violations, violations.join('\n')).toEqual([]);
  };

  /** The page does not scroll sideways on a phone (390 px) or a tablet (768 px); wide tables scroll in their frame. */
  const fitsNarrowScreens = async (name: string) => {
    for (const [w, h] of [
      [768, 1024],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${w} px`).toBeLessThanOrEqual(0);
      if (w === 768) await page.screenshot({ path: join(screenshotDir, `${name}-en-768x1024.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  it('math/student', async () => {
    await app.goto(studentPath(pupils[0]!.id));
    await app.shots('mathStudent', () => check('pupil-figures'));
    await fitsNarrowScreens('mathStudent');
  }, 180_000);

  it("math/student's 'choose a student' dialog", async () => {
    await app.goto(studentPath());
    await app.shots('mathStudentChoose', () => check('choose-student'));
    await fitsNarrowScreens('mathStudentChoose');
  }, 180_000);

  it('math/student_categories', async () => {
    await app.goto(categoriesPath(pupils[0]!.id));
    await app.shots('mathStudentCategories', () => check('unit-figures'));
    await fitsNarrowScreens('mathStudentCategories');
  }, 180_000);

  it('mathStudyCheck', async () => {
    const pod = await lectureBook(app, 'pod');
    await app.goto(`/main/mathStudyCheck?${mathQuery(pod)}`);
    await app.shots('mathStudyCheck', () => check('math-study-table'));
    await fitsNarrowScreens('mathStudyCheck');
  }, 180_000);
});
