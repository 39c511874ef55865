/**
 * Students of a class (classroom.md §3, §5): listing, and saving a list of rows where the same
 * registration number (or the student id) updates the existing student and a new number adds
 * one. Students are never deleted, only marked `deleteYn: 'Y'` (hidden).
 */

import type { PenAddressProblem, Student, StudentStatus } from '@dotink/contracts/edu';
import { rosterName, rosterRowProblems } from '@dotink/contracts/studentRoster';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { AccountStore, PreparedStudent } from '../../identity/accounts';
import { isoOrNull } from '../fields';
import { EduMessage } from '../messages';
import { duplicatePenAddresses, NO_PEN_ADDRESS, normalizePenAddress } from './penAddress';

/** Every student of a class, deleted ones included (the apps hide them), by number. */
export async function listStudents(db: Kysely<Database>, classId: number): Promise<Student[]> {
  const rows = await db
    .selectFrom('students')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('watch_events')
          .select((w) => [
            'watch_events.student_id',
            w.fn.max('watch_events.at').as('last_watch'),
            w.fn.countAll<number>().as('watch_count'),
          ])
          .where('watch_events.kind', '=', 'watch')
          .where('watch_events.student_id', 'in', (q) =>
            q.selectFrom('students').select('students.account_id').where('students.class_id', '=', classId),
          )
          .groupBy('watch_events.student_id')
          .as('w'),
      (join) => join.onRef('w.student_id', '=', 'students.account_id'),
    )
    .select([
      'students.account_id',
      'students.class_id',
      'students.num',
      'students.name',
      'students.mac_address',
      'students.status',
      'students.delete_yn',
      'w.last_watch',
      'w.watch_count',
    ])
    .where('students.class_id', '=', classId)
    .orderBy('students.num')
    .execute();
  const problems = penAddressProblems(rows.map((r) => ({ mac: r.mac_address, deleteYn: r.delete_yn })));
  return rows.map((r, i) => ({
    id: r.account_id,
    eduClassId: r.class_id,
    num: r.num,
    name: r.name,
    numName: `${r.num} ${r.name}`,
    macAddress: r.mac_address,
    status: r.status,
    deleteYn: r.delete_yn,
    lastWatch: isoOrNull(r.last_watch ? new Date(r.last_watch) : null),
    watchCount: Number(r.watch_count ?? 0),
    penAddressProblem: problems[i]!,
  }));
}

/**
 * What is wrong with each stored pen address (classroom.md §4 row status): `invalid` when it is
 * no pen address (kept as typed by an "add anyway" import), `duplicate` when another student not
 * deleted has it (the all-zero "no pen" never counts), else null.
 */
export function penAddressProblems(
  students: readonly { mac: string; deleteYn: 'N' | 'Y' }[],
): (PenAddressProblem | null)[] {
  const twice = duplicatePenAddresses(
    students.filter((s) => s.deleteYn === 'N' && normalizePenAddress(s.mac) !== undefined).map((s) => s.mac),
  );
  return students.map((s) => {
    if (normalizePenAddress(s.mac) === undefined) return 'invalid';
    return s.deleteYn === 'N' && twice.has(s.mac) ? 'duplicate' : null;
  });
}

/** How a save treats pen-address problems. */
export interface SaveOptions {
  /**
   * Store rows whose pen address is invalid (kept as typed) or duplicated, flagged in the
   * answer (§4 "add anyway"); without it such a list is refused whole.
   */
  readonly addAnyway?: boolean | undefined;
  /** The server clock's time, for `updated_at`. */
  readonly nowMs: number;
}

/** One row of a save request; absent fields keep their value (or take defaults when new). */
export interface StudentInput {
  readonly id?: string | undefined;
  readonly num?: number | undefined;
  readonly name?: string | undefined;
  readonly macAddress?: string | undefined;
  readonly status?: StudentStatus | undefined;
  readonly deleteYn?: 'N' | 'Y' | undefined;
}

