/**
 * Importing a OneRoster 1.2 CSV roster into the administrator's school (issue 30 item 3).
 *
 * - Schools: the roster's orgs of type `school` are matched to the administrator's school by
 *   `identifier` (the school's authentication code, or its school code) or by name. A roster
 *   whose orgs file names schools but none of them is ours is refused whole; classes of other
 *   schools get a row problem each and are left out.
 * - Classes: by `sourcedId` (stored, `classes.oneroster_id`), else the school's class of the same
 *   year, grade and class number not imported before (it is linked), else a new class. Year: the
 *   school year of the class's first term; grade: the first of `grades` (CEDS `03` → 3); class
 *   number: a numeric `classCode`, else the one it has, else the next free one.
 *   Classes are never deleted (classroom.md §5): `tobedeleted` hides the class's imported pupils.
 * - Teachers: a `teacher` enrollment's user is matched by e-mail (or username) to a teacher of the
 *   school and becomes the class teacher (a `primary` enrollment first); an unknown one is a row problem.
 * - Pupils: `student` enrollments, by `sourcedId` within the class (`students.oneroster_id`),
 *   else by number; number: a numeric `identifier`, else the one the pupil has, else the next free.
 *   Name: family name then given name (no space when both are written in CJK), else given then
 *   family. Pen addresses are never touched. A bulk enrollments file is the whole class: imported
 *   pupils it no longer names are hidden (`deleteYn: 'Y'`); in a delta only `tobedeleted` hides.
 *
 * Preview and apply run the same plan; applying writes only what differs, so a second import of
 * the same roster changes nothing.
 */
import type { OneRosterImportData, OneRosterImportProblem } from '@dotink/contracts/eduOneRoster';
import type { OneRoster, OneRosterUser } from '@dotink/contracts/oneRoster';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { AccountStore, PreparedStudent } from '../../identity/accounts';
import { MAX_CLASS_NUM, maxGrade } from '../classes/classQueries';
import { EduMessage } from '../messages';
import { saveStudentsIn } from '../students/studentQueries';

