/**
 * Teachers, classroom.md §7: `GET /edu/v1/teacher` (teacherInfo), `POST /edu/v1/teacher`
 * (register the school once, with its authentication code), and for school administrators
 * `GET /edu/v1/teachers` and `PUT /edu/v1/teacher/{teacherId}` (approve or withdraw approval).
 * The first two are open to teachers awaiting approval (`edu.pending`).
 */
import {
  registerSchoolBody,
  teacherInfoSchema,
  teacherParams,
  teacherStatusBody,
  teacherStatusData,
  teachersData,
} from '@dotink/contracts/edu';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { schoolAdminOf, teacherOf } from '../access';
import { EduMessage } from '../messages';
import { authCodeMatches, teacherInfo, toSchool } from './teacherInfo';

const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };

export const teacherRoutes: AppPlugin = async (app) => {
  const { db, clock } = app.services;

  app.get(
    '/edu/v1/teacher',
    {
      preValidation: app.requireAuth(Scope.eduPending),
      schema: {
        tags: ['education'],
        summary: 'The calling teacher (teacherInfo), with lectures and classes once ACTIVE',
        security: [{ bearer: [] }],
        response: { 200: answerSchema(teacherInfoSchema), ...failures },
      },
    },
    async (request) => success(await teacherInfo(db, teacherOf(request))),
  );

  app.post(
    '/edu/v1/teacher',
    {
      preValidation: app.requireAuth(Scope.eduPending),
      schema: {
        tags: ['education'],
        summary: "Register the caller's school (once)",
        description:
          "No school: 400 'Please enter your affiliation.'; wrong code: 400 'The affiliation authentication " +
          "code does not match. Please enter again.'; another school than the one registered: 409. A teacher " +
          'who is not a school administrator then awaits the approval of that school (PENDING_ACTIVE).',
        security: [{ bearer: [] }],
        body: registerSchoolBody,
        response: { 200: answerSchema(teacherInfoSchema), ...failures, 409: failureSchema },
      },
    },
    async (request) => {
      const account = teacherOf(request);
      const { eduSchoolId, checkCode } = request.body;
      if (eduSchoolId === undefined) throw badRequest(EduMessage.noAffiliation);
      const school = await db
        .selectFrom('schools')
        .selectAll()
        .where('id', '=', eduSchoolId)
        .executeTakeFirst();
      if (!school) throw badRequest(EduMessage.noAffiliation);
      if (!authCodeMatches(checkCode ?? '', toSchool(school))) throw badRequest(EduMessage.codeMismatch);
      if (account.schoolId !== null) {
        if (account.schoolId !== school.id) throw conflict(EduMessage.schoolLocked);
        return success(await teacherInfo(db, account));
      }
      const updated = await db
        .updateTable('accounts')
        .set({
          school_id: school.id,
          ...(account.isSchoolAdmin ? {} : { status: 'PENDING_ACTIVE' as const }),
          updated_at: new Date(clock.nowMs()),
        })
        .where('id', '=', account.id)
        .where('school_id', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw conflict(EduMessage.schoolLocked);
      const fresh = await app.services.accounts.findById(account.id);
      return success(await teacherInfo(db, fresh!));
    },
  );

  app.get(
    '/edu/v1/teachers',
    {
      preValidation: app.requireAuth(Scope.adminRead),
      schema: {
        tags: ['education admin'],
        summary: "The teachers of the administrator's school",
        security: [{ bearer: [] }],
        response: { 200: answerSchema(teachersData), ...failures },
      },
    },
    async (request) => {
      const admin = schoolAdminOf(request);
      const rows = await db
        .selectFrom('accounts')
        .innerJoin('schools', 'schools.id', 'accounts.school_id')
        .select([
          'accounts.id',
          'accounts.name',
          'accounts.username',
          'accounts.email',
          'accounts.status',
          'accounts.is_school_admin',
          'schools.name as school_name',
        ])
        .where('accounts.kind', '=', 'teacher')
        .where('accounts.school_id', '=', admin.schoolId)
        .orderBy('accounts.name')
        .orderBy('accounts.id')
        .execute();
      return success({
        teachers: rows.map((r) => ({
          id: r.id,
          name: r.name,
          username: r.username,
          email: r.email,
          schoolName: r.school_name,
          status: r.status,
          isSchoolAdmin: r.is_school_admin,
        })),
      });
    },
  );

  app.put(
    '/edu/v1/teacher/:teacherId',
    {
      preValidation: app.requireAuth(Scope.adminWrite),
      schema: {
        tags: ['education admin'],
        summary:
          "Approve (ACTIVE) or withdraw approval (PENDING_ACTIVE) of a teacher of the administrator's school",
        description: 'An administrator cannot change their own row (403).',
        security: [{ bearer: [] }],
        params: teacherParams,
        body: teacherStatusBody,
        response: {
          200: answerSchema(teacherStatusData),
          ...failures,
        },
      },
    },
    async (request) => {
      const admin = schoolAdminOf(request);
      const { teacherId } = request.params;
      if (teacherId === admin.account.id) throw forbidden(EduMessage.ownApproval);
      const target = await db
        .selectFrom('accounts')
        .select(['id', 'school_id'])
        .where('id', '=', teacherId)
        .where('kind', '=', 'teacher')
        .executeTakeFirst();
      if (!target) throw notFound(EduMessage.teacherNotFound);
      if (target.school_id !== admin.schoolId) throw forbidden(EduMessage.forbidden);
      const { status } = request.body;
      await db
        .updateTable('accounts')
        .set({ status, updated_at: new Date(clock.nowMs()) })
        .where('id', '=', target.id)
        .execute();
      return success({ id: target.id, status });
    },
  );

  app.delete(
    '/edu/v1/teacher/:teacherId/school',
    {
      preValidation: app.requireAuth(Scope.adminWrite),
      schema: {
        tags: ['education admin'],
        summary: "Reject a teacher's request for the administrator's school (the wrong school was chosen)",
        description:
          'The teacher is left without a school, awaiting approval, and chooses their school again; ' +
          'the classes of which they were class teacher are left without one. Only a request awaiting ' +
          "approval: an approved teacher 409 (withdraw the approval first); not one's own row (403).",
        security: [{ bearer: [] }],
        params: teacherParams,
        response: { 200: answerSchema(teacherStatusData), ...failures, 409: failureSchema },
      },
    },
    async (request) => {
      const admin = schoolAdminOf(request);
      const { teacherId } = request.params;
      if (teacherId === admin.account.id) throw forbidden(EduMessage.ownApproval);
      const target = await db
        .selectFrom('accounts')
        .select(['id', 'school_id', 'status', 'is_school_admin'])
        .where('id', '=', teacherId)
        .where('kind', '=', 'teacher')
        .executeTakeFirst();
      if (!target) throw notFound(EduMessage.teacherNotFound);
      if (target.school_id !== admin.schoolId) throw forbidden(EduMessage.forbidden);
      if (target.status === 'ACTIVE' || target.is_school_admin) throw conflict(EduMessage.rejectApproved);
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('classes')
          .set({ teacher_id: null })
          .where('teacher_id', '=', target.id)
          .where('school_id', '=', admin.schoolId)
          .execute();
        await tx
          .updateTable('accounts')
          .set({ school_id: null, status: 'PENDING_ACTIVE', updated_at: new Date(clock.nowMs()) })
          .where('id', '=', target.id)
          .execute();
      });
      return success({ id: target.id, status: 'PENDING_ACTIVE' as const });
    },
  );
};
