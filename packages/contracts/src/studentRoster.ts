/**
 * The one rule of a pupil list the import preview and the students save both apply (classroom.md
 * §5): what the preview accepts, the server saves; what the server refuses, the preview shows on
 * its row before saving.
 *
 * - A row without a name is a pupil without a name: shown '(no name)', saved with an empty name
 *   (a pupil already in the class keeps the name it has) and named later in the student table.
 * - A row without a number gets the next one ('(auto number)').
 * - A registration number given on two rows of one list is refused: both rows are named.
 * - A name longer than {@link MAX_STUDENT_NAME} characters is refused on its row.
 * - Pen address problems are flags, not refusals: the list is saved "anyway" and they stay marked.
 */

/** Longest pupil name (characters). */
export const MAX_STUDENT_NAME = 100;

/** Why the server refuses a row of a list. */
export type RosterRowProblem = 'numberTwice' | 'nameTooLong';

/** What the rule reads of a row. */
export interface RosterRow {
  readonly num?: number | undefined;
  readonly name?: string | undefined;
}

/** Each row's problem (undefined: the row is saved). */
export function rosterRowProblems(rows: readonly RosterRow[]): (RosterRowProblem | undefined)[] {
  const seen = new Map<number, number>();
  for (const r of rows) if (r.num !== undefined) seen.set(r.num, (seen.get(r.num) ?? 0) + 1);
  return rows.map((r) => {
    if (r.num !== undefined && (seen.get(r.num) ?? 0) > 1) return 'numberTwice';
    if (r.name !== undefined && r.name.trim().length > MAX_STUDENT_NAME) return 'nameTooLong';
    return undefined;
  });
}

/** The name a row gives a pupil: undefined when it gives none (an empty or blank cell). */
export function rosterName(name: string | undefined): string | undefined {
  const trimmed = name?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