const CJK = /^[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u;

/** The name a OneRoster user gets as a pupil ('-' stands for no name part, as the export writes). */
export function pupilName(u: Pick<OneRosterUser, 'givenName' | 'familyName'>): string {
  const given = u.givenName === '-' ? '' : u.givenName;
  const family = u.familyName === '-' ? '' : u.familyName;
  if (CJK.test(given) && CJK.test(family)) return family + given;
  return [given, family].filter((s) => s !== '').join(' ');
}

const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

interface SchoolRow {
  id: number;
  name: string;
  edu_office_code: string;
  school_type_code: string;
  school_code: string;
}

interface ClassPlan {
  sourcedId: string;
  title: string;
  existingId: number | null;
  year: number;
  grade: number;
  classNum: number;
  teacherId: string | null;
  teacherName: string | null;
  action: 'create' | 'update' | 'unchanged';
  pupils: { id?: string; num: number; name: string; deleteYn?: 'Y' | 'N'; sourcedId: string | null }[];
  pupilsNew: number;
  pupilsUpdated: number;
  pupilsRemoved: number;
  pupilsTotal: number;
}

export interface ImportPlan {
  readonly data: Omit<OneRosterImportData, 'applied'>;
  readonly classes: readonly ClassPlan[];
}

const gradeOf = (grades: readonly string[]): number | undefined => {
  const g = grades[0];
  return g !== undefined && /^\d{1,2}$/.test(g) ? Number(g) : undefined;
};

/** Works out what the roster does to the school; throws the 400 that refuses it whole. */
export async function planImport(
  db: Kysely<Database>,
  schoolId: number,
  roster: OneRoster,
  currentYear: number,
): Promise<ImportPlan> {
  const school: SchoolRow = await db
    .selectFrom('schools')
    .select(['id', 'name', 'edu_office_code', 'school_type_code', 'school_code'])
    .where('id', '=', schoolId)
    .executeTakeFirstOrThrow();
  const problems: OneRosterImportProblem[] = [...roster.problems];
  const authCode = `${school.edu_office_code}${school.school_type_code}${school.school_code}`.toUpperCase();

  // schools
  const schoolOrgs = roster.orgs.filter((o) => o.type === 'school');
  const ours = new Set(
    schoolOrgs
      .filter(
        (o) =>
          (o.identifier !== undefined &&
            [authCode, school.school_code.toUpperCase()].includes(o.identifier.toUpperCase())) ||
          norm(o.name) === norm(school.name),
      )
      .map((o) => o.sourcedId),
  );
  if (schoolOrgs.length > 0 && ours.size === 0) throw badRequest(EduMessage.oneRosterOtherSchool);
  for (const o of schoolOrgs)
    if (!ours.has(o.sourcedId))
      problems.push({ file: 'orgs', row: o.row, code: 'otherSchool', column: 'name', value: o.name });
  const isOurs = (orgId: string) => roster.modes.orgs === 'absent' || ours.has(orgId);

  // what the school has
  const teachers = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'email', 'username'])
    .where('kind', '=', 'teacher')
    .where('school_id', '=', school.id)
    .execute();
  const teacherByMail = new Map<string, { id: string; name: string }>();
  for (const t of teachers) {
    teacherByMail.set(t.username.toLowerCase(), t);
    if (t.email) teacherByMail.set(t.email.toLowerCase(), t);
  }
  const existing = await db
    .selectFrom('classes')
    .select(['id', 'year', 'grade', 'class_num', 'class_name', 'teacher_id', 'oneroster_id'])
    .where('school_id', '=', school.id)
    .execute();
  const pupilsOf = new Map<
    number,
    { account_id: string; num: number; name: string; delete_yn: 'N' | 'Y'; oneroster_id: string | null }[]
  >();
  if (existing.length > 0) {
    const rows = await db
      .selectFrom('students')
      .select(['account_id', 'class_id', 'num', 'name', 'delete_yn', 'oneroster_id'])
      .where(
        'class_id',
        'in',
        existing.map((c) => c.id),
      )
      .execute();
    for (const r of rows) {
      const list = pupilsOf.get(r.class_id);
      if (list) list.push(r);
      else pupilsOf.set(r.class_id, [r]);
    }
  }
  const taken = new Set(existing.map((c) => `${c.year}/${c.grade}/${c.class_num}`));
  // the school's classes by OneRoster id and by year/grade/number, and the keys planned so far
  const existingByOneRosterId = new Map(
    existing.filter((k) => k.oneroster_id !== null).map((k) => [k.oneroster_id!, k]),
  );
  const existingByKey = new Map(existing.map((k) => [`${k.year}/${k.grade}/${k.class_num}`, k]));
  const plannedKeys = new Set<string>();
  const sessions = new Map(roster.academicSessions.map((s) => [s.sourcedId, s]));
  const courses = new Map(roster.courses.map((c) => [c.sourcedId, c]));
  const users = new Map(roster.users.map((u) => [u.sourcedId, u]));
  const enrollmentsOf = new Map<string, OneRoster['enrollments'][number][]>();
  for (const e of roster.enrollments) {
    const list = enrollmentsOf.get(e.classSourcedId);
    if (list) list.push(e);
    else enrollmentsOf.set(e.classSourcedId, [e]);
  }
  const hiddenUsers = new Set(roster.users.filter((u) => u.status === 'tobedeleted').map((u) => u.sourcedId));

  const plans: ClassPlan[] = [];
  const top = maxGrade(school.school_type_code);
  // a delta may enroll pupils in classes imported before without sending the class again
  const sent = new Set(roster.classes.map((c) => c.sourcedId));
  const earlier = existing
    .filter((k) => k.oneroster_id !== null && !sent.has(k.oneroster_id) && enrollmentsOf.has(k.oneroster_id))
    .map((k) => ({
      sourcedId: k.oneroster_id!,
      status: 'active' as const,
      row: 0,
      title: k.class_name,
      grades: [String(k.grade)],
      courseSourcedId: '',
      classCode: String(k.class_num),
      classType: 'homeroom' as const,
      schoolSourcedId: '',
      termSourcedIds: [],
    }));
  for (const c of [...roster.classes, ...earlier]) {
    if (c.row > 0 && !isOurs(c.schoolSourcedId)) {
      problems.push({
        file: 'classes',
        row: c.row,
        code: 'otherSchool',
        column: 'schoolSourcedId',
        value: c.schoolSourcedId,
      });
      continue;
    }
    const linked = existingByOneRosterId.get(c.sourcedId);
    // a class never imported needs no deleting
    if (c.status === 'tobedeleted' && !linked) continue;
    const year =
      c.termSourcedIds.map((t) => sessions.get(t)?.schoolYear).find((y) => y !== undefined) ??
      linked?.year ??
      currentYear;
    const grade = gradeOf(c.grades) ?? gradeOf(courses.get(c.courseSourcedId)?.grades ?? []) ?? linked?.grade;
    if (grade === undefined || grade < 1 || grade > top) {
      problems.push({
        file: 'classes',
        row: c.row,
        code: 'gradeOutOfRange',
        column: 'grades',
        value: c.grades.join(','),
      });
      continue;
    }
    const code = c.classCode !== undefined && /^\d{1,2}$/.test(c.classCode) ? Number(c.classCode) : undefined;
    let classNum =
      code ?? (linked && linked.year === year && linked.grade === grade ? linked.class_num : undefined);
    if (classNum === undefined) {
      classNum = 1;
      while (taken.has(`${year}/${grade}/${classNum}`)) classNum += 1;
    }
    if (classNum < 1 || classNum > MAX_CLASS_NUM) {
      problems.push({
        file: 'classes',
        row: c.row,
        code: 'classNumOutOfRange',
        column: 'classCode',
        value: String(classNum),
      });
      continue;
    }
    const key = `${year}/${grade}/${classNum}`;
    const same = existingByKey.get(key);
    const target = linked ?? (same && same.oneroster_id === null ? same : undefined);
    if ((same && same !== target) || (!target && plannedKeys.has(key))) {
      problems.push({ file: 'classes', row: c.row, code: 'classInUse', column: 'classCode', value: key });
      continue;
    }
    taken.add(key);

    // the class teacher
    const enrolled = enrollmentsOf.get(c.sourcedId) ?? [];
    let teacher: { id: string; name: string } | undefined;
    const teacherRows = enrolled
      .filter((e) => e.role === 'teacher' && e.status === 'active')
      .sort((a, b) => Number(b.primary === true) - Number(a.primary === true));
    for (const e of teacherRows) {
      const u = users.get(e.userSourcedId);
      const found = [u?.email, u?.username].map((m) => m && teacherByMail.get(m.toLowerCase())).find(Boolean);
      if (found) teacher ??= found;
      else
        problems.push({
          file: 'enrollments',
          row: e.row,
          code: 'teacherUnknown',
          column: 'userSourcedId',
          value: u?.email ?? e.userSourcedId,
        });
    }
    const teacherId = teacher?.id ?? target?.teacher_id ?? null;
    const teacherName = teacherId === null ? null : (teachers.find((t) => t.id === teacherId)?.name ?? null);

    // pupils
    const stored = target ? (pupilsOf.get(target.id) ?? []) : [];
    const usedNums = new Set(stored.map((s) => s.num));
    const rows: ClassPlan['pupils'] = [];
    let pupilsNew = 0;
    let pupilsUpdated = 0;
    let pupilsRemoved = 0;
    const named = new Set<string>();
    const assigned = new Set<number>();
    const classDeleted = c.status === 'tobedeleted';
    for (const e of enrolled.filter((x) => x.role === 'student')) {
      const mine = stored.find((s) => s.oneroster_id === e.userSourcedId);
      named.add(e.userSourcedId);
      if (e.status === 'tobedeleted' || classDeleted || hiddenUsers.has(e.userSourcedId)) {
        if (mine && mine.delete_yn === 'N') {
          rows.push({
            id: mine.account_id,
            num: mine.num,
            name: mine.name,
            deleteYn: 'Y',
            sourcedId: e.userSourcedId,
          });
          pupilsRemoved += 1;
        }
        continue;
      }
      const u = users.get(e.userSourcedId);
      if (!u) {
        if (!mine)
          problems.push({
            file: 'enrollments',
            row: e.row,
            code: 'unknownReference',
            column: 'userSourcedId',
            value: e.userSourcedId,
          });
        continue;
      }
      const name = pupilName(u);
      const given =
        u.identifier !== undefined && /^\d{1,6}$/.test(u.identifier) ? Number(u.identifier) : undefined;
      const byNum =
        given === undefined ? undefined : stored.find((s) => s.num === given && s.oneroster_id === null);
      const match = mine ?? byNum;
      const num =
        given ??
        match?.num ??
        (() => {
          let n = 1;
          while (usedNums.has(n)) n += 1;
          return n;
        })();
      if (assigned.has(num) || stored.some((s) => s.num === num && s !== match)) {
        problems.push({
          file: 'users',
          row: u.row,
          code: 'numberTwice',
          column: 'identifier',
          value: String(num),
        });
        continue;
      }
      usedNums.add(num);
      assigned.add(num);
      if (!match) {
        rows.push({ num, name, sourcedId: u.sourcedId });
        pupilsNew += 1;
      } else if (
        match.num !== num ||
        match.name !== name ||
        match.delete_yn === 'Y' ||
        match.oneroster_id !== u.sourcedId
      ) {
        rows.push({ id: match.account_id, num, name, deleteYn: 'N', sourcedId: u.sourcedId });
        pupilsUpdated += 1;
      }
    }
    if (roster.modes.enrollments === 'bulk')
      for (const s of stored)
        if (s.oneroster_id !== null && !named.has(s.oneroster_id) && s.delete_yn === 'N') {
          rows.push({ id: s.account_id, num: s.num, name: s.name, deleteYn: 'Y', sourcedId: s.oneroster_id });
          pupilsRemoved += 1;
        }
    const classChanged =
      !target ||
      target.year !== year ||
      target.grade !== grade ||
      target.class_num !== classNum ||
      target.class_name !== c.title ||
      target.teacher_id !== teacherId ||
      target.oneroster_id !== c.sourcedId;
    const pupilsTotal =
      stored.filter((s) => s.delete_yn === 'N').length +
      pupilsNew -
      pupilsRemoved +
      rows.filter(
        (r) => r.id && r.deleteYn === 'N' && stored.find((s) => s.account_id === r.id)?.delete_yn === 'Y',
      ).length;
    plannedKeys.add(key);
    plans.push({
      sourcedId: c.sourcedId,
      title: c.title,
      existingId: target?.id ?? null,
      year,
      grade,
      classNum,
      teacherId,
      teacherName,
      action: !target ? 'create' : classChanged ? 'update' : 'unchanged',
      pupils: rows,
      pupilsNew,
      pupilsUpdated,
      pupilsRemoved,
      pupilsTotal,
    });
  }
  problems.sort((a, b) => (a.file === b.file ? a.row - b.row : 0));
  const sum = (f: (p: ClassPlan) => number) => plans.reduce((n, p) => n + f(p), 0);
  return {
    classes: plans,
    data: {
      school: school.name,
      counts: {
        classesNew: plans.filter((p) => p.action === 'create').length,
        classesUpdated: plans.filter((p) => p.action === 'update').length,
        classesUnchanged: plans.filter((p) => p.action === 'unchanged').length,
        teachersAssigned: plans.filter((p) => p.teacherId !== null).length,
        pupilsNew: sum((p) => p.pupilsNew),
        pupilsUpdated: sum((p) => p.pupilsUpdated),
        pupilsRemoved: sum((p) => p.pupilsRemoved),
        pupilsUnchanged: sum((p) => p.pupilsTotal) - sum((p) => p.pupilsNew + p.pupilsUpdated),
      },
      classes: plans.map((p) => ({
        sourcedId: p.sourcedId,
        title: p.title,
        action: p.action,
        year: p.year,
        grade: p.grade,
        classNum: p.classNum,
        teacherName: p.teacherName,
        pupilsNew: p.pupilsNew,
        pupilsUpdated: p.pupilsUpdated,
        pupilsRemoved: p.pupilsRemoved,
        pupils: p.pupilsTotal,
      })),
      problems,
    },
  };
}

