/**
 * Classes (kumi, classroom.md §3): listing in the spec's order (year, grade, class number,
 * class name) and registration with the class-form rules of §5 / §9.
 */

import type { Kumi } from '@dotink/contracts/edu';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { builtinTextbookForGrade } from '../../seed/builtinTextbooks';
import { taughtClassIds } from '../access';
import { isBlank, isUniqueViolation } from '../fields';
import { EduMessage } from '../messages';

/**
 * The classes of a school, sorted by year, grade, class number, then class name; with
 * `teacherId`, only those that teacher teaches (classroom.md §6: a teacher's own classes).
 */
export async function listClasses(
  db: Kysely<Database>,
  schoolId: number,
  filter: { year?: number | undefined; teacherId?: string | undefined } = {},
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
      'classes.teacher_id',
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
  if (filter.teacherId !== undefined) q = q.where('classes.id', 'in', taughtClassIds(db, filter.teacherId));
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
    teacherId: r.teacher_id,
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
  /** The class teacher; null: none, undefined: the default (creating) or unchanged (editing). */
  readonly teacherId?: string | null | undefined;
}

/** 400 unless `teacherId` is a teacher of the school. */
export async function checkClassTeacher(
  db: Kysely<Database>,
  schoolId: number,
  teacherId: string,
): Promise<void> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', teacherId)
    .where('kind', '=', 'teacher')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!row) throw badRequest(EduMessage.classTeacherUnknown);
}

/** Checks year, grade and class number against the class form's rules (§5, §9); 400 otherwise. */
function checkClassValues(
  school: { school_type_code: string },
  v: { year: number; grade: number; classNum: number },
  years: { from: number; to: number },
): void {
  if (v.year < years.from || v.year > years.to) throw badRequest(EduMessage.yearRange);
  if (v.grade < 1 || v.grade > maxGrade(school.school_type_code)) throw badRequest(EduMessage.gradeRange);
  if (v.classNum < 1 || v.classNum > MAX_CLASS_NUM) throw badRequest(EduMessage.classNumRange);
}

/** The built-in book of a grade, when the catalogue has it (else the class has no book). */
async function gradeBookId(db: Kysely<Database>, grade: number): Promise<number | null> {
  const gradeBook = builtinTextbookForGrade(grade);
  const book =
    gradeBook === null
      ? undefined
      : await db.selectFrom('builtin_textbooks').select('id').where('id', '=', gradeBook).executeTakeFirst();
  return book?.id ?? null;
}

/**
 * Edits a registered class of the school (§5: a class is edited, never deleted). Fields not given
 * keep their value; the semester and built-in book follow a new grade. A changed year must be
 * this year or one of the next two (an unchanged past year stays). 400 for an out-of-range
 * value or an unknown class teacher, 409 when another class of the school has the same year,
 * grade and class number.
 */
export async function updateClass(
  db: Kysely<Database>,
  school: { id: number; school_type_code: string },
  current: { id: number; year: number; grade: number; class_num: number; class_name: string },
  input: NewClassInput,
  currentYear: number,
): Promise<void> {
  const year = input.year ?? current.year;
  const grade = input.grade ?? current.grade;
  const classNum = input.classNum ?? current.class_num;
  const from = year === current.year ? Math.min(year, currentYear) : currentYear;
  checkClassValues(school, { year, grade, classNum }, { from, to: currentYear + CLASS_YEARS_AHEAD });
  if (input.className !== undefined && isBlank(input.className))
    throw badRequest(EduMessage.classValueMissing);
  if (input.teacherId) await checkClassTeacher(db, school.id, input.teacherId);
  const bookId = grade === current.grade ? undefined : await gradeBookId(db, grade);
  try {
    await db
      .updateTable('classes')
      .set({
        year,
        grade,
        class_num: classNum,
        class_name: input.className === undefined ? current.class_name : input.className.trim(),
        ...(bookId === undefined
          ? {}
          : { builtin_textbook_id: bookId, semester: bookId === null ? null : 1 }),
        ...(input.teacherId === undefined ? {} : { teacher_id: input.teacherId }),
      })
      .where('id', '=', current.id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EduMessage.classInUse);
    throw error;
  }
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
  checkClassValues(
    school,
    { year, grade, classNum },
    { from: currentYear, to: currentYear + CLASS_YEARS_AHEAD },
  );
  if (input.teacherId) await checkClassTeacher(db, school.id, input.teacherId);
  const className = isBlank(input.className)
    ? defaultClassName(year, grade, classNum)
    : input.className!.trim();
  // The catalogue is written at start; without it the class simply has no book.
  const bookId = await gradeBookId(db, grade);
  try {
    const row = await db
      .insertInto('classes')
      .values({
        school_id: school.id,
        teacher_id: input.teacherId === undefined ? teacherId : input.teacherId,
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
