/**
 * Students of a class, classroom.md §7: `GET /edu/v1/class/{eduClassId}/students`, the
 * administrator's `POST /edu/v1/class/admin/{eduClassId}/students` and the teacher's
 * `PUT /edu/v1/class/{eduClassId}/students`. Both saves take a list (bare, or as `{ students }`)
 * where the same number updates and a new number adds, and answer the class's students.
 */
import { classParams, studentsData, studentsSaveBody, studentsSaveQuery } from '@dotink/contracts/edu';
import type { z } from 'zod';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { classOfSchool, schoolAdminOf, schoolTeacherOf } from '../access';
import { listStudents, saveStudents } from './studentQueries';

const toRows = (body: StudentsSaveBodyParsed) => (Array.isArray(body) ? body : body.students);
type StudentsSaveBodyParsed = z.infer<typeof studentsSaveBody>;

const params = classParams;
const saveBody = studentsSaveBody;
const answer = answerSchema(studentsData);
const failures = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
};
const saveDescription =
  'Rows with an `id`, or with the number of an existing student, update it; other rows add a ' +
  'student (number defaults to the largest plus one). Pen addresses are normalised to ' +
  '`AA:BB:CC:DD:EE:FF`; an invalid one, or one a sent row shares with another non-deleted student, ' +
  "refuses the whole list (400) — unless `?addAnyway=true` (the import's 'add anyway'): then the " +
  'rows are stored, an invalid address kept as typed, and each student answers its ' +
  '`penAddressProblem` (invalid / duplicate / null) until fixed. Students are never deleted: ' +
  '`deleteYn: "Y"` hides them.';

export const studentRoutes: AppPlugin = async (app) => {
  const { db, accounts, clock } = app.services;

  app.get(
    '/edu/v1/class/:eduClassId/students',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'The students of a class, by number (deleted ones included, deleteYn "Y")',
        security: [{ bearer: [] }],
        params,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => {
      const klass = await classOfSchool(db, schoolTeacherOf(request), request.params.eduClassId);
      return success({ students: await listStudents(db, klass.id) });
    },
  );

  app.post(
    '/edu/v1/class/admin/:eduClassId/students',
    {
      preValidation: app.requireAuth(Scope.adminWrite),
      schema: {
        tags: ['education admin'],
        summary: 'Register or update students of a class (school administrator)',
        description: saveDescription,
        security: [{ bearer: [] }],
        params,
        querystring: studentsSaveQuery,
        body: saveBody,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => {
      const klass = await classOfSchool(db, schoolAdminOf(request), request.params.eduClassId);
      await saveStudents(db, accounts, klass.id, toRows(request.body), {
        addAnyway: request.query.addAnyway,
        nowMs: clock.nowMs(),
      });
      return success({ students: await listStudents(db, klass.id) });
    },
  );

  app.put(
    '/edu/v1/class/:eduClassId/students',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Update students of a class; new numbers are added',
        description: saveDescription,
        security: [{ bearer: [] }],
        params,
        querystring: studentsSaveQuery,
        body: saveBody,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => {
      const klass = await classOfSchool(db, schoolTeacherOf(request), request.params.eduClassId);
      await saveStudents(db, accounts, klass.id, toRows(request.body), {
        addAnyway: request.query.addAnyway,
        nowMs: clock.nowMs(),
      });
      return success({ students: await listStudents(db, klass.id) });
    },
  );
};
