/**
 * The education API's lectures (curriculums, the course cards), their lessons (courses) and
 * learning materials (textbooks), and finding a material's files by page address
 * (classroom.md §3, §7). Naming as in `edu.ts`.
 */
import { z } from 'zod';
import { idParam, isoInstant, looseInt, looseNcode, ncodeText, text } from './eduFields';

/** Description limit of lectures and lessons (classroom.md §5, §9). */
export const MAX_DESCRIPTION = 40;

// ——— Lectures ———

/** A lecture (course card, classroom.md §3 Curriculum). */
export const curriculumSchema = z.object({
  id: z.number().int(),
  eduClassId: z.number().int(),
  eduSubjectId: z.number().int().nullable(),
  eduTeacherId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  className: z.string(),
  eduClassName: z.string(),
  totalStudents: z.number().int().describe('Students of the class not deleted'),
  schoolName: z.string(),
  createdAt: z.string(),
  modifiedAt: z.string(),
});
export type Curriculum = z.infer<typeof curriculumSchema>;

/** `GET /edu/v1/curriculums?eduClassId=` */
export const curriculumsQuery = z.object({ eduClassId: idParam.optional() });
export type CurriculumsQuery = z.input<typeof curriculumsQuery>;
export const curriculumsData = z.object({ curriculums: z.array(curriculumSchema) });
export type CurriculumsData = z.infer<typeof curriculumsData>;

/** `POST /edu/v1/curriculum` and `PUT /edu/v1/curriculum/{curriculumId}` (answer: the lecture). */
export const curriculumBody = z.object({
  eduClassId: looseInt,
  title: text(200).nullish(),
  description: text(1000).nullish(),
  eduSubjectId: looseInt,
  status: text(20).nullish(),
  startAt: isoInstant.nullish(),
  endAt: isoInstant.nullish(),
});
export type CurriculumBody = z.input<typeof curriculumBody>;

/** `{curriculumId}` of the lecture paths. */
export const curriculumParams = z.object({ curriculumId: idParam });
export type CurriculumParams = z.input<typeof curriculumParams>;

/** The answer of the deletions (lecture, lesson): the id deleted. */
export const deletedData = z.object({ id: z.number().int() });
export type DeletedData = z.infer<typeof deletedData>;

// ——— Lessons ———

export const lessonTimeStates = ['DRAFT', 'ENDED', 'BEFORE', 'IN_PROGRESS', 'AFTER_END', 'MISSED'] as const;
/**
 * DRAFT: saved as draft (offer 're-register lesson'); ENDED: 'lesson ended' ('check learning');
 * BEFORE / IN_PROGRESS / AFTER_END (up to 30 minutes after the end): 'proceed with learning';
 * MISSED: ended without lesson (no action).
 */
export type LessonTimeState = (typeof lessonTimeStates)[number];