interface Planned {
  id: string | null;
  num: number;
  name: string;
  mac: string;
  status: string;
  deleteYn: 'N' | 'Y';
  changed: boolean;
  originalNum: number | null;
}

/**
 * The pen address of a row in canonical form; an invalid one is refused (400 'pen information
 * may have been entered wrongly') or, with `addAnyway`, kept as typed.
 */
function penOf(value: string, addAnyway: boolean): string {
  const mac = normalizePenAddress(value);
  if (mac !== undefined) return mac;
  if (addAnyway) return value.trim();
  throw badRequest(EduMessage.penInvalid);
}

/** Works out the class after the rows are applied, or throws the 400 that refuses them. */
function plan(existing: readonly Planned[], rows: readonly StudentInput[], addAnyway: boolean): Planned[] {
  const state = existing.map((s) => ({ ...s }));
  const penOfRow = (value: string) => penOf(value, addAnyway);
  // the list rule the import preview shows on its rows (@dotink/contracts/studentRoster)
  const problems = rosterRowProblems(rows);
  if (problems.includes('numberTwice')) throw badRequest(EduMessage.studentNumberTwice);
  if (problems.includes('nameTooLong')) throw badRequest(EduMessage.nameTooLong);
  for (const row of rows) {
    let target: Planned | undefined;
    if (row.id !== undefined) {
      target = state.find((s) => s.id === row.id);
      if (!target) throw badRequest(EduMessage.noStudents);
    } else if (row.num !== undefined) {
      target = state.find((s) => s.num === row.num);
    }
    // no name (absent, empty or blank): a new pupil has none yet, an existing one keeps theirs
    const name = rosterName(row.name);
    if (target) {
      if (row.num !== undefined) target.num = row.num;
      if (name !== undefined) target.name = name;
      if (row.macAddress !== undefined) target.mac = penOfRow(row.macAddress);
      if (row.status !== undefined) target.status = row.status;
      if (row.deleteYn !== undefined) target.deleteYn = row.deleteYn;
      target.changed = true;
    } else {
      const num = row.num ?? Math.max(0, ...state.map((s) => s.num)) + 1;
      state.push({
        id: null,
        num,
        name: name ?? '',
        mac: row.macAddress === undefined ? NO_PEN_ADDRESS : penOfRow(row.macAddress),
        status: row.status ?? 'ACTIVE',
        deleteYn: row.deleteYn ?? 'N',
        changed: true,
        originalNum: null,
      });
    }
  }
  if (new Set(state.map((s) => s.num)).size !== state.length) throw badRequest(EduMessage.studentNumberTaken);
  if (!addAnyway) {
    // Refused when a row of this request shares an address; duplicates stored earlier with
    // "add anyway" do not block saving other rows.
    const live = state.filter((s) => s.deleteYn === 'N');
    const twice = duplicatePenAddresses(live.map((s) => s.mac));
    if (live.some((s) => s.changed && twice.has(s.mac))) throw badRequest(EduMessage.penDuplicated);
  }
  return state;
}

/** The class's students as the plan starts from them (locked with `forUpdate` in a transaction). */
async function currentStudents(
  db: Kysely<Database>,
  classId: number,
  forUpdate: boolean,
): Promise<Planned[]> {
  let q = db.selectFrom('students').selectAll().where('class_id', '=', classId).orderBy('num');
  if (forUpdate) q = q.forUpdate();
  return (await q.execute()).map((s) => ({
    id: s.account_id,
    num: s.num,
    name: s.name,
    mac: s.mac_address,
    status: s.status,
    deleteYn: s.delete_yn,
    changed: false,
    originalNum: s.num,
  }));
}

/** Students the plan adds (no account yet). */
const newStudents = (planned: readonly Planned[]) => planned.filter((s) => s.id === null);

