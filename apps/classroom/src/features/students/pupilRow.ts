/**
 * Adding one pupil by hand (classroom.md §5 "row appending enabled only when all columns are
 * non-empty"): the row's number, name and pen address, checked before it is sent.
 */
import { normalizePenAddress } from '@dotink/contracts/penAddress';

export interface PupilDraft {
  readonly num: string;
  readonly name: string;
  readonly mac: string;
}

export type PupilDraftCheck =
  | { readonly ok: true; readonly row: { num: number; name: string; macAddress: string } }
  | { readonly ok: false; readonly problem: 'empty' | 'number' | 'takenNumber' | 'pen' | 'takenPen' };

/**
 * The row to send, or why not: every column filled, a whole registration number not already in
 * the class, a pen address (any §5 form, sent canonical) no other pupil of the class has.
 */
export function checkPupilDraft(
  d: PupilDraft,
  classmates: readonly { readonly num: number; readonly macAddress: string }[],
): PupilDraftCheck {
  const num = d.num.trim();
  const name = d.name.trim();
  if (num === '' || name === '' || d.mac.trim() === '') return { ok: false, problem: 'empty' };
  if (!/^\d{1,9}$/.test(num) || Number(num) < 1) return { ok: false, problem: 'number' };
  if (classmates.some((s) => s.num === Number(num))) return { ok: false, problem: 'takenNumber' };
  const mac = normalizePenAddress(d.mac.trim().toUpperCase());
  if (mac === undefined) return { ok: false, problem: 'pen' };
  if (classmates.some((s) => normalizePenAddress(s.macAddress) === mac))
    return { ok: false, problem: 'takenPen' };
  return { ok: true, row: { num: Number(num), name, macAddress: mac } };
}
