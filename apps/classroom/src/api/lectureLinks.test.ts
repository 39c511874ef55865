import type { Course, Textbook } from '@dotink/contracts/edu';
import { describe, expect, it } from 'vitest';
import { coursePath, replayPath, studyCheckPath, textbookPath } from './lectureLinks';

const lecture = { id: 7, title: '3학년 1반 수학', eduClassId: 3 };
const course = (id: number, startAt: string) =>
  ({ id, tag: `lesson ${id}`, sessionId: `ses${id}`, startAt }) as unknown as Course;
const book = { section: 3, owner: 1012, book: 1191, ncodeStartPage: 1, ncodeEndPage: 124 } as Textbook;

describe('the addresses of the lectures screens (classroom.md §2)', () => {
  it('carries the lecture to the textbook and course pages', () => {
    expect(textbookPath(lecture)).toBe(
      '/main/textbook?curriculumId=7&curriculumTitle=3%ED%95%99%EB%85%84+1%EB%B0%98+%EC%88%98%ED%95%99&eduClassId=3',
    );
    expect(new URL(coursePath(lecture), 'http://x').searchParams.get('curriculumTitle')).toBe(lecture.title);
  });

  it('gives courseStudyCheck every parameter of §2 and replay the pupil too', () => {
    const url = new URL(studyCheckPath(lecture, course(5, '2025-03-03T09:00:00Z'), book), 'http://x');
    expect(url.pathname).toBe('/main/courseStudyCheck');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      eduClassId: '3',
      sessionId: 'ses5',
      courseId: '5',
      courseTitle: 'lesson 5',
      curriculumId: '7',
      curriculumTitle: lecture.title,
      section: '3',
      owner: '1012',
      book: '1191',
      ncodeStartPage: '1',
      ncodeEndPage: '124',
    });
    const replay = new URL(
      replayPath({ ...book, eduClassId: 3, curriculumId: 7, courseId: 5, sessionId: 'ses5' }, 'stu1'),
      'http://x',
    );
    expect([...replay.searchParams.keys()]).toEqual([
      'eduClassId',
      'curriculumId',
      'studentId',
      'sessionId',
      'courseId',
      'section',
      'owner',
      'book',
      'ncodeStartPage',
      'ncodeEndPage',
    ]);
  });
});
