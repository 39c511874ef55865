/**
 * The pupils whose QR label would carry a wrong pen address (issue 28 item 10): an address that
 * is not one, or one another pupil of the class also has (classroom.md §5 marks). Their labels
 * still print, after the teacher has read which they are.
 */
import { penAddressStatuses } from '@dotink/contracts/penAddress';
import type { Student } from '../../../api/contracts';

export interface LabelWarning {
  readonly num: number;
  readonly name: string;
  readonly status: 'invalid' | 'duplicate';
}

/** The warnings of the `chosen` pupils' labels, duplicates judged over the whole `roster`. */
export function labelWarnings(chosen: readonly Student[], roster: readonly Student[]): LabelWarning[] {
  const statuses = penAddressStatuses(roster.map((s) => s.macAddress));
  const byId = new Map(roster.map((s, i) => [s.id, statuses[i]!]));
  const out: LabelWarning[] = [];
  for (const s of chosen) {
    const status = byId.get(s.id) ?? penAddressStatuses([s.macAddress])[0]!;
    if (status !== 'none') out.push({ num: s.num, name: s.name, status });
  }
  return out;
}
