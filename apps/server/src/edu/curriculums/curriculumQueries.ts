/**
 * Lectures (curriculums, the course cards of classroom.md §3): reading them with their class
 * and school, and the create/edit rules of the course dialog (§5): class and title required,
 * description at most 40 characters, one lecture of a title per class ('already existing class').
 */

import type { Curriculum } from '@dotink/contracts/edu';
import { MAX_DESCRIPTION } from '@dotink/contracts/edu';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { isBlank, isoOrNull } from '../fields';
import { EduMessage } from '../messages';

/** Lectures, with their class and school, by id (filters: teacher, id, class). */
export async function findCurriculums(
  db: Kysely<Database>,
  filter: { teacherId?: string; id?: number; classId?: number | undefined },
): Promise<Curriculum[]> {
  let q = db
    .selectFrom('curriculums')
    .innerJoin('classes', 'classes.id', 'curriculums.class_id')
    .innerJoin('schools', 'schools.id', 'classes.school_id')
    .selectAll('curriculums')
    .select((eb) => [
      'classes.class_name',
      'schools.name as school_name',
      eb
        .selectFrom('students')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('students.class_id', '=', 'classes.id')
        .where('students.delete_yn', '=', 'N')
        .as('total_students'),
    ]);
  if (filter.teacherId !== undefined) q = q.where('curriculums.teacher_id', '=', filter.teacherId);
  if (filter.id !== undefined) q = q.where('curriculums.id', '=', filter.id);
  if (filter.classId !== undefined) q = q.where('curriculums.class_id', '=', filter.classId);
  const rows = await q.orderBy('curriculums.id').execute();
  return rows.map((r) => ({
    id: r.id,
    eduClassId: r.class_id,
    eduSubjectId: r.subject_id,
    eduTeacherId: r.teacher_id,
    title: r.title,
    description: r.description,
    status: r.status,
    startAt: isoOrNull(r.start_at),
    endAt: isoOrNull(r.end_at),
    className: r.class_name,
    eduClassName: r.class_name,
    totalStudents: Number(r.total_students ?? 0),
    schoolName: r.school_name,
    createdAt: r.created_at.toISOString(),
    modifiedAt: r.modified_at.toISOString(),
  }));
}

/** One lecture by id (it exists: callers checked access first). */
export async function curriculumById(db: Kysely<Database>, id: number): Promise<Curriculum> {
  const [row] = await findCurriculums(db, { id });
  if (!row) throw new Error(`curriculum ${id} vanished`);
  return row;
}

/** The editable fields of a lecture, as sent. */
export interface CurriculumInput {
  readonly eduClassId?: number | undefined;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly eduSubjectId?: number | null | undefined;
  readonly status?: string | undefined;
  readonly startAt?: string | null | undefined;
  readonly endAt?: string | null | undefined;
}

/** Checks a lecture's fields: 400 'There is a value that was not entered', or too long. */
export function checkCurriculum(input: CurriculumInput, creating: boolean): void {
  if (creating && (input.eduClassId === undefined || isBlank(input.title)))
    throw badRequest(EduMessage.valueMissing);
  if (!creating && input.title !== undefined && isBlank(input.title))
    throw badRequest(EduMessage.valueMissing);
  if (input.description !== undefined && [...input.description].length > MAX_DESCRIPTION)
    throw badRequest(EduMessage.descriptionTooLong);
}

/** 400 'already existing class' when another lecture of the class has this title. */
export async function refuseDuplicateTitle(
  db: Kysely<Database>,
  classId: number,
  title: string,
  exceptId?: number,
): Promise<void> {
  let q = db
    .selectFrom('curriculums')
    .select('id')
    .where('class_id', '=', classId)
    .where('title', '=', title.trim());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw badRequest(EduMessage.existingClass);
}
