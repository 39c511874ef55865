/**
 * Classes (kumi, classroom.md §3): listing in the spec's order (year, grade, class number,
 * class name) and registration with the class-form rules of §5 / §9.
 */

import type { Kumi } from '@dotink/contracts/edu';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { builtinTextbookForGrade } from '../../seed/builtinTextbooks';
import { isBlank, isUniqueViolation } from '../fields';
import { EduMessage } from '../messages';

/** The classes of a school, sorted by year, grade, class number, then class name. */
export async function listClasses(
  db: Kysely<Database>,
  schoolId: number,
  filter: { year?: number | undefined } = {},
): Promise<Kumi[]> {
  let q = db
    .selectFrom('classes')
    .innerJoin('schools', 'schools.id', 'classes.school_id')
    .select((eb) => [
      'classes.id',
      'classes.year',
      'classes.grade',
      'classes.class_num',
      'classes.class_name',
      'classes.semester',
      'classes.builtin_textbook_id',
      'schools.name as school_name',
      eb
        .selectFrom('students')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('students.class_id', '=', 'classes.id')
        .where('students.delete_yn', '=', 'N')
        .as('total_students'),
    ])
    .where('classes.school_id', '=', schoolId);
  if (filter.year !== undefined) q = q.where('classes.year', '=', filter.year);
  const rows = await q
    .orderBy('classes.year')
    .orderBy('classes.grade')
    .orderBy('classes.class_num')
    .orderBy('classes.class_name')
    .execute();
  return rows.map((r) => ({
    eduClassId: r.id,
    year: r.year,
    grade: r.grade,
    classNum: r.class_num,
    className: r.class_name,
    schoolName: r.school_name,
    semester: r.semester,
    curriculum_id: r.builtin_textbook_id,
    totalStudents: Number(r.total_students ?? 0),
  }));
}

/** Highest grade a school type offers (§5: code 0 gives 6, codes 1 and 2 give 3, others 12). */
export function maxGrade(schoolTypeCode: string): number {
  const code = schoolTypeCode.trim();
  if (code === '0') return 6;
  if (code === '1' || code === '2') return 3;
  return 12;
}

/** Class numbers 1 to 20 (§9). */
export const MAX_CLASS_NUM = 20;
/** Years offered: the current one and the next two (§5). */
export const CLASS_YEARS_AHEAD = 2;

/** The default class name for a year, grade and class number. */
export function defaultClassName(year: number, grade: number, classNum: number): string {
  return `${year}학년도 ${grade}학년 ${classNum}반`;
}

export interface NewClassInput {
  readonly year?: number | undefined;
  readonly grade?: number | undefined;
  readonly classNum?: number | undefined;
  readonly className?: string | undefined;
}

/**
 * Registers a class of the school. The semester and `curriculum_id` (built-in book) follow from
 * the grade. 400 for a missing or out-of-range value, 409 when the class already exists.
 */
export async function createClass(
  db: Kysely<Database>,
  school: { id: number; school_type_code: string },
  teacherId: string,
  input: NewClassInput,
  currentYear: number,
): Promise<number> {
  const { year, grade, classNum } = input;
  if (year === undefined || grade === undefined || classNum === undefined)
    throw badRequest(EduMessage.classValueMissing);
  if (year < currentYear || year > currentYear + CLASS_YEARS_AHEAD) throw badRequest(EduMessage.yearRange);
  if (grade < 1 || grade > maxGrade(school.school_type_code)) throw badRequest(EduMessage.gradeRange);
  if (classNum < 1 || classNum > MAX_CLASS_NUM) throw badRequest(EduMessage.classNumRange);
  const className = isBlank(input.className)
    ? defaultClassName(year, grade, classNum)
    : input.className!.trim();
  const gradeBook = builtinTextbookForGrade(grade);
  // The catalogue is written at start; without it the class simply has no book.
  const book =
    gradeBook === null
      ? undefined
      : await db.selectFrom('builtin_textbooks').select('id').where('id', '=', gradeBook).executeTakeFirst();
  const bookId = book?.id ?? null;
  try {
    const row = await db
      .insertInto('classes')
      .values({
        school_id: school.id,
        teacher_id: teacherId,
        year,
        grade,
        class_num: classNum,
        class_name: className,
        semester: bookId === null ? null : 1,
        builtin_textbook_id: bookId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EduMessage.classInUse);
    throw error;
  }
}
