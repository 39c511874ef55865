/**
 * `GET /edu/v1/classes` (the caller's classes), `POST /edu/v1/class` (a school administrator
 * registers one, classroom.md §7) and `PUT /edu/v1/class/{eduClassId}` (edits one, §5).
 */
import {
  classEditBody,
  classesData,
  classesQuery,
  classParams,
  kumiSchema,
  newClassBody,
  newClassData,
} from '@dotink/contracts/edu';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { classOfSchool, schoolAdminOf, schoolTeacherOf } from '../access';
import { createClass, listClasses, updateClass } from './classQueries';

const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema };

export const classRoutes: AppPlugin = async (app) => {
  const { db, clock } = app.services;

  /** The administrator's school (its type decides the grades) and the current year, for a class's rules. */
  const adminSchoolNow = async (schoolId: number) => ({
    school: await db
      .selectFrom('schools')
      .select(['id', 'school_type_code'])
      .where('id', '=', schoolId)
      .executeTakeFirstOrThrow(),
    currentYear: new Date(clock.nowMs()).getFullYear(),
  });

  app.get(
    '/edu/v1/classes',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary:
          "The caller's classes (a school administrator: all of the school's), by year, grade, class number and name",
        security: [{ bearer: [] }],
        querystring: classesQuery,
        response: { 200: answerSchema(classesData), ...failures },
      },
    },
    async (request) => {
      const teacher = schoolTeacherOf(request);
      const classes = await listClasses(db, teacher.schoolId, {
        year: request.query.year,
        ...(teacher.account.isSchoolAdmin ? {} : { teacherId: teacher.account.id }),
      });
      return success({ classes });
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
      const { school, currentYear } = await adminSchoolNow(admin.schoolId);
      const eduClassId = await createClass(db, school, admin.account.id, request.body, currentYear);
      return success({ eduClassId });
    },
  );

  app.put(
    '/edu/v1/class/:eduClassId',
    {
      preValidation: app.requireAuth(Scope.adminWrite),
      schema: {
        tags: ['education admin'],
        summary: 'Edit a registered class (school administrator)',
        description:
          'Year, grade, class number, class name and class teacher (`teacherId`, a teacher of the school; ' +
          'null: none); fields not sent keep their value. The same rules as registering (a changed year: ' +
          'this one or the next two); the semester and built-in book follow a new grade. 409 with the ' +
          'class-in-use message when another class of the school has that year, grade and class number.',
        security: [{ bearer: [] }],
        params: classParams,
        body: classEditBody,
        response: { 200: answerSchema(kumiSchema), ...failures, 404: failureSchema, 409: failureSchema },
      },
    },
    async (request) => {
      const admin = schoolAdminOf(request);
      const klass = await classOfSchool(db, admin, request.params.eduClassId);
      const { school, currentYear } = await adminSchoolNow(admin.schoolId);
      await updateClass(db, school, klass, request.body, currentYear);
      const [edited] = (await listClasses(db, admin.schoolId)).filter((k) => k.eduClassId === klass.id);
      return success(edited!);
    },
  );
};
