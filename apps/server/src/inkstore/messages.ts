/**
 * The answer messages of the ink store. 'The student does not exist.' and 'The lesson does not
 * exist.' are worded as the education API's; the others are the server's own wording for cases
 * the specification leaves open. The upload's malformed-payload message is the ink codec's
 * `INVALID_STROKE_UPLOAD` followed by where and why.
 */
export const InkMessage = {
  studentNotFound: 'The student does not exist.',
  lessonNotFound: 'The lesson does not exist.',
  onlyStudents: 'Forbidden: only a student may upload writing (sign in as the student)',
  onlyTeachers: 'Forbidden: only a teacher with a school may read writing',
  otherSchool: 'Forbidden: the student is not in your school',
  otherSchoolLesson: 'Forbidden: the lesson is not in your school',
  foreignWriter: (writer: string) =>
    `Forbidden: strokes written by ${JSON.stringify(writer)} cannot be uploaded for this student`,
  tooManyPageNumbers: 'at most 64 pageNumber values per request',
  badTag: 'tag must be courseId_sessionId',
  badPointer: 'dataPointer must be a value from nextDataPointer',
  badDate: 'must be an ISO 8601 time between the years 1900 and 2999',
  tooManyStrokes: (n: number, max: number) => `too many strokes in one upload: ${n} (at most ${max})`,
} as const;
