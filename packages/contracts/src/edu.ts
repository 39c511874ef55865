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
import { MAX_STUDENT_NAME } from './studentRoster';

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
  teacherId: z
    .string()
    .nullable()
    .describe('The class teacher (reaches the class with the teachers holding a lecture on it)'),
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
  teacherId: text(64)
    .nullish()
    .describe('The class teacher, a teacher of the school (default: the administrator registering it)'),
});
export type NewClassBody = z.input<typeof newClassBody>;
export const newClassData = z.object({ eduClassId: z.number().int() });
export type NewClassData = z.infer<typeof newClassData>;

/** `{eduClassId}` of the class paths. */
export const classParams = z.object({ eduClassId: idParam });
export type ClassParams = z.input<typeof classParams>;

/**
 * `PUT /edu/v1/class/{eduClassId}` (school administrator): edit a registered class (classroom.md
 * §5); fields not sent keep their value, `teacherId: null` leaves the class without a class
 * teacher. Answer: the class. 409 with the class-in-use message of §8 when another class of the
 * school has the same year, grade and class number.
 */
export const classEditBody = z.object({
  year: looseInt,
  grade: looseInt,
  classNum: looseInt,
  className: looseText(100),
  teacherId: text(64).nullish().describe('The class teacher, a teacher of the school; null: none'),
});
export type ClassEditBody = z.input<typeof classEditBody>;

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

/** What is wrong with a stored pen address (classroom.md §4 "Pen address row status"). */
export const penAddressProblems = ['invalid', 'duplicate'] as const;
export type PenAddressProblem = (typeof penAddressProblems)[number];

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
  penAddressProblem: z
    .enum(penAddressProblems)
    .nullable()
    .describe(
      "invalid: macAddress is kept as typed and is no pen address (shown red '(error)'); duplicate: " +
        "another student of the class not deleted has it (green '(duplicate)'); null: fine",
    ),
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
  /** Empty or absent: no name (the list rule of `studentRoster.ts`, which bounds its length). */
  name: text(10 * MAX_STUDENT_NAME).optional(),
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

/**
 * The query of both saves. `addAnyway=true` (the import's "add anyway" confirmation, classroom.md
 * §4) stores rows whose pen address is invalid or duplicated, keeping the address as typed and
 * flagging it in `penAddressProblem`; without it such a list is refused whole (400).
 */
export const studentsSaveQuery = z.object({
  addAnyway: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type StudentsSaveQuery = z.input<typeof studentsSaveQuery>;

/** `{eduClassId}/students/{studentId}` */
export const studentParams = classParams.extend({ studentId: text(64) });
export type StudentParams = z.input<typeof studentParams>;

/**
 * `GET /edu/v1/class/{eduClassId}/students/{studentId}/credentials` and
 * `POST …/credentials/reset` (the class's teachers and the school administrator): the pupil's
 * sign-in, for the QR label payload base64(`id|password|mac`). Never part of a list.
 */
export const studentCredentialsData = z.object({
  studentId: z.string(),
  password: z.string().describe("The pupil's current password (initially the student id)"),
});
export type StudentCredentialsData = z.infer<typeof studentCredentialsData>;

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
  kumis: z
    .array(kumiSchema)
    .describe("The teacher's classes; all of the school's for its administrator (ACTIVE teachers)"),
});
export type TeacherInfo = z.infer<typeof teacherInfoSchema>;

/** `POST /edu/v1/teacher`: register the caller's school (once). */
export const registerSchoolBody = z.object({
  eduSchoolId: looseInt,
  checkCode: text(100).nullish().describe('Education office code + school type code + school code'),
});
export type RegisterSchoolBody = z.input<typeof registerSchoolBody>;
