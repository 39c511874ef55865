import { manualClock } from '@dotink/ncode';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, testClients, useTestServer } from '../../../test/harness';
import { buildEduWorld, call, type EduWorld, insertClass } from '../../../test/matrixFixtures';
import { issueAccessToken, tokenRequest } from '../../../test/oauth';

interface StudentOut {
  id: string;
  num: number;
  name: string;
  macAddress: string;
  deleteYn: string;
  numName: string;
  status: string;
  penAddressProblem: 'invalid' | 'duplicate' | null;
}

describeEachDatabase('education API: students', (kind) => {
  const clock = manualClock(Date.UTC(2025, 2, 3, 0, 0, 0));
  const server = useTestServer(kind, { clock });
  let w: EduWorld;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
  }, SETUP_TIMEOUT_MS);
  const app = () => server().app;
  const students = async (classId: number) =>
    (await call(app(), w.callers.teacher, 'GET', `/edu/v1/class/${classId}/students`)).json().data
      .students as StudentOut[];

  it('lists the students of a class by number', async () => {
    const res = await call(app(), w.callers.teacher, 'GET', `/edu/v1/class/${w.classId}/students`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Success');
    expect(res.json().data.students[0]).toEqual({
      id: w.studentIds[0],
      eduClassId: w.classId,
      num: 1,
      name: '김민준',
      numName: '1 김민준',
      macAddress: '9C:7B:D2:10:00:01',
      status: 'ACTIVE',
      deleteYn: 'N',
      lastWatch: null,
      penAddressProblem: null,
      watchCount: 0,
    });
    expect((await students(w.classId)).map((s) => s.num)).toEqual([1, 2, 3]);
  });

  it('adds students (administrator): new numbers, auto number, pen addresses normalised, accounts made', async () => {
    const classId = await insertClass(app(), w.schoolA.id, 5, 9, w.callers.teacher.id);
    const res = await call(app(), w.callers.admin, 'POST', `/edu/v1/class/admin/${classId}/students`, [
      { num: 3, name: ' 최하은 ', macAddress: '9c7bd2100a0b', status: 'ACTIVE' },
      { num: 1, name: '정시우', macAddress: '' },
      { name: '강지유', macAddress: '9C-7B-D2-10-0A-C' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Success');
    const list = res.json().data.students as StudentOut[];
    expect(list.map((s) => [s.num, s.name, s.macAddress, s.deleteYn])).toEqual([
      [1, '정시우', '00:00:00:00:00:00', 'N'],
      [3, '최하은', '9C:7B:D2:10:0A:0B', 'N'],
      [4, '강지유', '9C:7B:D2:10:0A:0C', 'N'],
    ]);
    // Each new student signs in with its id as name and password (classroom.md §6).
    const token = await tokenRequest(app(), {
      grant_type: 'password',
      username: list[0]!.id,
      password: list[0]!.id,
      client_id: testClients.web.clientId,
      client_secret: testClients.web.clientSecret,
    });
    expect(token.status).toBe(200);
  });

  it('updates by number or id and adds new numbers (teacher PUT), answering data.students', async () => {
    const classId = await insertClass(app(), w.schoolA.id, 5, 10, w.callers.teacher.id);
    const first = await call(app(), w.callers.admin, 'POST', `/edu/v1/class/admin/${classId}/students`, {
      students: [
        { num: 1, name: 'A', macAddress: '000000000001' },
        { num: 2, name: 'B', macAddress: '000000000002' },
      ],
    });
    const [a, b] = first.json().data.students as StudentOut[];
    const res = await call(app(), w.callers.teacher, 'PUT', `/edu/v1/class/${classId}/students`, [
      { num: 1, name: 'A2' }, // same number: update
      { id: b!.id, macAddress: '0:0:0:0:0:22', deleteYn: 'Y' }, // by id
      { num: 5, name: 'A2', macAddress: '000000000005' }, // same name, new number: a new student
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: 'Success' });
    const list = res.json().data.students as StudentOut[];
    expect(
      list.map((s) => [s.id === a!.id, s.id === b!.id, s.num, s.name, s.macAddress, s.deleteYn]),
    ).toEqual([
      [true, false, 1, 'A2', '00:00:00:00:00:01', 'N'],
      [false, true, 2, 'B', '00:00:00:00:00:22', 'Y'],
      [false, false, 5, 'A2', '00:00:00:00:00:05', 'N'],
    ]);
    // Swapping numbers by id works (no transient clash).
    const swap = await call(app(), w.callers.teacher, 'PUT', `/edu/v1/class/${classId}/students`, [
      { id: a!.id, num: 2 },
      { id: b!.id, num: 1 },
    ]);
    expect(swap.statusCode).toBe(200);
    expect((swap.json().data.students as StudentOut[]).map((s) => s.id)).toEqual([b!.id, a!.id, list[2]!.id]);
  });

  it('refuses invalid and duplicated pen addresses as a whole', async () => {
    const classId = await insertClass(app(), w.schoolA.id, 5, 11, w.callers.teacher.id);
    const put = (body: unknown) =>
      call(app(), w.callers.teacher, 'PUT', `/edu/v1/class/${classId}/students`, body);
    const invalid = await put([{ num: 1, name: 'X', macAddress: '9C:7B:D2:10:00' }]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      ok: false,
      message: 'pen information may have been entered wrongly',
      data: null,
    });
    const twice = await put([
      { num: 1, name: 'X', macAddress: '9C7BD2100001' },
      { num: 2, name: 'Y', macAddress: '9c:7b:d2:10:00:01' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('pen information may have been duplicated');
    expect(await students(classId)).toEqual([]);
    // No pen (zeros) may repeat; a deleted student's address may be reused.
    expect(
      (
        await put([
          { num: 1, name: 'X' },
          { num: 2, name: 'Y', macAddress: '' },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await put([{ num: 1, macAddress: '000000000009', deleteYn: 'Y' }])).statusCode).toBe(200);
    expect((await put([{ num: 3, name: 'Z', macAddress: '00:00:00:00:00:09' }])).statusCode).toBe(200);
    const clash = await put([{ num: 1, deleteYn: 'N' }]);
    expect(clash.json().message).toBe('pen information may have been duplicated');
  });

  it('adds anyway (?addAnyway=true): wrong and duplicated pen addresses are kept and flagged until fixed', async () => {
    const classId = await insertClass(app(), w.schoolA.id, 5, 12, w.callers.teacher.id);
    const rows = [
      { num: 1, name: 'A', macAddress: '9C:7B:D2:10:00' },
      { num: 2, name: 'B', macAddress: '9C7BD2100002' },
      { num: 3, name: 'C', macAddress: '9c:7b:d2:10:00:02' },
      { num: 4, name: 'D', macAddress: '9C:7B:D2:10:00:04' },
    ];
    const admin = (url: string) => call(app(), w.callers.admin, 'POST', url, rows);
    // Without the flag the whole list is refused, as before.
    const refused = await admin(`/edu/v1/class/admin/${classId}/students`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('pen information may have been entered wrongly');
    expect(await students(classId)).toEqual([]);

    const added = await admin(`/edu/v1/class/admin/${classId}/students?addAnyway=true`);
    expect(added.statusCode).toBe(200);
    const flags = (list: StudentOut[]) => list.map((s) => [s.num, s.macAddress, s.penAddressProblem]);
    const expected = [
      [1, '9C:7B:D2:10:00', 'invalid'],
      [2, '9C:7B:D2:10:00:02', 'duplicate'],
      [3, '9C:7B:D2:10:00:02', 'duplicate'],
      [4, '9C:7B:D2:10:00:04', null],
    ];
    expect(flags(added.json().data.students)).toEqual(expected);
    expect(flags(await students(classId))).toEqual(expected);

    // Saving another row is not blocked by the problems already stored.
    const put = (body: unknown, query = '') =>
      call(app(), w.callers.teacher, 'PUT', `/edu/v1/class/${classId}/students${query}`, body);
    expect((await put([{ num: 4, name: 'Dana' }])).statusCode).toBe(200);
    // A sent row that repeats an address is still refused without the flag.
    expect((await put([{ num: 4, macAddress: '9C:7B:D2:10:00:02' }])).json().message).toBe(
      'pen information may have been duplicated',
    );
    // Fixing the addresses clears the flags.
    const fixed = await put([
      { num: 1, macAddress: '9C:7B:D2:10:00:01' },
      { num: 3, macAddress: '9C:7B:D2:10:00:03' },
    ]);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.students.map((s: StudentOut) => s.penAddressProblem)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // A bad flag value is a 400.
    expect((await put([{ num: 4, name: 'D' }], '?addAnyway=yes')).statusCode).toBe(400);
  });

  it("reads and resets a pupil's password for the QR label; the old one stops working", async () => {
    const pupil = w.studentIds[1]!;
    const url = `/edu/v1/class/${w.classId}/students/${pupil}/credentials`;
    const signIn = (password: string) =>
      tokenRequest(app(), {
        grant_type: 'password',
        username: pupil,
        password,
        client_id: testClients.web.clientId,
        client_secret: testClients.web.clientSecret,
      });
    const read = await call(app(), w.callers.teacher, 'GET', url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toEqual({
      ok: true,
      message: 'Success',
      data: { studentId: pupil, password: pupil },
    });

    const pupilToken = await issueAccessToken(app(), pupil, 'openid profile storage');
    const me = () =>
      app().inject({ url: '/profile/v1/me', headers: { authorization: `Bearer ${pupilToken}` } });
    expect((await me()).statusCode).toBe(200);
    const reset = await call(app(), w.callers.admin, 'POST', `${url}/reset`);
    expect(reset.statusCode).toBe(200);
    const { password } = reset.json().data as { password: string };
    expect(password).toMatch(/^[0-9a-z]{10}$/);
    expect(password).not.toBe(pupil);
    expect((await call(app(), w.callers.teacher, 'GET', url)).json().data).toEqual({
      studentId: pupil,
      password,
    });
    expect((await signIn(password)).status).toBe(200);
    expect((await signIn(pupil)).status).toBe(400);
    // The pupil's tokens are revoked (after the bearer cache's 30 s at most).
    clock.advance(31_000);
    expect((await me()).statusCode).toBe(401);

    // Never in the student list; a pupil of another class: 404; another teacher's class: 403.
    const list = await call(app(), w.callers.teacher, 'GET', `/edu/v1/class/${w.classId}/students`);
    expect(list.body).not.toContain(password);
    const elsewhere = `/edu/v1/class/${w.emptyClassId}/students/${pupil}/credentials`;
    expect((await call(app(), w.callers.teacher, 'GET', elsewhere)).statusCode).toBe(404);
    expect((await call(app(), w.callers.colleague, 'GET', url)).statusCode).toBe(403);
  });

  it('saves a nameless pupil of an import (the preview\'s "(no name)"); an existing pupil keeps their name', async () => {
    const classId = await insertClass(app(), w.schoolA.id, 4, 17, w.callers.teacher.id);
    const post = (body: unknown) =>
      call(app(), w.callers.admin, 'POST', `/edu/v1/class/admin/${classId}/students?addAnyway=true`, body);
    const res = await post([
      { num: 1, name: '정시우', macAddress: '9C:7B:D2:10:0B:01' },
      { num: 2, name: '', macAddress: 'not a pen' },
      { num: 3, name: '강지유', macAddress: '9C:7B:D2:10:0B:01' },
    ]);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.students as StudentOut[];
    expect(list.map((s) => [s.num, s.name, s.penAddressProblem])).toEqual([
      [1, '정시우', 'duplicate'],
      [2, '', 'invalid'],
      [3, '강지유', 'duplicate'],
    ]);
    // the same file again: a row without a name leaves the pupil's name as it is
    expect((await post([{ num: 1, name: '  ' }])).statusCode).toBe(200);
    expect((await students(classId)).map((s) => s.name)).toEqual(['정시우', '', '강지유']);
  });

  it('refuses numbers twice (naming the rule), a name too long, a taken number and unknown ids', async () => {
    const put = (body: unknown) =>
      call(app(), w.callers.teacher, 'PUT', `/edu/v1/class/${w.classId}/students`, body);
    const twice = await put([
      { num: 7, name: 'a' },
      { num: 7, name: 'b' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('A registration number appears more than once in the list.');
    const long = await put([{ num: 8, name: 'x'.repeat(101) }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A pupil name may have at most 100 characters.');
    const taken = await put([{ id: w.studentIds[0], num: 2 }]);
    expect(taken.statusCode).toBe(400);
    const unknown = await put([{ id: 'snotastudent1', name: 'x' }]);
    expect(unknown.json().message).toBe('The student does not exist.');
    // A student of another class is unknown here.
    const otherClass = await insertClass(app(), w.schoolA.id, 6, 1);
    const added = await call(app(), w.callers.admin, 'POST', `/edu/v1/class/admin/${otherClass}/students`, [
      { name: 'Q' },
    ]);
    const q = added.json().data.students[0].id;
    expect((await put([{ id: q, name: 'moved?' }])).statusCode).toBe(400);
    for (const bad of [
      {},
      [{ num: 0, name: 'a' }],
      [{ num: -1, name: 'a' }],
      [{ name: 1 }],
      [{ deleteYn: 'X' }],
      [1],
      { students: 'x' },
    ]) {
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await students(w.classId)).map((s) => s.name)).toEqual(['김민준', '이서연', '박도윤']);
  });

  it('keeps schools apart and admin adding for administrators', async () => {
    const other = await call(app(), w.callers.otherSchool, 'GET', `/edu/v1/class/${w.classId}/students`);
    expect(other.statusCode).toBe(403);
    expect((await call(app(), w.callers.teacher, 'GET', '/edu/v1/class/999999/students')).statusCode).toBe(
      404,
    );
    const teacherAdd = await call(
      app(),
      w.callers.teacher,
      'POST',
      `/edu/v1/class/admin/${w.classId}/students`,
      [{ name: 'x' }],
    );
    expect(teacherAdd.statusCode).toBe(403);
    const otherAdmin = await call(
      app(),
      w.callers.otherSchool,
      'PUT',
      `/edu/v1/class/${w.classId}/students`,
      [{ num: 1, name: 'hijack' }],
    );
    expect(otherAdmin.statusCode).toBe(403);
  });
});
