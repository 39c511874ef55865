/**
 * The education API (classroom.md §7, `/edu/v1/…`): teachers, schools, classes and students.
 * Lectures, lessons and materials are in `eduLectures.ts`, watch logs and the category info in
 * `eduActivity.ts`; this module re-exports both, so `@dotink/contracts/edu` is the whole API.
 *
 * Naming: `xxxBody`, `xxxQuery`, `xxxParams` are request schemas; `xxxData` is the `data` of the
 * `{ ok, message, data }` answer (wrap with `answerSchema` from `./answer`); each has a type of the
 * same name in PascalCase (`z.infer`; for request schemas the type of what is sent, `z.input`).
 */
import { z } from 'zod';
import { INT32_MAX, idParam, looseInt, looseText, text } from './eduFields';
import { curriculumSchema } from './eduLectures';

export * from './eduActivity';
export * from './eduFields';
export * from './eduLectures';

// ——— Schools ———

/** A school of the registry (classroom.md §3 School). */
export const schoolSchema = z.object({
  eduSchoolId: z.number().int(),
  schoolName: z.string(),
  eduOfficeCode: z.string(),
  schoolTypeCode: z.string(),
  schoolCode: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

/** `GET /edu/v1/schools?schoolName=` */
export const schoolsQuery = z.object({ schoolName: text(100).optional() });
export type SchoolsQuery = z.input<typeof schoolsQuery>;
export const schoolsData = z.object({ schools: z.array(schoolSchema) });
export type SchoolsData = z.infer<typeof schoolsData>;

// ——— Classes ———

/** A class as the apps read it (kumi, classroom.md §3). */
export const kumiSchema = z.object({
  eduClassId: z.number().int(),
  year: z.number().int(),
  grade: z.number().int(),
  classNum: z.number().int(),
  className: z.string(),
  schoolName: z.string(),
  semester: z.number().int().nullable(),
  curriculum_id: z
    .number()
    .int()
    .nullable()
    .describe('The built-in book series of the grade (3 → 1 … 6 → 4)'),
  totalStudents: z.number().int().describe('Students not deleted'),
});
export type Kumi = z.infer<typeof kumiSchema>;

/** `GET /edu/v1/classes?year=` */
export const classesQuery = z.object({ year: z.coerce.number().int().min(1900).max(9999).optional() });
export type ClassesQuery = z.input<typeof classesQuery>;
export const classesData = z.object({ classes: z.array(kumiSchema) });
export type ClassesData = z.infer<typeof classesData>;

/** `POST /edu/v1/class` (school administrator). */
export const newClassBody = z.object({
  year: looseInt,
  grade: looseInt,
  classNum: looseInt,
  className: looseText(100),
});
export type NewClassBody = z.input<typeof newClassBody>;
export const newClassData = z.object({ eduClassId: z.number().int() });
export type NewClassData = z.infer<typeof newClassData>;

/** `{eduClassId}` of the class paths. */
export const classParams = z.object({ eduClassId: idParam });
export type ClassParams = z.input<typeof classParams>;

// ——— Teachers ———

export const teacherStatuses = ['ACTIVE', 'PENDING_ACTIVE'] as const;
export type TeacherStatus = (typeof teacherStatuses)[number];

/** One row of `GET /edu/v1/teachers` (school administrator). */
export const teacherRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  schoolName: z.string(),
  status: z.enum(teacherStatuses),
  isSchoolAdmin: z.boolean(),
});
export type TeacherRow = z.infer<typeof teacherRowSchema>;
export const teachersData = z.object({ teachers: z.array(teacherRowSchema) });
export type TeachersData = z.infer<typeof teachersData>;

/** `PUT /edu/v1/teacher/{teacherId}` (school administrator): approve or withdraw approval. */
export const teacherParams = z.object({ teacherId: text(64) });
export type TeacherParams = z.input<typeof teacherParams>;
export const teacherStatusBody = z.object({ status: z.enum(teacherStatuses) });
export type TeacherStatusBody = z.input<typeof teacherStatusBody>;
export const teacherStatusData = z.object({ id: z.string(), status: z.enum(teacherStatuses) });
export type TeacherStatusData = z.infer<typeof teacherStatusData>;

// ——— Students ———

export const studentStatuses = ['ACTIVE', 'PENDING_ACTIVE'] as const;
export type StudentStatus = (typeof studentStatuses)[number];

/** A student as the apps read it (classroom.md §3 Student); the password is never in it. */
export const studentSchema = z.object({
  id: z.string().describe('The student id: login name of the student'),
  eduClassId: z.number().int(),
  num: z.number().int().describe('Registration number'),
  name: z.string(),
  numName: z.string().describe('Number and name'),
  macAddress: z.string().describe('Pen address AA:BB:CC:DD:EE:FF (all zeros: no pen)'),
  status: z.string(),
  deleteYn: z.enum(['N', 'Y']),
  lastWatch: z.string().nullable().describe('Last video watch (watch log), ISO'),
  watchCount: z.number().int(),
});
export type Student = z.infer<typeof studentSchema>;

/** Most rows one save takes. */
export const MAX_STUDENT_ROWS = 1000;

/** One row of a students save: absent fields keep their value (or take defaults when new). */
export const studentRowSchema = z.object({
  id: text(64).optional(),
  num: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
      z.number().int().min(1).max(INT32_MAX),
    )
    .optional(),
  name: text(100).optional(),
  macAddress: text(64).optional(),
  status: z.enum(studentStatuses).optional(),
  deleteYn: z.enum(['N', 'Y']).optional(),
});
export type StudentRow = z.input<typeof studentRowSchema>;

const studentRows = z.array(studentRowSchema).max(MAX_STUDENT_ROWS);
/**
 * `POST /edu/v1/class/admin/{eduClassId}/students` and `PUT /edu/v1/class/{eduClassId}/students`:
 * a list of rows, bare or as `{ students }`.
 */
export const studentsSaveBody = z.union([studentRows, z.object({ students: studentRows })]);
export type StudentsSaveBody = z.input<typeof studentsSaveBody>;

/** `GET /edu/v1/class/{eduClassId}/students` and both saves. */
export const studentsData = z.object({ students: z.array(studentSchema) });
export type StudentsData = z.infer<typeof studentsData>;

// ——— The calling teacher ———

/** `GET /edu/v1/teacher` (teacherInfo, classroom.md §3), also the answer of `POST /edu/v1/teacher`. */
export const teacherInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  eduSchoolId: z.number().int().nullable(),
  eduOfficeCode: z.string().describe('Empty when no school is registered'),
  schoolTypeCode: z.string(),
  schoolCode: z.string(),
  schoolName: z.string(),
  status: z.enum(teacherStatuses),
  isSchoolAdmin: z.boolean(),
  curris: z.array(curriculumSchema).describe("The teacher's lectures (ACTIVE teachers)"),
  kumis: z.array(kumiSchema).describe("The school's classes (ACTIVE teachers)"),
});
export type TeacherInfo = z.infer<typeof teacherInfoSchema>;

/** `POST /edu/v1/teacher`: register the caller's school (once). */
export const registerSchoolBody = z.object({
  eduSchoolId: looseInt,
  checkCode: text(100).nullish().describe('Education office code + school type code + school code'),
});
export type RegisterSchoolBody = z.input<typeof registerSchoolBody>;
