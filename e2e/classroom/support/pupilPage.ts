/**
 * Page-object helpers of the pupil analytics screens (math/student, math/student_categories,
 * mathStudyCheck): the demo lecture's book and pupils (found through the API as the signed-in
 * teacher), the math query of a book, and the server's own answer for a pupil.
 */
import type { PupilDetailData } from '@dotink/contracts/eduAnalytics';
import type { ClassroomPage } from './classroomPage';
import { apiCall, firstLecture, materialsOf } from './materialsPage';

/** A material of a lecture as the math/* query names it. */
export interface MathBook {
  readonly curriculumId: number;
  readonly eduClassId: number;
  readonly textbookId: number;
  readonly title: string;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly ncodeStartPage: number;
  readonly ncodeEndPage: number;
}

/** The math/* query of a book (and a pupil). */
export function mathQuery(b: MathBook, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    section: String(b.section),
    owner: String(b.owner),
    book: String(b.book),
    ncodeStartPage: String(b.ncodeStartPage),
    ncodeEndPage: String(b.ncodeEndPage),
    curriculumId: String(b.curriculumId),
    eduClassId: String(b.eduClassId),
    textbookTitle: b.title,
    ...extra,
  }).toString();
}

/** The first lecture's material on `book` (the demo grade-3 book 1191 by default), or the last POD one. */
export async function lectureBook(
  app: ClassroomPage,
  pick: 'regular' | 'pod' = 'regular',
): Promise<MathBook> {
  const lecture = await firstLecture(app);
  const books = await materialsOf(app, lecture.id);
  const b =
    pick === 'regular' ? books.find((x) => x.book === 1191) : books.filter((x) => x.type === 'POD').at(-1);
  if (!b) throw new Error(`the demo lecture has no ${pick} material`);
  return {
    curriculumId: lecture.id,
    eduClassId: lecture.eduClassId,
    textbookId: b.id,
    title: b.title,
    section: b.section,
    owner: b.owner,
    book: b.book,
    ncodeStartPage: b.ncodeStartPage,
    ncodeEndPage: b.ncodeEndPage,
  };
}

/** The class's pupils by registration number. */
export async function pupilsOf(
  app: ClassroomPage,
  eduClassId: number,
): Promise<{ id: string; num: number; name: string }[]> {
  const { json } = await apiCall(app, `/edu/v1/class/${eduClassId}/students`);
  return [...json.data.students].sort((a: { num: number }, b: { num: number }) => a.num - b.num);
}

/** The server's detail of a pupil on a book, in the browser's time zone (what the screen shows). */
export async function pupilDetailOf(
  app: ClassroomPage,
  b: MathBook,
  studentId: string,
): Promise<PupilDetailData> {
  const timeZone = await app.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const q = new URLSearchParams({
    eduClassId: String(b.eduClassId),
    curriculumId: String(b.curriculumId),
    section: String(b.section),
    owner: String(b.owner),
    book: String(b.book),
    ncodeStartPage: String(b.ncodeStartPage),
    ncodeEndPage: String(b.ncodeEndPage),
    timeZone,
  });
  const { status, json } = await apiCall(
    app,
    `/edu/v1/math/summary/student/${encodeURIComponent(studentId)}?${q}`,
  );
  if (status !== 200) throw new Error(`pupil detail: ${status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Waits for a pupil screen's figures. */
export async function waitForFigures(app: ClassroomPage, testId = 'pupil-figures'): Promise<void> {
  await app.testId(testId).waitFor({ timeout: 30_000 });
}
