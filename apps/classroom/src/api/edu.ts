/**
 * The education API calls of classroom.md §7, typed end to end: each validates its answer with
 * the shared schema. Components never call these directly; they use the hooks of `queries.ts`.
 */
import { z } from 'zod';
import type { Call } from './client';
import {
  answerSchema,
  credentialsSchema,
  kumiSchema,
  type StudentRowInput,
  schoolSchema,
  studentSchema,
  type TeacherStatus,
  teacherInfoSchema,
  teacherRowSchema,
} from './contracts';

const any = z.unknown();

/** The calls, bound to one call layer. */
export function eduApi(call: Call) {
  const data = async <S extends z.ZodType>(schema: S, path: string, init?: Parameters<Call>[2]) =>
    ((await call(answerSchema(schema), path, init)) as { data: z.infer<S> }).data;
  return {
    teacher: () => data(teacherInfoSchema, '/edu/v1/teacher'),
    registerSchool: (eduSchoolId: number | undefined, checkCode: string) =>
      data(teacherInfoSchema, '/edu/v1/teacher', { method: 'POST', body: { eduSchoolId, checkCode } }),
    teachers: async () =>
      (await data(z.object({ teachers: z.array(teacherRowSchema) }), '/edu/v1/teachers')).teachers,
    setTeacherStatus: (teacherId: string, status: TeacherStatus) =>
      data(any, `/edu/v1/teacher/${encodeURIComponent(teacherId)}`, { method: 'PUT', body: { status } }),
    /** Rejects a request for the administrator's school: the teacher chooses their school again. */
    rejectTeacher: (teacherId: string) =>
      data(any, `/edu/v1/teacher/${encodeURIComponent(teacherId)}/school`, { method: 'DELETE' }),
    schools: async (schoolName: string) =>
      (await data(z.object({ schools: z.array(schoolSchema) }), '/edu/v1/schools', { query: { schoolName } }))
        .schools,
    classes: async () => (await data(z.object({ classes: z.array(kumiSchema) }), '/edu/v1/classes')).classes,
    createClass: (body: ClassBody) =>
      data(z.object({ eduClassId: z.number().int() }), '/edu/v1/class', { method: 'POST', body }),
    updateClass: (eduClassId: number, body: Partial<ClassBody>) =>
      data(any, `/edu/v1/class/${eduClassId}`, { method: 'PUT', body }),
    students: async (eduClassId: number) =>
      (await data(z.object({ students: z.array(studentSchema) }), `/edu/v1/class/${eduClassId}/students`))
        .students,
    /** The administrator's save (`addAnyway`: keep wrong or duplicated addresses, flagged). */
    saveStudentsAdmin: async (eduClassId: number, rows: readonly StudentRowInput[], addAnyway = false) =>
      (
        await data(
          z.object({ students: z.array(studentSchema) }),
          `/edu/v1/class/admin/${eduClassId}/students`,
          {
            method: 'POST',
            body: rows,
            ...(addAnyway ? { query: { addAnyway: 'true' } } : {}),
          },
        )
      ).students,
    /** The teacher's save of edited rows. */
    saveStudents: async (eduClassId: number, rows: readonly StudentRowInput[]) =>
      (
        await data(z.object({ students: z.array(studentSchema) }), `/edu/v1/class/${eduClassId}/students`, {
          method: 'PUT',
          body: rows,
        })
      ).students,
    credentials: (eduClassId: number, studentId: string) =>
      data(
        credentialsSchema,
        `/edu/v1/class/${eduClassId}/students/${encodeURIComponent(studentId)}/credentials`,
      ),
  };
}

export type EduApi = ReturnType<typeof eduApi>;

/** A class as the class dialog sends it. */
export interface ClassBody {
  readonly year: number;
  readonly grade: number;
  readonly classNum: number;
  readonly className: string;
  /** The class teacher (a teacher of the school); null: none; absent: unchanged (or the caller). */
  readonly teacherId?: string | null;
}
