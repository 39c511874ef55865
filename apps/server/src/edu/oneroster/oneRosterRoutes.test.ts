import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manualClock } from '@dotink/ncode';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../../test/harness';
import { buildEduWorld, call, type EduWorld, insertSchool, newTeacher } from '../../../test/matrixFixtures';
import { pupilName } from './oneRosterImport';
import { splitName } from './oneRosterRoutes';

const FIXTURES = join(import.meta.dirname, '../../../../../packages/contracts/test/fixtures/oneroster');

/** A fixture folder as a zip, with `edit` changing files (name → text) first. */
function fixtureZip(name: string, edit: (files: Map<string, string>) => void = () => {}): Buffer {
  const dir = join(FIXTURES, name);
  const files = new Map(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  edit(files);
  return Buffer.from(zipSync(Object.fromEntries([...files].map(([n, t]) => [n, strToU8(t)]))));
}

const zipHeaders = { 'content-type': 'application/zip' };

describe('pupil names', () => {
  it('split for export and join on import to the same name', () => {
    // (a space between CJK family and given name is not kept: '田中 由紀' comes back '田中由紀')
    for (const name of ['김민준', 'Hana Park', 'Anne Marie Smith', 'Hana', '', '田中由紀', '정']) {
      expect(pupilName(splitName(name))).toBe(name.trim());
    }
  });
});

describeEachDatabase('education API: OneRoster import and export', (kind) => {
  const clock = manualClock(Date.UTC(2026, 3, 1, 0, 0, 0));
  const server = useTestServer(kind, { clock });
  const empty = useTestServer(kind, { clock });
  let w: EduWorld;
  let schoolZip: (edit?: (files: Map<string, string>) => void) => Buffer;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
    const db = server().app.services.db;
    await db
      .updateTable('accounts')
      .set({ email: 'kim@school.example' })
      .where('id', '=', w.callers.teacher.id)
      .execute();
    await db
      .updateTable('accounts')
      .set({ email: 'lee@school.example' })
      .where('id', '=', w.callers.colleague.id)
      .execute();
    // the fixture's school is school A (matched by name)
    schoolZip = (edit) =>
      fixtureZip('bulk', (files) => {
        files.set(
          'orgs.csv',
          files.get('orgs.csv')!.replace('Dotink Primary School', w.schoolA.name).replace('B10E00000001', ''),
        );
        edit?.(files);
      });
  }, SETUP_TIMEOUT_MS);
  const app = () => server().app;
  const post = (body: Buffer | string, apply = false, caller = w.callers.admin, headers = zipHeaders) =>
    call(app(), caller, 'POST', `/edu/v1/oneroster${apply ? '?apply=true' : ''}`, body, headers);

  it('previews a bulk roster without writing: counts, classes and their teachers', async () => {
    const res = await post(schoolZip());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.applied).toBe(false);
    expect(data.problems).toEqual([]);
    expect(data.counts).toEqual({
      classesNew: 2,
      classesUpdated: 0,
      classesUnchanged: 0,
      teachersAssigned: 2,
      pupilsNew: 3,
      pupilsUpdated: 0,
      pupilsRemoved: 0,
      pupilsUnchanged: 0,
    });
    expect(
      data.classes.map(
        (c: { title: string; year: number; grade: number; classNum: number; action: string }) => [
          c.title,
          c.year,
          c.grade,
          c.action,
        ],
      ),
    ).toEqual([
      ['Grade 3, class 1', 2026, 3, 'create'],
      ['Grade 3 class 2', 2026, 3, 'create'],
    ]);
    const count = await app()
      .services.db.selectFrom('classes')
      .select('id')
      .where('oneroster_id', 'is not', null)
      .execute();
    expect(count).toEqual([]);
  });

  it('applies all or nothing: a failure at the second class leaves the first class and its pupils unsaved', async () => {
    const db = app().services.db;
    const snapshot = async () => ({
      classes: (await db.selectFrom('classes').select(['id', 'oneroster_id']).orderBy('id').execute()).length,
      students: (await db.selectFrom('students').select('account_id').execute()).length,
      accounts: (await db.selectFrom('accounts').select('id').execute()).length,
    });
    const before = await snapshot();
    // the database refuses the second class (after the first class and its pupils are written)
    await sql`
      create function oneroster_refuse_class() returns trigger language plpgsql as $$
      begin
        if new.class_name = 'Grade 3 class 2' then raise exception 'refused for the test'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger oneroster_refuse before insert on classes
      for each row execute function oneroster_refuse_class()`.execute(db);
    try {
      const res = await post(schoolZip(), true);
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger oneroster_refuse on classes`.execute(db);
      await sql`drop function oneroster_refuse_class()`.execute(db);
    }
    expect(await snapshot()).toEqual(before);
    expect(
      await db.selectFrom('classes').select('id').where('oneroster_id', 'is not', null).execute(),
    ).toEqual([]);
  });

  it('applies it; a second import changes nothing; a delta adds, renames and hides', async () => {
    const first = await post(schoolZip(), true);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.applied).toBe(true);
    const db = app().services.db;
    const classes = await db
      .selectFrom('classes')
      .select(['id', 'class_name', 'class_num', 'teacher_id', 'oneroster_id'])
      .where('oneroster_id', 'is not', null)
      .orderBy('class_num')
      .execute();
    expect(classes.map((c) => [c.oneroster_id, c.class_num, c.teacher_id])).toEqual([
      ['class-3-1', 1, w.callers.teacher.id],
      ['class-3-2', 2, w.callers.colleague.id],
    ]);
    const pupils = async (classId: number) =>
      (await call(app(), w.callers.admin, 'GET', `/edu/v1/class/${classId}/students`))
        .json()
        .data.students.map((s: { num: number; name: string; deleteYn: string; macAddress: string }) => [
          s.num,
          s.name,
          s.deleteYn,
          s.macAddress,
        ]);
    expect(await pupils(classes[0]!.id)).toEqual([
      [1, 'Hana Park', 'N', '00:00:00:00:00:00'],
      [2, 'Seo-yeon "Sunny" Choi', 'N', '00:00:00:00:00:00'],
    ]);

    const second = await post(schoolZip(), true);
    expect(second.json().data.counts).toMatchObject({
      classesNew: 0,
      classesUpdated: 0,
      classesUnchanged: 2,
      pupilsNew: 0,
      pupilsUpdated: 0,
      pupilsRemoved: 0,
      pupilsUnchanged: 3,
    });
    expect(
      (await db.selectFrom('classes').select('id').where('oneroster_id', 'is not', null).execute()).length,
    ).toBe(2);

    const delta = await post(fixtureZip('delta'), true);
    expect(delta.statusCode).toBe(200);
    expect(delta.json().data.counts).toMatchObject({ classesUpdated: 1, pupilsNew: 1, pupilsRemoved: 1 });
    expect(await pupils(classes[0]!.id)).toEqual([
      [1, 'Hana Park', 'N', '00:00:00:00:00:00'],
      [2, 'Seo-yeon "Sunny" Choi', 'Y', '00:00:00:00:00:00'],
      [3, 'Mina Jung', 'N', '00:00:00:00:00:00'],
    ]);
  });

  it('names unknown teachers and numbers given twice on their rows', async () => {
    const res = await post(
      schoolZip((files) => {
        files.set(
          'users.csv',
          files.get('users.csv')!.replace('lee@school.example', 'nobody@school.example'),
        );
        files.set('users.csv', files.get('users.csv')!.replace('",Choi,,2,', '",Choi,,1,'));
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.problems).toEqual([
      { file: 'users', row: 5, code: 'numberTwice', column: 'identifier', value: '1' },
      {
        file: 'enrollments',
        row: 3,
        code: 'teacherUnknown',
        column: 'userSourcedId',
        value: 'nobody@school.example',
      },
    ]);
  });

  it("refuses another school's roster, a zip that is not OneRoster, and callers who are not the administrator", async () => {
    const other = await post(fixtureZip('bulk'));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      "This roster is another school's: only your own school's classes can be imported.",
    );
    for (const body of [fixtureZip('not-oneroster'), Buffer.from('PK\u0003\u0004 broken'), Buffer.alloc(0)]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('not a file in the prescribed format');
    }
    const json = await post('{"a":1}', false, w.callers.admin, { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(400);
    expect((await post(schoolZip(), true, w.callers.teacher)).statusCode).toBe(403);
    expect((await call(app(), w.callers.teacher, 'GET', '/edu/v1/oneroster')).statusCode).toBe(403);
  });

  it('round-trips: the export imported into an empty database gives the same classes, teachers and pupils; again, nothing changes', async () => {
    const exported = await call(app(), w.callers.admin, 'GET', '/edu/v1/oneroster');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    const target = empty().app;
    const school = await insertSchool(target, {
      name: w.schoolA.name,
      office: w.schoolA.edu_office_code,
      type: w.schoolA.school_type_code,
      code: w.schoolA.school_code,
    });
    const admin = await newTeacher(target, { status: 'ACTIVE', isSchoolAdmin: true, schoolId: school.id });
    const source = app().services.db;
    const teacherRows = await source
      .selectFrom('accounts')
      .select(['id', 'username', 'email', 'name'])
      .where('id', 'in', [w.callers.teacher.id, w.callers.colleague.id])
      .execute();
    for (const t of teacherRows) {
      const made = await newTeacher(target, { status: 'ACTIVE', schoolId: school.id });
      await target.services.db
        .updateTable('accounts')
        .set({ email: t.email, name: t.name })
        .where('id', '=', made.id)
        .execute();
    }
    const body = Buffer.from(exported.rawPayload);
    const imported = await call(target, admin, 'POST', '/edu/v1/oneroster?apply=true', body, zipHeaders);
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data.problems).toEqual([]);

    const shape = async (db: typeof source, schoolId: number) => {
      const rows = await db
        .selectFrom('classes')
        .leftJoin('accounts', 'accounts.id', 'classes.teacher_id')
        .leftJoin('students', (j) =>
          j.onRef('students.class_id', '=', 'classes.id').on('students.delete_yn', '=', 'N'),
        )
        .select([
          'classes.year',
          'classes.grade',
          'classes.class_num',
          'classes.class_name',
          'accounts.email',
          'students.num',
          'students.name',
        ])
        .where('classes.school_id', '=', schoolId)
        .orderBy('classes.year')
        .orderBy('classes.grade')
        .orderBy('classes.class_num')
        .orderBy('students.num')
        .execute();
      return rows.map((r) => Object.values(r).join('|'));
    };
    expect(await shape(target.services.db, school.id)).toEqual(await shape(source, w.schoolA.id));
    const again = await call(target, admin, 'POST', '/edu/v1/oneroster?apply=true', body, zipHeaders);
    expect(again.json().data.counts).toMatchObject({
      classesNew: 0,
      classesUpdated: 0,
      pupilsNew: 0,
      pupilsUpdated: 0,
      pupilsRemoved: 0,
    });
  });
});
