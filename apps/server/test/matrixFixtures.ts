/**
 * A small school world for the education API tests: two schools, a caller of every role of the
 * access matrix (classroom.md §6), a class with pupils, an empty class, and request helpers.
 */
import { PDFDocument } from 'pdf-lib';
import type { SchoolRow } from '../src/db/schema';
import type { App } from '../src/platform/types';
import { upsertBuiltinTextbooks } from '../src/seed/builtinTextbooks';
import { TEST_PUBLIC_URL } from './harness';
import { issueAccessToken, teacherWithToken } from './oauth';

/**
 * The callers of the access matrix: `teacher` teaches the classes of school A (their class
 * teacher), `colleague` is another ACTIVE teacher of school A who teaches none of them, `admin`
 * administers school A, `otherSchool` teaches the class of school B, `otherAdmin` administers
 * school B (a school administrator passes every class check of their own school: only the school
 * boundary keeps them out of school A).
 */
export const roles = [
  'anonymous',
  'pending',
  'noSchool',
  'teacher',
  'colleague',
  'admin',
  'otherSchool',
  'otherAdmin',
  'student',
] as const;
export type Role = (typeof roles)[number];

export interface Caller {
  readonly id: string;
  readonly headers: Record<string, string>;
}

export interface EduWorld {
  readonly schoolA: SchoolRow;
  readonly schoolB: SchoolRow;
  readonly callers: Readonly<Record<Exclude<Role, 'anonymous'>, Caller>>;
  /** Grade 3 class of school A with three pupils (nos. 1–3), taught by `teacher`. */
  readonly classId: number;
  /** A class of school A without pupils, taught by `teacher`. */
  readonly emptyClassId: number;
  /** A class of school B, taught by `otherSchool`. */
  readonly otherClassId: number;
  readonly studentIds: readonly string[];
}

const host = new URL(TEST_PUBLIC_URL).host;
let counter = 0;
/** A number unique in this process (titles, class numbers, user names). */
export const unique = () => {
  counter += 1;
  return counter;
};

/** Sends a request as `caller` (undefined: anonymous); JSON payloads are encoded. */
export async function call(
  app: App,
  caller: Caller | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const body =
    payload === undefined
      ? {}
      : typeof payload === 'string' || Buffer.isBuffer(payload)
        ? { payload }
        : { payload: JSON.stringify(payload), contentType: 'application/json' };
  const res = await app.inject({
    method,
    url,
    headers: {
      host,
      ...(caller?.headers ?? {}),
      ...('contentType' in body ? { 'content-type': body.contentType } : {}),
      ...headers,
    },
    ...('payload' in body ? { payload: body.payload } : {}),
  });
  return res;
}

/** A new teacher caller (all scopes requested; the account's status decides what it holds). */
export async function newTeacher(
  app: App,
  options: { status: 'ACTIVE' | 'PENDING_ACTIVE'; isSchoolAdmin?: boolean; schoolId: number | null },
): Promise<Caller & { name: string }> {
  const { account, headers } = await teacherWithToken(app, options);
  return { id: account.id, name: account.name, headers };
}