/** The accounts prepared for an import were too few (the school changed since the plan). */
class TooFewAccounts extends Error {
  constructor(readonly missing: number) {
    super(`${missing} more student accounts needed`);
  }
}

/**
 * Writes the plan in one transaction — classes, each class's pupils (the students save's rules
 * and accounts) and their OneRoster ids — so a failure anywhere leaves the school as it was. The
 * new pupils' password hashes (the slow part) are made before the transaction; should the school
 * have changed so that more are needed, more are made and the transaction runs again.
 */
export async function applyImport(
  db: Kysely<Database>,
  accounts: AccountStore,
  schoolId: number,
  plan: ImportPlan,
  nowMs: number,
): Promise<void> {
  const prepared = await accounts.prepareStudents(
    plan.classes.reduce((n, c) => n + c.pupils.filter((p) => p.id === undefined).length, 0),
  );
  for (;;) {
    try {
      await db.transaction().execute((tx) => writePlan(tx, accounts, schoolId, plan, prepared, nowMs));
      return;
    } catch (error) {
      if (!(error instanceof TooFewAccounts)) throw error;
      prepared.push(...(await accounts.prepareStudents(error.missing)));
    }
  }
}

async function writePlan(
  tx: Transaction<Database>,
  accounts: AccountStore,
  schoolId: number,
  plan: ImportPlan,
  prepared: readonly PreparedStudent[],
  nowMs: number,
): Promise<void> {
  let taken = 0;
  for (const c of plan.classes) {
    let classId = c.existingId;
    const values = {
      year: c.year,
      grade: c.grade,
      class_num: c.classNum,
      class_name: c.title,
      teacher_id: c.teacherId,
      oneroster_id: c.sourcedId,
    };
    if (classId === null) {
      const row = await tx
        .insertInto('classes')
        .values({ school_id: schoolId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      classId = row.id;
    } else if (c.action === 'update') {
      await tx.updateTable('classes').set(values).where('id', '=', classId).execute();
    }
    if (c.pupils.length === 0) continue;
    const saved = await saveStudentsIn(
      tx,
      accounts,
      classId,
      c.pupils.map((p) => ({
        ...(p.id === undefined ? {} : { id: p.id }),
        num: p.num,
        name: p.name,
        ...(p.deleteYn === undefined ? {} : { deleteYn: p.deleteYn }),
      })),
      prepared.slice(taken),
      { addAnyway: true, nowMs },
    );
    if ('needed' in saved) throw new TooFewAccounts(saved.needed - (prepared.length - taken));
    taken += saved.used;
    const linked = c.pupils.filter((p) => p.sourcedId !== null);
    if (linked.length > 0)
      await sql`
        update students set oneroster_id = t.sid
        from unnest(${linked.map((p) => p.num)}::int[], ${linked.map((p) => p.sourcedId)}::text[]) as t(num, sid)
        where students.class_id = ${classId}::int and students.num = t.num`.execute(tx);
  }
}
