/**
 * The class analytics screens (issue 15, classroom.md §2 math/all, math/categories, math/view and
 * the books drawer) in Chromium against the real server and the demo school, no mocked API: the
 * lecture card's and the top bar's 'check learning results' open math/all of the demo textbook;
 * its bars, averages and above/below lists agree with the server's summary and with the demo
 * figures the seed documents; a click on a bar or a name opens math/student of that pupil; the
 * Details tables; math/categories with its unit filter and a bar opening the pupil's by-unit page;
 * math/view with its links; the drawer's items and highlight; phone and tablet layouts that fit.
 * Screenshots in ko and en at 1280 × 800 and 390 × 844 and axe-core on each screen.
 */
import type { MathSummaryData } from '@dotink/contracts/eduAnalytics';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { addPodMaterial, bars, fitsWidth, oneDecimal, summaryOfPage } from './support/analyticsClassPage';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import { card } from './support/lecturesPage';

let server: RealServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const DEMO_LECTURE = '3학년 1반 수학';
/**
 * The demo figures of pupils 1–7 as the seed documents them (apps/server/src/seed/demoAnalytics.ts,
 * DEMO_FIGURES, worked out by hand): registration number, writing rate %, content rate %, watches.
 * Pupils 8–30 wrote, tapped and watched nothing.
 */
const DEMO_FIGURES: readonly (readonly [number, string, string, number])[] = [
  [1, '10.5', '4.0', 4],
  [2, '9.7', '3.2', 2],
  [3, '8.1', '1.6', 2],
  [4, '10.5', '3.2', 3],
  [5, '4.8', '1.6', 2],
  [6, '4.0', '0.0', 0],
  [7, '4.8', '0.8', 1],
];

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function signedIn(): Promise<ClassroomPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const app = new ClassroomPage(await context.newPage(), server.origin);
  await app.signIn(DEMO_ADMIN);
  await app.testId('curriculum-card').first().waitFor();
  return app;
}

/** From the class list, the demo lecture's 'check learning results' → math/all. */
async function openMathAll(app: ClassroomPage): Promise<MathSummaryData> {
  await card(app, DEMO_LECTURE).getByRole('button', { name: 'check learning results' }).click();
  await app.page.waitForURL(/\/main\/math\/all\?/);
  await app.testId('math-all-rates').waitFor();
  return summaryOfPage(app);
}

async function expectAccessible(app: ClassroomPage): Promise<void> {
  expect(await app.seriousViolations()).toEqual([]);
}

const nameOf = (data: MathSummaryData, id: string) => data.pupils.find((p) => p.studentId === id)?.name;

