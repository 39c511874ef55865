/** The class form's choices (classroom.md §5, §9) and its class teacher. */
import type { TeacherRow } from '@dotink/contracts/edu';
import type { ClassBody } from '../../api/edu';

/** The current year and the next two. */
export function yearChoices(currentYear: number): number[] {
  return [currentYear, currentYear + 1, currentYear + 2];
}

/** Grades 1…n by school type code: 0 → 6 (elementary), 1 and 2 → 3, otherwise 12. */
export function gradeChoices(schoolTypeCode: string): number[] {
  const n = schoolTypeCode === '0' ? 6 : schoolTypeCode === '1' || schoolTypeCode === '2' ? 3 : 12;
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** Class numbers 1 to 20. */
export const CLASS_NUMBERS: readonly number[] = Array.from({ length: 20 }, (_, i) => i + 1);

/** The class form's values; undefined means not chosen yet. */
export interface ClassForm {
  readonly year: number | undefined;
  readonly grade: number | undefined;
  readonly classNum: number | undefined;
  readonly className: string;
  /** The class teacher (the teacher who reaches the class and holds its lectures); null: none. */
  readonly teacherId?: string | null;
}

/** True when every value is entered (else 'there is a value not entered'). */
export function isComplete(f: ClassForm): f is ClassForm & { year: number; grade: number; classNum: number } {
  return (
    f.year !== undefined && f.grade !== undefined && f.classNum !== undefined && f.className.trim() !== ''
  );
}

/**
 * The class teacher choices: the school's approved teachers by name, and the class's current
 * teacher even when no longer approved (so the dialog never drops them without a word).
 */
export function classTeacherChoices(
  teachers: readonly TeacherRow[],
  current: string | null | undefined,
): { value: string; label: string }[] {
  return teachers
    .filter((r) => r.status === 'ACTIVE' || r.id === current)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((r) => ({ value: r.id, label: r.name || r.username }));
}

/** The body the class dialog sends for a complete form. */
export function classBodyOf(
  f: ClassForm & { year: number; grade: number; classNum: number },
): ClassBody & { teacherId: string | null } {
  return {
    year: f.year,
    grade: f.grade,
    classNum: f.classNum,
    className: f.className.trim(),
    teacherId: f.teacherId ?? null,
  };
}
