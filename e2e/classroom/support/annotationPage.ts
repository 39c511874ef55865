/**
 * Helpers of the annotation browser test: the simulated pen behind the Web Bluetooth stand-in
 * (the board tests' page script, `e2e/board/page/simulatedPens.ts`, installed before the app
 * loads), and calls to the real server with the signed-in teacher's token.
 */
import type { Page } from 'playwright-core';
import type { SimStroke } from '../../board/page/simulatedPens';
import type { ClassroomPage } from './classroomPage';

export { simulatedPensScript } from '../../board/support/buildBoard';
export type { SimStroke };

const TOKENS_KEY = 'dotink-classroom.auth';

/** GET `path` on the server with the teacher's stored access token; the JSON answer. */
export async function teacherGet<T>(app: ClassroomPage, path: string): Promise<T> {
  return app.page.evaluate(
    async ({ path, key }) => {
      const tokens = JSON.parse(localStorage.getItem(key) ?? '{}') as { accessToken?: string };
      const res = await fetch(path, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    },
    { path, key: TOKENS_KEY },
  );
}

/** Puts a new simulated pen (locked with `password`) behind the Bluetooth chooser. */
export async function installPen(page: Page, options: { password?: string; mac?: string } = {}) {
  await page.evaluate(
    (o) => (window as unknown as { dotinkSim: { install(o: unknown): void } }).dotinkSim.install(o),
    options,
  );
}

/** The simulated pen writes `strokes` and lifts. */
export async function penWrite(page: Page, strokes: readonly SimStroke[]): Promise<void> {
  await page.evaluate(
    (s) => (window as unknown as { dotinkSim: { play(s: unknown): Promise<void> } }).dotinkSim.play(s),
    strokes,
  );
}

/** Connects the installed pen through the bar's button, answering its password. */
export async function connectPen(app: ClassroomPage, password: string): Promise<void> {
  await app.testId('connect-pen').click();
  await app.testId('pen-password-dialog').waitFor();
  await app.testId('pen-password').fill(password);
  await app.testId('pen-password-ok').click();
  await app.page.waitForFunction(
    () => (document.querySelector('[data-testid="pen-count"]')?.textContent ?? '').includes('1'),
    undefined,
    { timeout: 15_000 },
  );
}

/** A stroke of the search answer's page data (the fields the test reads). */
export interface SearchedStroke {
  readonly writeId: string;
  readonly startTime: number;
  readonly dotCount: number;
}

/** The strokes `GET /admin/v1/inkstore/search/{studentId}` answers for one page, every answer page. */
export async function searchedStrokes(
  app: ClassroomPage,
  studentId: string,
  page: { section: number; owner: number; book: number; page: number },
): Promise<SearchedStroke[]> {
  const strokes: SearchedStroke[] = [];
  let pointer: string | null = null;
  do {
    const q = new URLSearchParams({
      section: String(page.section),
      owner: String(page.owner),
      bookCode: String(page.book),
      pageNumber: String(page.page),
    });
    if (pointer) q.set('dataPointer', pointer);
    const answer: {
      data: { resultElements: { data: string }[]; hasMore: boolean; nextDataPointer: string | null };
    } = await teacherGet(app, `/admin/v1/inkstore/search/${encodeURIComponent(studentId)}?${q}`);
    for (const e of answer.data.resultElements) {
      const json = JSON.parse(Buffer.from(e.data, 'base64').toString('utf8')) as {
        page?: { pageNumber: number; strokes: SearchedStroke[] };
        pageNumber?: number;
        strokes?: SearchedStroke[];
      };
      const p = json.page ?? { pageNumber: json.pageNumber ?? -1, strokes: json.strokes ?? [] };
      if (p.pageNumber === page.page) strokes.push(...p.strokes);
    }
    pointer = answer.data.hasMore ? answer.data.nextDataPointer : null;
  } while (pointer);
  return strokes;
}

/**
 * Pixels of the page view's completed layer drawn in about `rgb` (the other writers' colour):
 * the teacher's strokes over the pupil's page.
 */
export async function pixelsOfColour(page: Page, rgb: readonly [number, number, number]): Promise<number> {
  return page.evaluate((rgb) => {
    const canvas = document.querySelector<HTMLCanvasElement>(
      '[data-testid="page-view"] canvas[data-layer="completed"]',
    );
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || canvas.width === 0) return 0;
    const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const near =
        Math.abs(d[i]! - rgb[0]) < 40 &&
        Math.abs(d[i + 1]! - rgb[1]) < 40 &&
        Math.abs(d[i + 2]! - rgb[2]) < 40;
      if (near && d[i + 3]! > 200) n++;
    }
    return n;
  }, rgb);
}
