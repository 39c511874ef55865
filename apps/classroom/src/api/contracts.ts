/**
 * The wire shapes the classroom reads: the education API's zod schemas from
 * `@dotink/contracts/edu` (the same the server validates with), so every answer is checked
 * before the app uses it. Two shapes the server is still gaining (issue 13) are extended here
 * until they are part of the contract: the student's `penAddressProblem` ('add anyway') and
 * the pupil credentials of the QR labels.
 */
import { answerSchema } from '@dotink/contracts/answer';
import {
  studentSchema as contractStudentSchema,
  type StudentRow,
  type TeacherStatus,
} from '@dotink/contracts/edu';
import { z } from 'zod';

export {
  type Curriculum,
  type Kumi,
  kumiSchema,
  type School,
  schoolSchema,
  type TeacherInfo,
  type TeacherRow,
  teacherInfoSchema,
  teacherRowSchema,
} from '@dotink/contracts/edu';
export { answerSchema, type TeacherStatus };

/** A student, with the flag of an address added anyway (absent from servers without it). */
export const studentSchema = contractStudentSchema.extend({
  penAddressProblem: z.enum(['invalid', 'duplicate']).nullable().optional(),
});
export type Student = z.infer<typeof studentSchema>;

/** One row of a students save: same number (or id) updates, a new number adds. */
export type StudentRowInput = Readonly<StudentRow>;

/** A pupil's sign-in for the QR label (class teachers only). */
export const credentialsSchema = z.object({ studentId: z.string(), password: z.string() });
export type Credentials = z.infer<typeof credentialsSchema>;
