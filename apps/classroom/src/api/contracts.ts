/**
 * The wire shapes the classroom reads, as zod schemas: the education API's answers. They mirror
 * the server's schemas until those move into `@dotink/contracts/edu…` (then this file re-exports
 * them), so every answer is validated before the app uses it.
 */
import { answerSchema } from '@dotink/contracts/answer';
import { z } from 'zod';

export { answerSchema };

export const teacherStatusSchema = z.enum(['ACTIVE', 'PENDING_ACTIVE']);
export type TeacherStatus = z.infer<typeof teacherStatusSchema>;

export const kumiSchema = z.object({
  eduClassId: z.number().int(),
  year: z.number().int(),
  grade: z.number().int(),
  classNum: z.number().int(),
  className: z.string(),
  schoolName: z.string(),
  semester: z.number().int().nullable(),
  curriculum_id: z.number().int().nullable(),
  totalStudents: z.number().int(),
});
export type Kumi = z.infer<typeof kumiSchema>;

export const curriculumSchema = z.object({
  id: z.number().int(),
  eduClassId: z.number().int(),
  title: z.string(),
  description: z.string(),
  className: z.string(),
  totalStudents: z.number().int(),
});
export type Curriculum = z.infer<typeof curriculumSchema>;

export const teacherInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  eduSchoolId: z.number().int().nullable(),
  eduOfficeCode: z.string(),
  schoolTypeCode: z.string(),
  schoolCode: z.string(),
  schoolName: z.string(),
  status: teacherStatusSchema,
  isSchoolAdmin: z.boolean(),
  curris: z.array(curriculumSchema),
  kumis: z.array(kumiSchema),
});
export type TeacherInfo = z.infer<typeof teacherInfoSchema>;

export const teacherRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  schoolName: z.string(),
  status: teacherStatusSchema,
  isSchoolAdmin: z.boolean(),
});
export type TeacherRow = z.infer<typeof teacherRowSchema>;

export const schoolSchema = z.object({
  eduSchoolId: z.number().int(),
  schoolName: z.string(),
  eduOfficeCode: z.string(),
  schoolTypeCode: z.string(),
  schoolCode: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

export const penAddressProblemSchema = z.enum(['invalid', 'duplicate']).nullable();

export const studentSchema = z.object({
  id: z.string(),
  eduClassId: z.number().int(),
  num: z.number().int(),
  name: z.string(),
  numName: z.string(),
  macAddress: z.string(),
  status: z.string(),
  deleteYn: z.enum(['N', 'Y']),
  /** Set by the server for an address added anyway (classroom.md §4); absent from older servers. */
  penAddressProblem: penAddressProblemSchema.optional(),
});
export type Student = z.infer<typeof studentSchema>;

/** One row of a students save: same number (or id) updates, a new number adds. */
export interface StudentRowInput {
  readonly id?: string;
  readonly num?: number;
  readonly name?: string;
  readonly macAddress?: string;
  readonly deleteYn?: 'N' | 'Y';
}

export const credentialsSchema = z.object({ studentId: z.string(), password: z.string() });
export type Credentials = z.infer<typeof credentialsSchema>;