/** A lesson (classroom.md §3 Course). */
export const courseSchema = z.object({
  id: z.number().int(),
  curriculumId: z.number().int(),
  eduClassId: z.number().int(),
  className: z.string(),
  tag: z.string().describe('Lesson name'),
  title: z.string(),
  description: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(['B', 'E']).describe('B begun/planned, E ended'),
  sessionId: z.string().nullable(),
  sessionStatus: z.string().nullable().describe('ACTIVE, or anything else: saved as draft'),
  eduCourseUrl: z.string().describe('Opened by "proceed with learning"'),
  timeState: z.enum(lessonTimeStates),
  createdAt: z.string(),
  modifiedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

const hours = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z.number().min(0).max(24),
);

/** `POST …/course` and `PUT …/course/{courseId}` (answer: the lesson). */
export const courseBody = z.object({
  tag: text(200).nullish().describe('Lesson name (required when creating)'),
  title: text(200).nullish().describe('Defaults to the lecture title'),
  description: text(1000).nullish().describe('Memo, at most 40 characters'),
  startAt: isoInstant.nullish(),
  endAt: isoInstant.nullish(),
  prgsTime: hours.nullish().describe('Duration in hours, when endAt is not given'),
  status: z.enum(['B', 'E']).nullish(),
  sessionStatus: text(20).nullish().describe('Anything but ACTIVE saves the lesson as draft (POST)'),
  eduCourseUrl: text(2000).nullish(),
  // Form-only fields of the lesson dialog, accepted and ignored.
  date: text(40).nullish(),
  startTime: text(40).nullish(),
  curriculumId: z.unknown().optional(),
  eduClassId: z.unknown().optional(),
});
export type CourseBody = z.input<typeof courseBody>;

/** `{curriculumId}/course/{courseId}` */
export const courseParams = curriculumParams.extend({ courseId: idParam });
export type CourseParams = z.input<typeof courseParams>;

/** `GET /edu/v1/curriculum/{curriculumId}/course` */
export const coursesData = z.object({ courses: z.array(courseSchema) });
export type CoursesData = z.infer<typeof coursesData>;

// ——— Learning materials ———

export const textbookTypes = ['REGULAR', 'POD', 'SINGLEMENU', 'MULTIMENU'] as const;
export type TextbookType = (typeof textbookTypes)[number];

/** A file of a material. */
export const materialFileSchema = z.object({
  originalName: z.string(),
  mimeType: z.string(),
  downloadUri: z.string(),
});
export type MaterialFile = z.infer<typeof materialFileSchema>;

/** A learning material (classroom.md §3 Textbook). */
export const textbookSchema = z.object({
  id: z.number().int(),
  curriculumId: z.number().int(),
  eduClassId: z.number().int(),
  type: z.enum(textbookTypes),
  typeDiv: z.enum(textbookTypes),
  builtinTextbookId: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  section: z.number().int(),
  owner: z.number().int(),
  book: z.number().int(),
  ncodeStartPage: z.number().int(),
  ncodeEndPage: z.number().int(),
  numPages: z.number().int(),
  pdfFile: materialFileSchema.nullable(),
  nprojFile: materialFileSchema.nullable(),
  pageNaming: z
    .enum(['textbook', 'number'])
    .describe(
      'how its pages are labelled (classroom.md §5): textbook: page − 2, blank for the first two; number: as is',
    ),
  firstPage: z
    .number()
    .int()
    .describe("the book's first Ncode page (its page 1), which §5 labels count from"),
});
export type Textbook = z.infer<typeof textbookSchema>;

/** `GET /edu/v1/curriculum/{curriculumId}/textbook` */
export const textbooksData = z.object({ textbooks: z.array(textbookSchema) });
export type TextbooksData = z.infer<typeof textbooksData>;

/** `POST …/textbook/regular` and `…/textbook/pod` (answer: the material). */
export const textbookBody = z.object({
  title: text(200).nullish(),
  description: text(1000).nullish(),
  builtinTextbookId: looseInt.describe('REGULAR: the built-in textbook (1–9)'),
  section: looseNcode,
  owner: looseNcode,
  book: looseNcode,
  ncodeStartPage: looseNcode,
  ncodeEndPage: looseNcode,
  pageStart: looseNcode.describe('Same as ncodeStartPage (upload form name)'),
  pageEnd: looseNcode.describe('Same as ncodeEndPage (upload form name)'),
  numPages: looseInt.describe('POD: page count, when ncodeEndPage is not given'),
});
export type TextbookBody = z.input<typeof textbookBody>;

/** `{curriculumId}/textbook/{textbookId}` */
export const textbookParams = curriculumParams.extend({ textbookId: idParam });
export type TextbookParams = z.input<typeof textbookParams>;

export const attachmentKinds = ['pdf', 'nproj'] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];

/** `GET …/textbook/{textbookId}/attachment/{kind}` (answer: the file). */
export const attachmentParams = textbookParams.extend({ kind: z.enum(attachmentKinds) });
export type AttachmentParams = z.input<typeof attachmentParams>;

/**
 * The text fields of the multipart upload `POST …/textbook/{textbookId}/attachment` (files
 * `pdfFile`, `nprojFile`; answer: the material). Sent fields must match the material.
 */
export const attachmentUploadFields = z.object({
  section: ncodeText.optional(),
  owner: ncodeText.optional(),
  book: ncodeText.optional(),
  pageStart: ncodeText.optional(),
  pageEnd: ncodeText.optional(),
  curriculumId: idParam.optional(),
  textbookId: idParam.optional(),
});
export type AttachmentUploadFields = z.input<typeof attachmentUploadFields>;

// ——— Finding materials by page address ———

const address = { section: ncodeText, owner: ncodeText, book: ncodeText };

/** `GET /edu/v1/curriculum/textbook?section&owner&book&page` */
export const materialFilesQuery = z.object({ ...address, page: ncodeText });
export type MaterialFilesQuery = z.input<typeof materialFilesQuery>;

/** A file of a material covering the page. */
export const materialAttachmentSchema = z.object({
  textbookId: z.number().int().nullable().describe('null for a built-in textbook file'),
  curriculumId: z.number().int().nullable(),
  type: z.enum(['pdf', 'xml']).describe('pdf: page background; xml: the .nproj touch map'),
  mimeType: z.string(),
  downloadUri: z.string(),
  originalName: z.string(),
});
export type MaterialAttachment = z.infer<typeof materialAttachmentSchema>;
export const materialFilesData = z.object({ resultElements: z.array(materialAttachmentSchema) });
export type MaterialFilesData = z.infer<typeof materialFilesData>;

/** `GET /edu/v1/curriculum/textbook/print?section&owner&book&pageStart` (print-material lookup). */
export const printMaterialQuery = z.object({ ...address, pageStart: ncodeText });
export type PrintMaterialQuery = z.input<typeof printMaterialQuery>;
export const printMaterialData = z.object({
  textbookId: z.number().int(),
  pdfRet: z.object({ downloadUri: z.string(), originalName: z.string() }),
  nproj_xml: z.string().nullable().describe('The .nproj text, null when none was uploaded'),
});
export type PrintMaterialData = z.infer<typeof printMaterialData>;