/**
 * Applies `rows` to the class in one transaction: a row with `id`, or with the number of an
 * existing student, updates that student; any other row adds a student (number defaulting to the
 * largest plus one, pen address to zeros) with a new student account. Refused whole (400) on a
 * number given twice or taken, an unknown id, a name too long (the list rule of
 * `@dotink/contracts/studentRoster`, which the import preview shows on its rows), or — unless `addAnyway` — an
 * invalid pen address or one a changed row shares with another non-deleted student.
 *
 * The new accounts' password hashes (milliseconds each) are made before the transaction, for as
 * many new students as the rows add to the class as it is now; the transaction only writes, in
 * multi-row statements, so it holds the database (PGlite's one session) for milliseconds even for
 * 1,000 pupils. Should the class change in between so that more accounts are needed, more are
 * prepared and the transaction runs again.
 */
export async function saveStudents(
  db: Kysely<Database>,
  accounts: AccountStore,
  classId: number,
  rows: readonly StudentInput[],
  options: SaveOptions,
): Promise<void> {
  const addAnyway = options.addAnyway === true;
  const prepared: PreparedStudent[] = [];
  for (;;) {
    const needed = newStudents(plan(await currentStudents(db, classId, false), rows, addAnyway)).length;
    if (needed > prepared.length)
      prepared.push(...(await accounts.prepareStudents(needed - prepared.length)));
    const written = await db
      .transaction()
      .execute((tx) => saveStudentsIn(tx, accounts, classId, rows, prepared, options));
    if ('used' in written) return;
  }
}

/**
 * {@link saveStudents} inside the caller's transaction, with accounts prepared beforehand (the
 * first ones of `prepared` are taken). Answers how many it used, or, writing nothing, how many
 * new accounts the rows need when `prepared` has fewer; throws the 400 that refuses the rows.
 */
export async function saveStudentsIn(
  tx: Transaction<Database>,
  accounts: AccountStore,
  classId: number,
  rows: readonly StudentInput[],
  prepared: readonly PreparedStudent[],
  options: SaveOptions,
): Promise<{ used: number } | { needed: number }> {
  const planned = plan(await currentStudents(tx, classId, true), rows, options.addAnyway === true);
  const needed = newStudents(planned).length;
  if (needed > prepared.length) return { needed };
  await write(tx, accounts, classId, planned, prepared, new Date(options.nowMs));
  return { used: needed };
}

async function write(
  tx: Transaction<Database>,
  accounts: AccountStore,
  classId: number,
  planned: readonly Planned[],
  prepared: readonly PreparedStudent[],
  now: Date,
): Promise<void> {
  // Renumbered students step aside first, so swapped numbers never collide.
  const renumbered = planned.filter((s) => s.id !== null && s.num !== s.originalNum);
  for (const [i, s] of renumbered.entries()) {
    await tx
      .updateTable('students')
      .set({ num: -1 - i })
      .where('account_id', '=', s.id!)
      .execute();
  }
  for (const s of planned) {
    if (!s.changed || s.id === null) continue;
    await tx
      .updateTable('students')
      .set({
        num: s.num,
        name: s.name,
        mac_address: s.mac,
        status: s.status,
        delete_yn: s.deleteYn,
        updated_at: now,
      })
      .where('account_id', '=', s.id)
      .execute();
    await tx.updateTable('accounts').set({ name: s.name, updated_at: now }).where('id', '=', s.id).execute();
  }
  const added = newStudents(planned).map((s, i) => ({ student: s, prepared: prepared[i]! }));
  if (added.length === 0) return;
  await accounts.insertStudents(
    added.map((a) => ({ prepared: a.prepared, name: a.student.name })),
    tx,
  );
  const col = <T>(f: (a: (typeof added)[number]) => T) => added.map(f);
  await sql`
    insert into students (account_id, class_id, num, name, mac_address, status, delete_yn)
    select t.id, ${classId}::int, t.num, t.name, t.mac, t.status, t.deleted
    from unnest(${col((a) => a.prepared.id)}::text[], ${col((a) => a.student.num)}::int[],
                ${col((a) => a.student.name)}::text[], ${col((a) => a.student.mac)}::text[],
                ${col((a) => a.student.status)}::text[], ${col((a) => a.student.deleteYn)}::text[])
      as t(id, num, name, mac, status, deleted)`.execute(tx);
}
