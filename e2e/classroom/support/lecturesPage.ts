/**
 * Helpers of the lectures browser test (curriculum cards, course dialog, lessons, study check):
 * calls of the real API with the page's own token, and the locators of cards and lesson rows.
 */
import type { Locator } from 'playwright-core';
import type { ClassroomPage } from './classroomPage';

const TOKENS_KEY = 'dotink-classroom.auth';

/** Calls the server's API with the signed-in page's access token; answers the envelope's data. */
export async function apiCall<T>(
  app: ClassroomPage,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T; message: string }> {
  const token = (
    JSON.parse((await app.page.evaluate((k) => localStorage.getItem(k), TOKENS_KEY))!) as {
      accessToken: string;
    }
  ).accessToken;
  const res = await fetch(`${app.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { data: T; message: string };
  return { status: res.status, data: json.data, message: json.message };
}

/** The course card titled `title`. */
export function card(app: ClassroomPage, title: string): Locator {
  return app
    .testId('curriculum-card')
    .filter({ has: app.page.getByRole('heading', { name: title, exact: true }) });
}

/** Opens the card menu of `title` and picks 'edit course' or 'delete course'. */
export async function cardMenu(app: ClassroomPage, title: string, item: 'edit' | 'delete'): Promise<void> {
  await card(app, title).getByTestId('card-menu').click();
  await app.testId(`card-${item}`).click();
}

/** Fills and confirms the course dialog. */
export async function fillCourse(
  app: ClassroomPage,
  f: { readonly className?: string; readonly title: string; readonly description?: string },
): Promise<void> {
  if (f.className) await app.testId('course-class').selectOption({ label: f.className });
  await app.testId('course-title').fill(f.title);
  if (f.description !== undefined) await app.testId('course-description').fill(f.description);
  await app.testId('course-submit').click();
}

/** The lessons table's row of the lesson named `name`. */
export function lessonRow(app: ClassroomPage, name: string): Locator {
  return app.testId('lessons-table-row').filter({ hasText: name });
}

/** The state (LessonTimeState) and the text of a lesson row's status. */
export async function lessonState(row: Locator): Promise<{ state: string | null; text: string | null }> {
  const cell = row.getByTestId('lesson-state');
  return { state: await cell.getAttribute('data-state'), text: await cell.textContent() };
}

/** Fills and confirms the lesson dialog. */
export async function fillLesson(
  app: ClassroomPage,
  f: {
    readonly date?: string;
    readonly start?: string;
    readonly hours?: number;
    readonly name: string;
    readonly memo?: string;
  },
): Promise<void> {
  if (f.date) await app.testId('lesson-date').fill(f.date);
  if (f.start) await app.testId('lesson-start').selectOption(f.start);
  if (f.hours) await app.testId('lesson-hours').selectOption(String(f.hours));
  await app.testId('lesson-name').fill(f.name);
  if (f.memo !== undefined) await app.testId('lesson-memo').fill(f.memo);
  await app.testId('lesson-submit').click();
}

/** Local date (YYYY-MM-DD) and time (HH:mm) of an instant, as the lesson dialog takes them. */
export function localParts(ms: number): { date: string; time: string } {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`,
    time: `${p(d.getHours())}:${p(d.getMinutes())}`,
  };
}