export async function insertSchool(
  app: App,
  s: { name: string; office: string; type: string; code: string },
): Promise<SchoolRow> {
  return app.services.db
    .insertInto('schools')
    .values({ name: s.name, edu_office_code: s.office, school_type_code: s.type, school_code: s.code })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertClass(
  app: App,
  schoolId: number,
  grade: number,
  classNum: number,
  teacherId: string | null = null,
): Promise<number> {
  const row = await app.services.db
    .insertInto('classes')
    .values({
      school_id: schoolId,
      teacher_id: teacherId,
      year: 2025,
      grade,
      class_num: classNum,
      class_name: `${grade}-${classNum}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Builds the world on a test server (a few hundred ms: three pupil passwords are hashed). */
export async function buildEduWorld(app: App): Promise<EduWorld> {
  await upsertBuiltinTextbooks(app.services.db);
  const n = unique();
  const schoolA = await insertSchool(app, {
    name: `한빛초등학교 ${n}`,
    office: 'B10',
    type: '0',
    code: `70${n}01`,
  });
  const schoolB = await insertSchool(app, {
    name: `Other High School ${n}`,
    office: 'J10',
    type: '2',
    code: `75${n}02`,
  });
  const teachers = {
    pending: await newTeacher(app, { status: 'PENDING_ACTIVE', schoolId: schoolA.id }),
    noSchool: await newTeacher(app, { status: 'ACTIVE', schoolId: null }),
    teacher: await newTeacher(app, { status: 'ACTIVE', schoolId: schoolA.id }),
    colleague: await newTeacher(app, { status: 'ACTIVE', schoolId: schoolA.id }),
    admin: await newTeacher(app, { status: 'ACTIVE', isSchoolAdmin: true, schoolId: schoolA.id }),
    otherSchool: await newTeacher(app, { status: 'ACTIVE', schoolId: schoolB.id }),
    otherAdmin: await newTeacher(app, { status: 'ACTIVE', isSchoolAdmin: true, schoolId: schoolB.id }),
  };
  const classId = await insertClass(app, schoolA.id, 3, 1, teachers.teacher.id);
  const emptyClassId = await insertClass(app, schoolA.id, 3, 2, teachers.teacher.id);
  const otherClassId = await insertClass(app, schoolB.id, 1, 1, teachers.otherSchool.id);
  const studentIds: string[] = [];
  for (const [i, name] of ['김민준', '이서연', '박도윤'].entries()) {
    const account = await app.services.accounts.createStudent({ name });
    await app.services.db
      .insertInto('students')
      .values({
        account_id: account.id,
        class_id: classId,
        num: i + 1,
        name,
        mac_address: `9C:7B:D2:10:00:0${i + 1}`,
      })
      .execute();
    studentIds.push(account.id);
  }
  const studentToken = await issueAccessToken(app, studentIds[0]!, 'openid profile storage');
  const callers = {
    ...teachers,
    student: { id: studentIds[0]!, headers: { authorization: `Bearer ${studentToken}` } },
  };
  return { schoolA, schoolB, callers, classId, emptyClassId, otherClassId, studentIds };
}

/** The authentication code of a school row. */
export const authCodeOf = (s: SchoolRow) => `${s.edu_office_code}${s.school_type_code}${s.school_code}`;

/** A PDF of `pages` blank A4 pages. */
export async function blankPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([595, 842]);
  return doc.save();
}

/** A multipart/form-data body of text fields and files. */
export function multipartBody(
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; bytes: Uint8Array }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dotink${unique()}boundary`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A lecture of `owner` on a class (directly in the database). */
export async function insertCurriculum(
  app: App,
  ownerId: string,
  classId: number,
  title?: string,
): Promise<number> {
  const row = await app.services.db
    .insertInto('curriculums')
    .values({ class_id: classId, teacher_id: ownerId, title: title ?? `Lecture ${unique()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Records Ncode pages `first`–`last` of a book as issued to `accountId` (as the code-issuing
 * route logs them), so a POD material may be registered on them.
 */
export async function reservePages(
  app: App,
  accountId: string,
  a: { section: number; owner: number; book: number },
  first: number,
  last: number,
): Promise<void> {
  await app.services.db
    .insertInto('code_issues')
    .values({
      account_id: accountId,
      client_id: 'test',
      qty: last - first + 1,
      width_mm: 210,
      height_mm: 297,
      first_page: `${a.section}.${a.owner}.${a.book}.${first}`,
      last_page: `${a.section}.${a.owner}.${a.book}.${last}`,
    })
    .execute();
}

/**
 * A POD material of ten pages registered by the world's teacher on a new lecture of its class
 * (pages reserved first, as printing them would); answers its attachment upload path.
 */
export async function podAttachmentPath(
  app: App,
  w: EduWorld,
  title: string,
  book: { section: number; owner: number; book: number },
): Promise<string> {
  const lecture = await insertCurriculum(app, w.callers.teacher.id, w.classId);
  await reservePages(app, w.callers.teacher.id, book, 1, 10);
  const created = await call(app, w.callers.teacher, 'POST', `/edu/v1/curriculum/${lecture}/textbook/pod`, {
    title,
    ...book,
    ncodeStartPage: 1,
    numPages: 10,
  });
  if (created.statusCode !== 200) throw new Error(`POD material not registered: ${created.body}`);
  return `/edu/v1/curriculum/${lecture}/textbook/${created.json().data.id}/attachment`;
}
