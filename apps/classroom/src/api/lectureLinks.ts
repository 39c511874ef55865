/**
 * The addresses the lectures screens lead to, with the query parameters of classroom.md §2:
 * textbook, course (lessons), courseStudyCheck and replay.
 */
import type { Course, Curriculum, Textbook } from '@dotink/contracts/edu';

type Lecture = Pick<Curriculum, 'id' | 'title' | 'eduClassId'>;

const at = (path: string, q: Record<string, string | number | null | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) s.set(k, String(v));
  return `${path}?${s}`;
};

const lectureQuery = (c: Lecture) => ({
  curriculumId: c.id,
  curriculumTitle: c.title,
  eduClassId: c.eduClassId,
});

/** /main/textbook?curriculumId&curriculumTitle&eduClassId */
export const textbookPath = (c: Lecture) => at('/main/textbook', lectureQuery(c));

/** /main/course?curriculumId&curriculumTitle&eduClassId */
export const coursePath = (c: Lecture) => at('/main/course', lectureQuery(c));

/** /main/student?eduClassId&curriculumTitle */
export const studentsPath = (c: Pick<Curriculum, 'eduClassId' | 'title'>) =>
  at('/main/student', { eduClassId: c.eduClassId, curriculumTitle: c.title });

/** The material a lesson's study check shows: the first of the lecture's materials. */
export const lessonTextbook = (textbooks: readonly Textbook[]): Textbook | undefined => textbooks[0];

/**
 * /main/courseStudyCheck with eduClassId, sessionId, courseId, courseTitle, curriculumId,
 * curriculumTitle and the material's section, owner, book, ncodeStartPage, ncodeEndPage.
 */
export function studyCheckPath(c: Lecture, course: Course, book: Textbook): string {
  return at('/main/courseStudyCheck', {
    eduClassId: c.eduClassId,
    sessionId: course.sessionId,
    courseId: course.id,
    courseTitle: course.tag,
    curriculumId: c.id,
    curriculumTitle: c.title,
    section: book.section,
    owner: book.owner,
    book: book.book,
    ncodeStartPage: book.ncodeStartPage,
    ncodeEndPage: book.ncodeEndPage,
  });
}

/** The query of courseStudyCheck as the page reads it. */
export interface StudyCheckQuery {
  readonly eduClassId: number;
  readonly curriculumId: number;
  readonly sessionId?: string;
  readonly courseId?: number;
  readonly section?: number;
  readonly owner?: number;
  readonly book?: number;
  readonly ncodeStartPage?: number;
  readonly ncodeEndPage?: number;
}

/**
 * /main/replay?eduClassId&curriculumId&studentId&sessionId&courseId&section&owner&book&
 * ncodeStartPage&ncodeEndPage (classroom.md §2).
 */
export function replayPath(q: StudyCheckQuery, studentId: string): string {
  return at('/main/replay', {
    eduClassId: q.eduClassId,
    curriculumId: q.curriculumId,
    studentId,
    sessionId: q.sessionId,
    courseId: q.courseId,
    section: q.section,
    owner: q.owner,
    book: q.book,
    ncodeStartPage: q.ncodeStartPage,
    ncodeEndPage: q.ncodeEndPage,
  });
}

const positive = (s: string | null): number | undefined => {
  const n = Number(s);
  return s !== null && s.trim() !== '' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/** The lecture of a page's query (curriculumId, curriculumTitle, eduClassId), if complete. */
export function readLectureQuery(q: URLSearchParams): Lecture | undefined {
  const id = positive(q.get('curriculumId'));
  const eduClassId = positive(q.get('eduClassId'));
  if (id === undefined || eduClassId === undefined) return undefined;
  return { id, eduClassId, title: q.get('curriculumTitle') ?? '' };
}

/** The query of courseStudyCheck (§2), if it names a class and a lecture. */
export function readStudyCheckQuery(
  q: URLSearchParams,
): (StudyCheckQuery & { courseTitle: string; curriculumTitle: string }) | undefined {
  const eduClassId = positive(q.get('eduClassId'));
  const curriculumId = positive(q.get('curriculumId'));
  if (eduClassId === undefined || curriculumId === undefined) return undefined;
  const optional = (k: string) => {
    const v = positive(q.get(k));
    return v === undefined ? {} : { [k]: v };
  };
  const sessionId = q.get('sessionId');
  return {
    eduClassId,
    curriculumId,
    courseTitle: q.get('courseTitle') ?? '',
    curriculumTitle: q.get('curriculumTitle') ?? '',
    ...(sessionId ? { sessionId } : {}),
    ...optional('courseId'),
    ...optional('section'),
    ...optional('owner'),
    ...optional('book'),
    ...optional('ncodeStartPage'),
    ...optional('ncodeEndPage'),
  };
}
