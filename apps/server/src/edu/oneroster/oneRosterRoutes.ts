/**
 * OneRoster 1.2 CSV (issue 30 item 3), school administrator only:
 * `POST /edu/v1/oneroster` takes the zip (`application/zip`) and answers the preview, or with
 * `?apply=true` applies it (oneRosterImport.ts); `GET /edu/v1/oneroster` answers the school's
 * classes, class teachers and pupils (not hidden) as a bulk OneRoster zip.
 */
import { oneRosterImportData, oneRosterImportQuery } from '@dotink/contracts/eduOneRoster';
import { type OneRosterExport, readOneRosterZip, writeOneRosterZip } from '@dotink/contracts/oneRoster';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { badRequest } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { schoolAdminOf } from '../access';
import { EduMessage } from '../messages';
import { applyImport, planImport } from './oneRosterImport';

/** Largest zip taken (bytes): 100,000 users compress to a few MB. */
export const ONE_ROSTER_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 413: failureSchema };

const CJK = /^[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u;

/** Given and family name of a pupil's name, so that the import joins them back to the same name. */
export function splitName(name: string): { givenName: string; familyName: string } {
  const trimmed = name.trim();
  if (CJK.test(trimmed) && [...trimmed].length > 1) {
    const [first, ...rest] = [...trimmed];
    return { familyName: first!, givenName: rest.join('') };
  }
  const space = trimmed.lastIndexOf(' ');
  if (space > 0) return { givenName: trimmed.slice(0, space), familyName: trimmed.slice(space + 1) };
  return { givenName: trimmed === '' ? '-' : trimmed, familyName: '-' };
}

/** The school as a OneRoster roster. */
export async function exportSchool(db: Kysely<Database>, schoolId: number): Promise<OneRosterExport> {
  const school = await db
    .selectFrom('schools')
    .selectAll()
    .where('id', '=', schoolId)
    .executeTakeFirstOrThrow();
  const classes = await db
    .selectFrom('classes')
    .leftJoin('accounts', 'accounts.id', 'classes.teacher_id')
    .select([
      'classes.id',
      'classes.year',
      'classes.grade',
      'classes.class_num',
      'classes.class_name',
      'classes.oneroster_id',
      'classes.teacher_id',
      'accounts.name as teacher_name',
      'accounts.email as teacher_email',
      'accounts.username as teacher_username',
    ])
    .where('classes.school_id', '=', schoolId)
    .orderBy('classes.year')
    .orderBy('classes.grade')
    .orderBy('classes.class_num')
    .execute();
  const pupils =
    classes.length === 0
      ? []
      : await db
          .selectFrom('students')
          .select(['account_id', 'class_id', 'num', 'name', 'oneroster_id'])
          .where(
            'class_id',
            'in',
            classes.map((c) => c.id),
          )
          .where('delete_yn', '=', 'N')
          .orderBy('class_id')
          .orderBy('num')
          .execute();
  const orgId = `dotink-school-${school.id}`;
  const classIdOf = (c: (typeof classes)[number]) => c.oneroster_id ?? `dotink-class-${c.id}`;
  const years = [...new Set(classes.map((c) => c.year))];
  const grades = [...new Set(classes.map((c) => `${c.year}-${c.grade}`))];
  const pad = (g: number) => String(g).padStart(2, '0');
  const teachers = new Map<string, OneRosterExport['users'][number]>();
  for (const c of classes) {
    if (c.teacher_id === null || teachers.has(c.teacher_id)) continue;
    const { givenName, familyName } = splitName(c.teacher_name ?? '');
    teachers.set(c.teacher_id, {
      sourcedId: `dotink-teacher-${c.teacher_id}`,
      status: 'active',
      enabledUser: true,
      username: c.teacher_username ?? c.teacher_id,
      givenName,
      familyName,
      ...(c.teacher_email ? { email: c.teacher_email } : {}),
      orgSourcedIds: [orgId],
    });
  }
  const pupilIdOf = (p: (typeof pupils)[number]) => p.oneroster_id ?? `dotink-pupil-${p.account_id}`;
  const classById = new Map(classes.map((c) => [c.id, c]));
  return {
    orgs: [
      {
        sourcedId: orgId,
        status: 'active',
        name: school.name,
        type: 'school',
        identifier: `${school.edu_office_code}${school.school_type_code}${school.school_code}`.toUpperCase(),
      },
    ],
    academicSessions: years.map((y) => ({
      sourcedId: `dotink-year-${y}`,
      status: 'active',
      title: String(y),
      type: 'schoolYear',
      startDate: `${y}-01-01`,
      endDate: `${y}-12-31`,
      schoolYear: y,
    })),
    courses: grades.map((yg) => {
      const [y, g] = yg.split('-').map(Number) as [number, number];
      return {
        sourcedId: `dotink-course-${yg}`,
        status: 'active',
        title: `${y} grade ${g}`,
        grades: [pad(g)],
        orgSourcedId: orgId,
        schoolYearSourcedId: `dotink-year-${y}`,
      };
    }),
    classes: classes.map((c) => ({
      sourcedId: classIdOf(c),
      status: 'active',
      title: c.class_name,
      grades: [pad(c.grade)],
      courseSourcedId: `dotink-course-${c.year}-${c.grade}`,
      classCode: String(c.class_num),
      classType: 'homeroom',
      schoolSourcedId: orgId,
      termSourcedIds: [`dotink-year-${c.year}`],
    })),
    users: [
      ...teachers.values(),
      ...pupils.map((p) => ({
        sourcedId: pupilIdOf(p),
        status: 'active' as const,
        enabledUser: true,
        username: p.account_id,
        ...splitName(p.name),
        identifier: String(p.num),
        orgSourcedIds: [orgId],
      })),
    ],
    enrollments: [
      ...classes
        .filter((c) => c.teacher_id !== null)
        .map((c) => ({
          sourcedId: `dotink-enrollment-${c.id}-${c.teacher_id}`,
          status: 'active' as const,
          classSourcedId: classIdOf(c),
          schoolSourcedId: orgId,
          userSourcedId: `dotink-teacher-${c.teacher_id}`,
          role: 'teacher' as const,
          primary: true,
        })),
      ...pupils.map((p) => ({
        sourcedId: `dotink-enrollment-${p.class_id}-${p.account_id}`,
        status: 'active' as const,
        classSourcedId: classIdOf(classById.get(p.class_id)!),
        schoolSourcedId: orgId,
        userSourcedId: pupilIdOf(p),
        role: 'student' as const,
        primary: false,
      })),
    ],
  };
}

export const oneRosterRoutes: AppPlugin = async (app) => {
  const { db, accounts, clock } = app.services;

  app.addContentTypeParser(
    'application/zip',
    { parseAs: 'buffer', bodyLimit: ONE_ROSTER_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/edu/v1/oneroster',
    {
      bodyLimit: ONE_ROSTER_BODY_LIMIT_BYTES,
      preValidation: app.requireAuth(Scope.adminWrite),
      schema: {
        tags: ['education admin'],
        summary: 'Import a OneRoster 1.2 CSV zip (school administrator): preview, or apply with ?apply=true',
        description:
          'Body: the zip (`application/zip`). Classes are matched by sourcedId, teachers by e-mail, ' +
          'pupils by sourcedId within the class, else by number; pen addresses are never touched. ' +
          'The answer counts what the import does and lists every problem by file and row. 400 ' +
          "'not a file in the prescribed format' for a zip without a OneRoster manifest; 400 when the " +
          "roster's schools are all another school.",
        security: [{ bearer: [] }],
        querystring: oneRosterImportQuery,
        body: z.unknown(),
        response: { 200: answerSchema(oneRosterImportData), ...failures },
      },
    },
    async (request) => {
      const admin = schoolAdminOf(request);
      const body = request.body;
      if (!(body instanceof Uint8Array)) throw badRequest(EduMessage.notOneRoster);
      const read = readOneRosterZip(body);
      if (!read.ok) throw badRequest(EduMessage.notOneRoster);
      const currentYear = new Date(clock.nowMs()).getFullYear();
      const plan = await planImport(db, admin.schoolId, read.roster, currentYear);
      if (!request.query.apply) return success({ applied: false, ...plan.data });
      await applyImport(db, accounts, admin.schoolId, plan, clock.nowMs());
      return success({ applied: true, ...plan.data });
    },
  );

  app.get(
    '/edu/v1/oneroster',
    {
      preValidation: app.requireAuth(Scope.adminRead),
      schema: {
        tags: ['education admin'],
        summary:
          "The school's classes, class teachers and pupils as a OneRoster 1.2 CSV zip (school administrator)",
        security: [{ bearer: [] }],
        response: {
          200: z.any().describe('The zip (application/zip)'),
          401: failureSchema,
          403: failureSchema,
        },
      },
    },
    async (request, reply) => {
      const admin = schoolAdminOf(request);
      const zip = writeOneRosterZip(await exportSchool(db, admin.schoolId), { systemName: 'dotink' });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="oneroster.zip"')
        .send(Buffer.from(zip));
    },
  );
};
