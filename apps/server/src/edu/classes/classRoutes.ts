/**
 * `GET /edu/v1/classes` (the school's classes) and `POST /edu/v1/class` (a school administrator
 * registers one), classroom.md §7.
 */
import { classesData, classesQuery, newClassBody, newClassData } from '@dotink/contracts/edu';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { schoolAdminOf, schoolTeacherOf } from '../access';
import { createClass, listClasses } from './classQueries';

const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema };

export const classRoutes: AppPlugin = async (app) => {
  const { db, clock } = app.services;

  app.get(
    '/edu/v1/classes',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: "The classes of the caller's school, by year, grade, class number and name",
        security: [{ bearer: [] }],
        querystring: classesQuery,
        response: { 200: answerSchema(classesData), ...failures },
      },
    },
    async (request) => {
      const teacher = schoolTeacherOf(request);
      return success({ classes: await listClasses(db, teacher.schoolId, { year: request.query.year }) });
    },
  );

  app.post(
    '/edu/v1/class',
    {
      preValidation: app.requireAuth(Scope.adminWrite),
      schema: {
        tags: ['education admin'],
        summary: 'Register a class (school administrator)',
        description:
          'Years: this one and the next two; grades by school type (0: 1–6, 1 and 2: 1–3, else 1–12); ' +
          'class numbers 1–20. A missing class name gets the default. 409 when the class exists.',
        security: [{ bearer: [] }],
        body: newClassBody,
        response: {
          200: answerSchema(newClassData),
          ...failures,
          409: failureSchema,
        },
      },
    },
    async (request) => {
      const admin = schoolAdminOf(request);
      const school = await db
        .selectFrom('schools')
        .select(['id', 'school_type_code'])
        .where('id', '=', admin.schoolId)
        .executeTakeFirstOrThrow();
      const currentYear = new Date(clock.nowMs()).getFullYear();
      const eduClassId = await createClass(db, school, admin.account.id, request.body, currentYear);
      return success({ eduClassId });
    },
  );
};