describe('classroom: the class analytics screens', () => {
  it('math/all: the demo figures, the bars, the averages and lists, Details, a click to the pupil', async () => {
    const app = await signedIn();
    const data = await openMathAll(app);
    const q = new URL(app.page.url()).searchParams;
    expect([q.get('section'), q.get('owner'), q.get('book')]).toEqual(['3', '1012', '1191']);
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toContain('whole textbook');
    expect(await app.testId('math-textbook-title').textContent()).toBe(q.get('textbookTitle'));

    expect(data.pupils).toHaveLength(30);
    const writers = data.pupils.filter((p) => p.progress.writtenRatePct > 0);

    // one name per pupil on the axis, 30 px a pupil; the bars carry the server's rates, one decimal
    await app.testId('math-all-bar').first().waitFor();
    expect(await app.testId('math-all-name').count()).toBe(30);
    const drawn = await bars(app, 'math-all');
    for (const p of writers)
      expect(drawn, p.name).toContainEqual({
        studentId: p.studentId,
        series: 'written',
        value: oneDecimal(p.progress.writtenRatePct),
      });
    // the seed's documented demo figures: bars of pupils 1–7 only, with their rates
    const idOf = (num: number) => data.pupils.find((p) => p.num === num)!.studentId;
    const expected = DEMO_FIGURES.flatMap(([num, written, touched]) => [
      { studentId: idOf(num), series: 'written', value: written },
      ...(touched === '0.0' ? [] : [{ studentId: idOf(num), series: 'touched', value: touched }]),
    ]);
    const key = (b: { studentId: string; series: string; value: string }) =>
      `${b.series} ${b.studentId} ${b.value}`;
    expect(
      drawn
        .filter((b) => Number(b.value) > 0)
        .map(key)
        .sort(),
    ).toEqual(expected.map(key).sort());
    const ticks = await app.page
      .locator('[data-testid=math-all-rates] .recharts-wrapper .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(ticks).toEqual(['0', '10', '20', '30', '40', '50', '60', '70', '80', '90', '100']);
    const svgHeight = await app.page
      .locator('[data-testid=math-all-rates] .recharts-wrapper > svg')
      .first()
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(svgHeight).toBeGreaterThanOrEqual(30 * 30);

    // the class averages and the above/below lists of the server's split
    expect(await app.testId('average-writing').textContent()).toBe(
      `${oneDecimal(data.average.progress.writtenRatePct)} %`,
    );
    expect(await app.testId('average-content').textContent()).toBe(
      `${oneDecimal(data.average.progress.touchedRatePct)} %`,
    );
    const above = await app.testId('above-average').locator('a').allTextContents();
    expect(above).toEqual(data.split.above.map((id) => nameOf(data, id)));
    expect(above.length).toBeGreaterThan(0);

    // Details builds each table: page labels of §5 (blank for the first two), units with 'unclassified unit'
    expect(await app.testId('page-table').count()).toBe(0);
    await app.testId('page-status-details').click();
    await app.testId('page-table-page-size').selectOption('-1');
    const pageRows = app.testId('page-table-row');
    expect(await pageRows.count()).toBe(data.pages.length);
    const firstLabels = await pageRows.evaluateAll((trs) =>
      trs.slice(0, 3).map((tr) => tr.querySelector('td')?.textContent ?? ''),
    );
    expect(firstLabels).toEqual(['', '', '1 page']);
    await app.testId('unit-status-details').click();
    const unitTitles = await app
      .testId('unit-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent ?? ''));
    expect(unitTitles.length).toBeGreaterThan(1);
    if (data.units.some((u) => u.index === -1)) expect(unitTitles.at(-1)).toBe('unclassified unit');
    await expectAccessible(app);

    // a click on a bar opens math/student of that pupil, and so does a click on a name
    const first = writers[0]!;
    await app.page
      .locator(`[data-testid=math-all-bar][data-student-id="${first.studentId}"][data-series=written]`)
      .click();
    await app.page.waitForURL(/\/main\/math\/student\?/);
    expect(new URL(app.page.url()).searchParams.get('studentId')).toBe(first.studentId);
    await app.page.goBack();
    await app.testId('math-all-name').first().waitFor();
    const last = data.pupils.at(-1)!;
    await app.page.locator(`[data-testid=math-all-name][data-student-id="${last.studentId}"]`).click();
    await app.page.waitForURL(/\/main\/math\/student\?/);
    expect(new URL(app.page.url()).searchParams.get('studentId')).toBe(last.studentId);
    await app.page.goBack();
    // a name in the above-average list too
    await app.testId('above-average').locator('a').first().click();
    await app.page.waitForURL(/\/main\/math\/student\?/);
    expect(new URL(app.page.url()).searchParams.get('studentId')).toBe(data.split.above[0]);
    await app.page.goBack();

    await app.shots('analytics-mathAll', () => app.testId('math-all-bar').first().waitFor());
    expect(app.errors).toEqual([]);
  }, 240_000);

  it('math/categories: the unit filter, a chart per unit, a click to the pupil’s by-unit page', async () => {
    const app = await signedIn();
    const data = await openMathAll(app);
    await app.testId('drawer-categories').first().click();
    await app.page.waitForURL(/\/main\/math\/categories\?/);
    const filter = app.testId('unit-filter');
    await filter.waitFor();
    const options = await filter.locator('option').allTextContents();
    expect(options[0]).toBe('all units');
    const topLevel = data.units.length;
    expect(await app.testId('unit-chart').count()).toBe(topLevel);
    await expectAccessible(app);
    await app.shots('analytics-mathCategories', () => filter.waitFor());

    // one unit: its chart alone, 0–100 %; a bar opens math/student_categories at that unit
    const unit = data.units.find((u) =>
      data.pupils.some((p) => p.units.some((x) => x.index === u.index && x.progress.writtenRatePct > 0)),
    )!;
    await filter.selectOption(String(unit.index));
    await expect.poll(() => app.testId('unit-chart').count()).toBe(1);
    expect(new URL(app.page.url()).searchParams.get('category')).toBe(String(unit.index));
    const ticks = await app.page
      .locator('[data-testid=unit-chart] .recharts-wrapper .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(ticks.at(-1)).toBe('100');
    const pupil = data.pupils.find((p) =>
      p.units.some((x) => x.index === unit.index && x.progress.writtenRatePct > 0),
    )!;
    const figure = pupil.units.find((x) => x.index === unit.index)!;
    expect(await bars(app, `unit-${unit.index}`)).toContainEqual({
      studentId: pupil.studentId,
      series: 'written',
      value: oneDecimal(figure.progress.writtenRatePct),
    });
    await app.page
      .locator(
        `[data-testid="unit-${unit.index}-bar"][data-student-id="${pupil.studentId}"][data-series=written]`,
      )
      .click();
    await app.page.waitForURL(/\/main\/math\/student_categories\?/);
    const to = new URL(app.page.url()).searchParams;
    expect([to.get('studentId'), to.get('category')]).toEqual([pupil.studentId, String(unit.index)]);
    expect(app.errors).toEqual([]);
  }, 240_000);

  it('math/view: the pupil list with watches and writing times, links to the details', async () => {
    const app = await signedIn();
    const data = await openMathAll(app);
    await app.testId('drawer-view').first().click();
    await app.page.waitForURL(/\/main\/math\/view\?/);
    const rows = app.testId('pupil-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(30);
    const headers = await app.page.locator('[data-testid=pupil-table] th').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼]/g, '').trim())).toEqual([
      'registration number',
      'student name',
      'last watch',
      'watch count',
      'last writing time',
      'details',
    ]);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(0, 5)
          .map((td) => td.textContent ?? ''),
      ),
    );
    for (const [i, p] of data.pupils.entries()) {
      expect(cells[i]![0]).toBe(String(p.num));
      expect(cells[i]![1]).toBe(p.name);
      expect(cells[i]![3]).toBe(String(p.watchCount));
      if (p.lastWritingTimeMs === null) expect(cells[i]![4]).toBe('(none)');
      else expect(cells[i]![4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
    // the seed's documented watches of pupils 1–7, none for the others
    const watches = new Map(DEMO_FIGURES.map(([num, , , w]) => [String(num), String(w)]));
    for (const row of cells) expect(row[3], `pupil ${row[0]}`).toBe(watches.get(row[0]!) ?? '0');
    await expectAccessible(app);
    await app.shots('analytics-mathView', () => rows.first().waitFor());

    await rows.nth(1).getByTestId('to-student-units').click();
    await app.page.waitForURL(/\/main\/math\/student_categories\?/);
    expect(new URL(app.page.url()).searchParams.get('studentId')).toBe(data.pupils[1]!.studentId);
    await app.page.goBack();
    await rows.nth(1).getByTestId('to-student').click();
    await app.page.waitForURL(/\/main\/math\/student\?/);
    expect(new URL(app.page.url()).searchParams.get('studentId')).toBe(data.pupils[1]!.studentId);
  }, 240_000);

  it('the books drawer and the top bar: items, the current one marked, the pupil kept, phone and tablet', async () => {
    const app = await signedIn();
    await openMathAll(app);
    const drawer = app.testId('books-drawer');
    const book = drawer.getByTestId('drawer-book').first();
    expect(await book.getByRole('link').allTextContents()).toEqual(['All', 'By unit', 'By student']);
    expect(await book.getByTestId('drawer-all').getAttribute('aria-current')).toBe('page');
    await book.getByTestId('drawer-view').click();
    await app.page.waitForURL(/\/main\/math\/view\?/);
    await expect.poll(() => book.getByTestId('drawer-view').getAttribute('aria-current')).toBe('page');
    expect(await book.getByTestId('drawer-all').getAttribute('aria-current')).toBeNull();
    // a pupil chosen: the pupil pages belong to 'By student', and the drawer's links carry the pupil
    await app.testId('to-student').first().click();
    await app.page.waitForURL(/\/main\/math\/student\?/);
    const studentId = new URL(app.page.url()).searchParams.get('studentId');
    const allHref = () => book.getByTestId('drawer-all').getAttribute('href');
    await expect
      .poll(async () => new URL((await allHref())!, server.origin).searchParams.get('studentId'))
      .toBe(studentId);
    expect(await book.getByTestId('drawer-view').getAttribute('aria-current')).toBe('page');
    // a teacher's own material (POD) opens its study check, marked there
    await addPodMaterial(
      app,
      Number(new URL(app.page.url()).searchParams.get('curriculumId')),
      'E2E 학습지',
      2,
    );
    await app.page.reload();
    const pod = drawer.getByTestId('drawer-study-check');
    expect(await pod.textContent()).toBe('E2E 학습지');
    await pod.click();
    await app.page.waitForURL(/\/main\/mathStudyCheck\?/);
    expect(new URL(app.page.url()).searchParams.get('textbookTitle')).toBe('E2E 학습지');
    await expect.poll(() => pod.getAttribute('aria-current')).toBe('page');
    expect(await drawer.locator('[aria-current=page]').count()).toBe(1);
    await app.page.goBack();
    // the menu toggle closes and opens it
    await app.testId('menu-toggle').click();
    await drawer.waitFor({ state: 'detached' });
    await app.testId('menu-toggle').click();
    await drawer.waitFor();

    // the top bar's lecture menu: 'check learning results' opens math/all too
    await app.goto('/main/curriculum');
    await card(app, DEMO_LECTURE).getByRole('button', { name: 'live lesson' }).click();
    // 'live lesson' opens the live screen; its link leads to the lecture's lessons
    await app.page.waitForURL((u) => u.pathname === '/main/live' && u.searchParams.has('courseId'));
    await app.testId('live-lessons').click();
    await app.page.waitForURL(/\/main\/course\?/);
    await app.testId('lecture-menu').click();
    await app.page.getByRole('menuitem', { name: 'check learning results' }).click();
    await app.page.waitForURL(/\/main\/math\/all\?/);
    await app.testId('math-all-bar').first().waitFor();

    // phone and tablet: the chart shrinks to the window, tables scroll inside their frame
    for (const width of [390, 768]) {
      await app.page.setViewportSize({ width, height: 844 });
      await expect.poll(() => fitsWidth(app), { message: `math/all at ${width} px` }).toBe(true);
      const svg = await app.page
        .locator('[data-testid=math-all-rates] .recharts-wrapper > svg')
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
      expect(svg).toBeLessThanOrEqual(width);
    }
    expect(app.errors).toEqual([]);
  }, 240_000);
});
