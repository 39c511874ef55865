import { describe, expect, it } from 'vitest';
import { readMathQuery } from '../features/analytics/summaryQueries';
import {
  type AnalysedBook,
  bookScreenPath,
  isBookOf,
  resultsPath,
  screenOfPath,
  studyCheckBookPath,
} from './mathLinks';

const lecture = { id: 7, title: '3학년 1반 수학', eduClassId: 3 };
const regular: AnalysedBook = {
  typeDiv: 'REGULAR',
  title: '수학 3-1',
  section: 3,
  owner: 1012,
  book: 1191,
  ncodeStartPage: 0,
  ncodeEndPage: 123,
};
const pod: AnalysedBook = {
  ...regular,
  typeDiv: 'POD',
  title: '내 학습지',
  owner: 27,
  book: 5,
  ncodeEndPage: 9,
};

describe('the pen-activity addresses of a lecture’s materials (classroom.md §2 math/*)', () => {
  it('gives a built-in textbook’s screens the math/all query the pages read', () => {
    const all = new URL(bookScreenPath('all', lecture, regular), 'http://x');
    expect(all.pathname).toBe('/main/math/all');
    expect(readMathQuery(all.searchParams)).toEqual({
      eduClassId: 3,
      curriculumId: 7,
      section: 3,
      owner: 1012,
      book: 1191,
      ncodeStartPage: 0,
      ncodeEndPage: 123,
      textbookTitle: '수학 3-1',
      studentId: undefined,
    });
    expect(new URL(bookScreenPath('categories', lecture, regular), 'http://x').pathname).toBe(
      '/main/math/categories',
    );
    const view = new URL(bookScreenPath('view', lecture, regular, 'stu1'), 'http://x');
    expect(view.pathname).toBe('/main/math/view');
    expect(view.searchParams.get('studentId')).toBe('stu1');
    expect(new URL(studyCheckBookPath(lecture, pod), 'http://x').pathname).toBe('/main/mathStudyCheck');
  });

  it('leads check learning results to the first built-in textbook, else the own material, else the lessons', () => {
    expect(resultsPath(lecture, [pod, regular])).toBe(bookScreenPath('all', lecture, regular));
    expect(resultsPath(lecture, [pod])).toBe(studyCheckBookPath(lecture, pod));
    expect(new URL(resultsPath(lecture, []), 'http://x').pathname).toBe('/main/course');
  });

  it('knows the drawer entry of a path and the book of a query', () => {
    expect(screenOfPath('/main/math/all')).toBe('all');
    expect(screenOfPath('/main/math/categories')).toBe('categories');
    expect(screenOfPath('/main/math/view')).toBe('view');
    expect(screenOfPath('/main/math/student')).toBe('view');
    expect(screenOfPath('/main/math/student_categories')).toBe('view');
    expect(screenOfPath('/main/mathStudyCheck')).toBe('studyCheck');
    expect(screenOfPath('/main/replay')).toBeUndefined();
    const q = new URL(bookScreenPath('all', lecture, regular), 'http://x').searchParams;
    expect(isBookOf(q, regular)).toBe(true);
    expect(isBookOf(q, pod)).toBe(false);
  });
});
