import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, SETUP_TIMEOUT_MS, useTestServer } from '../../../test/harness';
import {
  authCodeOf,
  buildEduWorld,
  call,
  type EduWorld,
  insertSchool,
  newTeacher,
  unique,
} from '../../../test/matrixFixtures';
import { EduMessage } from '../messages';
import { authCodeMatches, schoolAuthCode } from './teacherInfo';

it('builds the authentication code from the three school codes, upper-case', () => {
  const school = { eduOfficeCode: 'b10', schoolTypeCode: '0', schoolCode: '7010001' };
  expect(schoolAuthCode(school)).toBe('B1007010001');
  expect(authCodeMatches('b1007010001', school)).toBe(true);
  expect(authCodeMatches(' B1007010001 ', school)).toBe(true);
  expect(authCodeMatches('B10070100012', school)).toBe(false);
  expect(authCodeMatches('', school)).toBe(false);
});

describeEachDatabase('education API: teachers', (kind) => {
  const server = useTestServer(kind);
  let w: EduWorld;
  beforeAll(async () => {
    w = await buildEduWorld(server().app);
  }, SETUP_TIMEOUT_MS);
  const app = () => server().app;

  it('GET /edu/v1/teacher answers teacherInfo with school codes, lectures and classes', async () => {
    const res = await call(app(), w.callers.teacher, 'GET', '/edu/v1/teacher');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      message: 'Success',
      data: {
        id: w.callers.teacher.id,
        name: expect.stringMatching(/^Teacher \d+$/),
        eduSchoolId: w.schoolA.id,
        eduOfficeCode: 'B10',
        schoolTypeCode: '0',
        schoolCode: w.schoolA.school_code,
        schoolName: w.schoolA.name,
        status: 'ACTIVE',
        isSchoolAdmin: false,
        curris: [],
      },
    });
    expect(body.data.kumis.map((k: { eduClassId: number }) => k.eduClassId)).toEqual([
      w.classId,
      w.emptyClassId,
    ]);
  });

  it('answers a teacher awaiting approval, and one without a school (empty office code)', async () => {
    const pending = (await call(app(), w.callers.pending, 'GET', '/edu/v1/teacher')).json();
    expect(pending.data).toMatchObject({
      status: 'PENDING_ACTIVE',
      eduSchoolId: w.schoolA.id,
      kumis: [],
      curris: [],
    });
    const none = (await call(app(), w.callers.noSchool, 'GET', '/edu/v1/teacher')).json();
    expect(none.data).toMatchObject({
      status: 'ACTIVE',
      eduSchoolId: null,
      eduOfficeCode: '',
      schoolName: '',
    });
  });

  it('registers a school once with its authentication code (any case)', async () => {
    const school = await insertSchool(app(), {
      name: '새싹중학교',
      office: 'c10',
      type: '1',
      code: `71${unique()}`,
    });
    const t = await newTeacher(app(), { status: 'PENDING_ACTIVE', schoolId: null });
    const wrong = await call(app(), t, 'POST', '/edu/v1/teacher', {
      eduSchoolId: school.id,
      checkCode: 'C101',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ ok: false, message: EduMessage.codeMismatch, data: null });
    expect(EduMessage.codeMismatch).toBe(
      'The affiliation authentication code does not match. Please enter again.',
    );

    const ok = await call(app(), t, 'POST', '/edu/v1/teacher', {
      eduSchoolId: String(school.id),
      checkCode: authCodeOf(school).toLowerCase(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      eduSchoolId: school.id,
      schoolName: '새싹중학교',
      status: 'PENDING_ACTIVE',
    });

    // The same school again changes nothing; another school is refused.
    const again = await call(app(), t, 'POST', '/edu/v1/teacher', {
      eduSchoolId: school.id,
      checkCode: authCodeOf(school),
    });
    expect(again.statusCode).toBe(200);
    const other = await call(app(), t, 'POST', '/edu/v1/teacher', {
      eduSchoolId: w.schoolA.id,
      checkCode: authCodeOf(w.schoolA),
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(EduMessage.schoolLocked);
    const info = (await call(app(), t, 'GET', '/edu/v1/teacher')).json();
    expect(info.data.eduSchoolId).toBe(school.id);
  });

  it("answers 'Please enter your affiliation.' without a school or for an unknown one", async () => {
    const t = await newTeacher(app(), { status: 'PENDING_ACTIVE', schoolId: null });
    for (const body of [
      {},
      { checkCode: 'B10' },
      { eduSchoolId: '', checkCode: 'x' },
      { eduSchoolId: 2_000_000 },
    ]) {
      const res = await call(app(), t, 'POST', '/edu/v1/teacher', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ ok: false, message: 'Please enter your affiliation.', data: null });
    }
    const malformed = await call(app(), t, 'POST', '/edu/v1/teacher', { eduSchoolId: 'abc' });
    expect(malformed.statusCode).toBe(400);
  });

  it('puts a teacher who is not an administrator back to awaiting approval; an administrator stays ACTIVE', async () => {
    const t = await newTeacher(app(), { status: 'ACTIVE', schoolId: null });
    const res = await call(app(), t, 'POST', '/edu/v1/teacher', {
      eduSchoolId: w.schoolA.id,
      checkCode: authCodeOf(w.schoolA),
    });
    expect(res.json().data.status).toBe('PENDING_ACTIVE');
    const admin = await newTeacher(app(), { status: 'ACTIVE', isSchoolAdmin: true, schoolId: null });
    const res2 = await call(app(), admin, 'POST', '/edu/v1/teacher', {
      eduSchoolId: w.schoolA.id,
      checkCode: authCodeOf(w.schoolA),
    });
    expect(res2.json().data).toMatchObject({ status: 'ACTIVE', isSchoolAdmin: true });
  });

  it("lists the school's teachers for its administrator", async () => {
    const res = await call(app(), w.callers.admin, 'GET', '/edu/v1/teachers');
    expect(res.statusCode).toBe(200);
    const teachers = res.json().data.teachers as { id: string; schoolName: string; status: string }[];
    const ids = teachers.map((t) => t.id);
    expect(ids).toContain(w.callers.teacher.id);
    expect(ids).toContain(w.callers.pending.id);
    expect(ids).not.toContain(w.callers.otherSchool.id);
    expect(ids).not.toContain(w.callers.student.id);
    expect(teachers.find((t) => t.id === w.callers.pending.id)).toMatchObject({
      status: 'PENDING_ACTIVE',
      schoolName: w.schoolA.name,
    });
    expect((await call(app(), w.callers.teacher, 'GET', '/edu/v1/teachers')).statusCode).toBe(403);
  });

  it('approves and withdraws approval; the teacher gains and loses the education scopes at once', async () => {
    const t = await newTeacher(app(), { status: 'PENDING_ACTIVE', schoolId: w.schoolA.id });
    expect((await call(app(), t, 'GET', '/edu/v1/classes')).statusCode).toBe(403);
    const approve = await call(app(), w.callers.admin, 'PUT', `/edu/v1/teacher/${t.id}`, {
      status: 'ACTIVE',
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ ok: true, message: 'Success', data: { id: t.id, status: 'ACTIVE' } });
    expect((await call(app(), t, 'GET', '/edu/v1/classes')).statusCode).toBe(200);
    await call(app(), w.callers.admin, 'PUT', `/edu/v1/teacher/${t.id}`, { status: 'PENDING_ACTIVE' });
    expect((await call(app(), t, 'GET', '/edu/v1/classes')).statusCode).toBe(403);
  });

  it('refuses an administrator changing their own row, other schools, unknown teachers and bad statuses', async () => {
    const own = await call(app(), w.callers.admin, 'PUT', `/edu/v1/teacher/${w.callers.admin.id}`, {
      status: 'PENDING_ACTIVE',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(EduMessage.ownApproval);
    const other = await call(app(), w.callers.admin, 'PUT', `/edu/v1/teacher/${w.callers.otherSchool.id}`, {
      status: 'PENDING_ACTIVE',
    });
    expect(other.statusCode).toBe(403);
    const student = await call(app(), w.callers.admin, 'PUT', `/edu/v1/teacher/${w.studentIds[1]}`, {
      status: 'ACTIVE',
    });
    expect(student.statusCode).toBe(404);
    const bad = await call(app(), w.callers.admin, 'PUT', `/edu/v1/teacher/${w.callers.teacher.id}`, {
      status: 'BOSS',
    });
    expect(bad.statusCode).toBe(400);
    const info = (await call(app(), w.callers.teacher, 'GET', '/edu/v1/teacher')).json();
    expect(info.data.status).toBe('ACTIVE');
  });

  it('rejects a request for the wrong school: the teacher chooses again (and may then be approved there)', async () => {
    // a teacher of school B picked school A by mistake
    const schoolB = w.schoolB;
    const adminB = await newTeacher(app(), { status: 'ACTIVE', isSchoolAdmin: true, schoolId: schoolB.id });
    const t = await newTeacher(app(), { status: 'ACTIVE', schoolId: null });
    const code = { eduSchoolId: w.schoolA.id, checkCode: authCodeOf(w.schoolA) };
    expect((await call(app(), t, 'POST', '/edu/v1/teacher', code)).json().data.status).toBe('PENDING_ACTIVE');
    // another school's administrator cannot reject it; the administrator of A can
    expect((await call(app(), adminB, 'DELETE', `/edu/v1/teacher/${t.id}/school`)).statusCode).toBe(403);
    const reject = await call(app(), w.callers.admin, 'DELETE', `/edu/v1/teacher/${t.id}/school`);
    expect(reject.statusCode).toBe(200);
    expect(reject.json().data).toEqual({ id: t.id, status: 'PENDING_ACTIVE' });
    const teachers = (await call(app(), w.callers.admin, 'GET', '/edu/v1/teachers')).json().data.teachers as {
      id: string;
    }[];
    expect(teachers.map((r) => r.id)).not.toContain(t.id);
    const info = (await call(app(), t, 'GET', '/edu/v1/teacher')).json().data;
    expect(info).toMatchObject({ eduSchoolId: null, status: 'PENDING_ACTIVE' });
    // the teacher chooses again
    const again = await call(app(), t, 'POST', '/edu/v1/teacher', {
      eduSchoolId: schoolB.id,
      checkCode: authCodeOf(schoolB),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.eduSchoolId).toBe(schoolB.id);
    // an approved teacher's approval is withdrawn first; an administrator's own row never
    const approved = await call(
      app(),
      w.callers.admin,
      'DELETE',
      `/edu/v1/teacher/${w.callers.teacher.id}/school`,
    );
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(EduMessage.rejectApproved);
    const own = await call(app(), w.callers.admin, 'DELETE', `/edu/v1/teacher/${w.callers.admin.id}/school`);
    expect(own.statusCode).toBe(403);
  });
});
