/**
 * The answer messages of the education API (`{ ok: false, message }`). The quoted ones are
 * classroom.md strings (§5, §8) and must stay exactly as they are; the others are the server's
 * own wording for cases the specification leaves open. The server answers with them, and the
 * classroom maps each (by {@link eduMessageKey}) to its catalogue key `server.{key}`, so every
 * message reaches the user in ko, en, ja and zh-TW.
 */
export const EduMessage = {
  // classroom.md §5 / §8
  noAffiliation: 'Please enter your affiliation.',
  codeMismatch: 'The affiliation authentication code does not match. Please enter again.',
  valueMissing: 'There is a value that was not entered',
  classValueMissing: 'there is a value not entered',
  materialInput: 'There is an error in the input values (course / material name / file selection)',
  materialRegistered: 'This learning material is already registered.',
  tooManyPages: 'too many pages',
  noStudents: 'The student does not exist.',
  classInUse:
    'The class info you are trying to register is in use; change the grade/class info or edit the existing one.',
  existingClass: 'already existing class',
  penInvalid: 'pen information may have been entered wrongly',
  penDuplicated: 'pen information may have been duplicated',
  notOneRoster: 'not a file in the prescribed format',
  noSchool: 'no school registration info',
  // the server's own
  schoolLocked: 'School information that has been entered once is not changed.',
  ownApproval: 'A school administrator cannot change their own approval status.',
  rejectApproved: 'Only a request awaiting approval can be rejected: withdraw the approval first.',
  notTeacher: 'Only teachers can use the education API.',
  notAdmin: 'Only a school administrator can do this.',
  forbidden: 'Forbidden',
  notYourClass: 'Forbidden: this class is not one of yours (ask the school administrator).',
  classNotFound: 'The class does not exist.',
  classTeacherUnknown: 'The class teacher must be a teacher of the school.',
  teacherNotFound: 'The teacher does not exist.',
  curriculumNotFound: 'The lecture does not exist.',
  textbookNotFound: 'The learning material does not exist.',
  courseNotFound: 'The lesson does not exist.',
  materialNotFound: 'No printable learning material is registered at this page address.',
  attachmentNotFound: 'The attachment file does not exist.',
  studentNumberTwice: 'A registration number appears more than once in the list.',
  studentNumberTaken: 'Another student already has this registration number.',
  nameTooLong: 'A pupil name may have at most 100 characters.',
  yearRange: 'The year must be this year or one of the next two.',
  gradeRange: 'The grade does not exist in this kind of school.',
  classNumRange: 'The class number must be 1 to 20.',
  descriptionTooLong: 'The description may have at most 40 characters.',
  lessonDuration: 'A lesson lasts 1 to 5 hours.',
  lessonStep: 'Lesson times go in steps of 5 minutes.',
  lessonEnded: 'The lesson has already ended.',
  sessionActive: 'The lesson session is already registered.',
  pagesNotIssued: 'The Ncode pages were not issued to your school: request the print codes first.',
  pageRange: 'The end page must not come before the start page.',
  notPdf: 'The PDF file could not be read.',
  notNproj: 'The .nproj file could not be read or is for other pages.',
  pdfLongerThanRange: 'The PDF has more pages than the Ncode pages reserved for it.',
  noFile: 'No file was sent.',
  badUpload: 'The upload could not be read (multipart/form-data expected).',
  fileTooLarge: 'A file may be at most 200 MiB.',
  uploadTooLarge: 'The upload may be at most 400 MiB in all.',
  oneRosterOtherSchool: "This roster is another school's: only your own school's classes can be imported.",
} as const;

/** 'too many pages' plus the count (classroom.md §5). */
export function tooManyPages(count: number): string {
  return `${EduMessage.tooManyPages} (${count})`;
}

export type EduMessageKey = keyof typeof EduMessage;

const BY_TEXT: ReadonlyMap<string, EduMessageKey> = new Map(
  (Object.entries(EduMessage) as [EduMessageKey, string][]).map(([k, v]) => [v, k]),
);

/**
 * The key of a message the education API answered, with its values ('too many pages (n)' keeps
 * its count), or undefined for any other text.
 */
export function eduMessageKey(
  message: string,
): { readonly key: EduMessageKey; readonly params: Readonly<Record<string, number>> } | undefined {
  const pages = /^too many pages \((\d+)\)$/.exec(message);
  if (pages) return { key: 'tooManyPages', params: { count: Number(pages[1]) } };
  const key = BY_TEXT.get(message);
  return key ? { key, params: {} } : undefined;
}
