/**
 * Helpers of the class analytics browser test (math/all, math/categories, math/view, the books
 * drawer): the summary the real server answers for the page's query (read with the page's own
 * token, to compare the screen with), and the chart's marks.
 */
import type { MathSummaryData } from '@dotink/contracts/eduAnalytics';
import type { ClassroomPage } from './classroomPage';
import { apiCall } from './lecturesPage';

/** The summary of the book in the current page's URL query, as the server answers it. */
export async function summaryOfPage(app: ClassroomPage): Promise<MathSummaryData> {
  const q = new URL(app.page.url()).searchParams;
  const query = new URLSearchParams();
  for (const k of [
    'eduClassId',
    'curriculumId',
    'section',
    'owner',
    'book',
    'ncodeStartPage',
    'ncodeEndPage',
  ])
    query.set(k, q.get(k) ?? '');
  query.set('timeZone', await app.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  const answer = await apiCall<MathSummaryData>(app, 'GET', `/edu/v1/math/summary?${query}`);
  if (answer.status !== 200) throw new Error(`summary: ${answer.status} ${answer.message}`);
  return answer.data;
}

/** The bars of a chart (`testId` as given to PupilBars): pupil, series and the value label. */
export async function bars(
  app: ClassroomPage,
  testId: string,
): Promise<{ studentId: string; series: string; value: string }[]> {
  return app.testId(`${testId}-bar`).evaluateAll((els) =>
    els.map((el) => ({
      studentId: el.getAttribute('data-student-id') ?? '',
      series: el.getAttribute('data-series') ?? '',
      value: el.getAttribute('data-value') ?? '',
    })),
  );
}

/** A figure with one decimal, as the screens show them (classroom.md §9). */
export function oneDecimal(x: number): string {
  return (Math.round(x * 10) / 10).toFixed(1);
}

/** True when nothing on the page is wider than the window (a phone layout that works). */
export async function fitsWidth(app: ClassroomPage): Promise<boolean> {
  return app.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

/** Registers a teacher's own material (POD) of `pages` code pages on a lecture (no file: the drawer needs only the record). */
export async function addPodMaterial(
  app: ClassroomPage,
  curriculumId: number,
  title: string,
  pages: number,
): Promise<void> {
  const token = await app.page.evaluate(
    () => (JSON.parse(localStorage.getItem('dotink-classroom.auth')!) as { accessToken: string }).accessToken,
  );
  const codes = (await (
    await fetch(`${app.origin}/edu/v1/paper/ncode?qty=${pages}&width=230&height=317`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { s: number; o: number; b: number; p: number }[];
  const first = codes[0]!;
  const created = await apiCall<{ id: number }>(
    app,
    'POST',
    `/edu/v1/curriculum/${curriculumId}/textbook/pod`,
    {
      title,
      section: first.s,
      owner: first.o,
      book: first.b,
      ncodeStartPage: first.p,
      ncodeEndPage: codes.at(-1)!.p,
    },
  );
  if (created.status !== 200) throw new Error(`POD material: ${created.status} ${created.message}`);
}
