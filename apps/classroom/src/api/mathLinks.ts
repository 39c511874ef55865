/**
 * The addresses of a lecture's learning materials in the pen-activity menu (classroom.md §2
 * math/*, mathStudyCheck): a built-in textbook (REGULAR) opens math/all, math/categories or
 * math/view; a teacher's own material (POD) opens the study check. The query is that of
 * classroom.md §2 math/all (section, owner, book, ncodeStartPage, ncodeEndPage, curriculumId,
 * eduClassId, textbookTitle, and a pupil's studentId), the same the math/* pages read.
 */
import type { Curriculum, Textbook } from '@dotink/contracts/edu';
import { coursePath } from './lectureLinks';

type Lecture = Pick<Curriculum, 'id' | 'eduClassId'>;
/** The parts of a material its analysis needs. */
export type AnalysedBook = Pick<
  Textbook,
  'typeDiv' | 'title' | 'section' | 'owner' | 'book' | 'ncodeStartPage' | 'ncodeEndPage'
>;

/** The math/* screens of a built-in textbook (the books drawer's sub-items All, By unit, By student). */
export type BookScreen = 'all' | 'categories' | 'view';

const SCREEN_PATHS: Record<BookScreen, string> = {
  all: '/main/math/all',
  categories: '/main/math/categories',
  view: '/main/math/view',
};

/** The query string of a material's math/* page (and a pupil's). */
export function bookSearch(lecture: Lecture, book: AnalysedBook, studentId?: string): string {
  const p = new URLSearchParams();
  p.set('section', String(book.section));
  p.set('owner', String(book.owner));
  p.set('book', String(book.book));
  p.set('ncodeStartPage', String(book.ncodeStartPage));
  p.set('ncodeEndPage', String(book.ncodeEndPage));
  p.set('curriculumId', String(lecture.id));
  p.set('eduClassId', String(lecture.eduClassId));
  p.set('textbookTitle', book.title);
  if (studentId) p.set('studentId', studentId);
  return `?${p.toString()}`;
}

/** math/all, math/categories or math/view of a built-in textbook. */
export const bookScreenPath = (
  screen: BookScreen,
  lecture: Lecture,
  book: AnalysedBook,
  studentId?: string,
) => `${SCREEN_PATHS[screen]}${bookSearch(lecture, book, studentId)}`;

/** mathStudyCheck of a teacher's own material. */
export const studyCheckBookPath = (lecture: Lecture, book: AnalysedBook, studentId?: string) =>
  `/main/mathStudyCheck${bookSearch(lecture, book, studentId)}`;

/** Which books-drawer entry a path is (the pupil pages belong to 'By student'). */
export function screenOfPath(pathname: string): BookScreen | 'studyCheck' | undefined {
  if (pathname === '/main/math/all') return 'all';
  if (pathname === '/main/math/categories') return 'categories';
  if (pathname === '/main/math/view' || pathname.startsWith('/main/math/student')) return 'view';
  if (pathname === '/main/mathStudyCheck') return 'studyCheck';
  return undefined;
}

/**
 * Where 'check learning results' leads for a lecture: math/all of its first built-in textbook,
 * else the study check of its first own material, else (no material) the lecture's lessons.
 */
export function resultsPath(
  lecture: Lecture & Pick<Curriculum, 'title'>,
  textbooks: readonly AnalysedBook[],
): string {
  const regular = textbooks.find((b) => b.typeDiv === 'REGULAR');
  if (regular) return bookScreenPath('all', lecture, regular);
  const pod = textbooks.find((b) => b.typeDiv === 'POD');
  if (pod) return studyCheckBookPath(lecture, pod);
  return coursePath(lecture);
}

/** True when `q` (a math/* page's query) is about `book`. */
export function isBookOf(q: URLSearchParams, book: AnalysedBook): boolean {
  return (
    q.get('section') === String(book.section) &&
    q.get('owner') === String(book.owner) &&
    q.get('book') === String(book.book) &&
    q.get('ncodeStartPage') === String(book.ncodeStartPage)
  );
}
