/**
 * Inline editing of the student table (classroom.md §4, §5) as pure functions: the current
 * value of each field, the changed flag, the pen-address mark of each row among the list
 * (invalid red '(error)', duplicate green '(duplicate)'), and the row a save sends.
 */
import { normalizePenAddress, type PenAddressStatus, penAddressStatuses } from '@dotink/contracts/penAddress';
import type { Student, StudentRowInput } from '../../api/contracts';

/** The fields being edited of one row. */
export interface Edit {
  readonly name: string;
  readonly mac: string;
}

export type Edits = Readonly<Record<string, Edit>>;

/** A row as the table shows it. */
export interface RowView {
  readonly student: Student;
  readonly name: string;
  readonly mac: string;
  readonly changed: boolean;
  readonly mark: PenAddressStatus;
}

/** The shown value of each row, its changed flag and its pen-address mark. */
export function rowViews(students: readonly Student[], edits: Edits): RowView[] {
  const current = students.map((s) => edits[s.id] ?? { name: s.name, mac: s.macAddress });
  const marks = penAddressStatuses(current.map((c) => c.mac));
  return students.map((s, i) => {
    const c = current[i]!;
    const edited = edits[s.id] !== undefined;
    const changed = edited && (c.name !== s.name || normalizePenAddress(c.mac) !== s.macAddress);
    // an address added anyway keeps the server's flag until it is edited (classroom.md §4)
    const mark = !edited && s.penAddressProblem ? s.penAddressProblem : marks[i]!;
    return { student: s, name: c.name, mac: c.mac, changed, mark };
  });
}

/** True when some row is marked: the header's warnings show. */
export function hasWrongPens(rows: readonly RowView[]): boolean {
  return rows.some((r) => r.mark !== 'none');
}

/** The save row of an edited student: same id and number, the name, the canonical address. */
export function saveRowOf(row: RowView): StudentRowInput {
  return {
    id: row.student.id,
    num: row.student.num,
    name: row.name.trim(),
    macAddress: normalizePenAddress(row.mac) ?? row.mac,
  };
}

/** A typed address in canonical form when it is one (colons added, zeros padded), else as typed. */
export function tidyAddress(typed: string): string {
  return normalizePenAddress(typed) ?? typed;
}

/** The last 8 characters of an address, as printed on a QR label (classroom.md §9). */
export function addressTail(address: string): string {
  return address.slice(-8);
}
