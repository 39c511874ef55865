/**
 * The wire shapes the classroom reads: the education API's zod schemas from
 * `@dotink/contracts/edu` (the same the server validates with), so every answer is checked
 * before the app uses it.
 */
import { answerSchema } from '@dotink/contracts/answer';
import type { StudentRow } from '@dotink/contracts/edu';

export {
  type Curriculum,
  type Kumi,
  kumiSchema,
  type School,
  type Student,
  type StudentCredentialsData as Credentials,
  schoolSchema,
  studentCredentialsData as credentialsSchema,
  studentSchema,
  type TeacherInfo,
  type TeacherRow,
  type TeacherStatus,
  teacherInfoSchema,
  teacherRowSchema,
} from '@dotink/contracts/edu';
export { answerSchema };

/** One row of a students save: same number (or id) updates, a new number adds. */
export type StudentRowInput = Readonly<StudentRow>;
