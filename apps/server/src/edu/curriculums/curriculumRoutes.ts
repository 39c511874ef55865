/**
 * Lectures, classroom.md §7: `GET /edu/v1/curriculums` (the caller's), `POST /edu/v1/curriculum`,
 * `PUT` and `DELETE /edu/v1/curriculum/{curriculumId}` (its creator or the school administrator;
 * deleting removes its learning materials and lessons).
 */
import {
  curriculumBody,
  curriculumParams,
  curriculumSchema,
  curriculumsData,
  curriculumsQuery,
  deletedData,
} from '@dotink/contracts/edu';
import type { z } from 'zod';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { classOfSchool, curriculumFor, schoolTeacherOf } from '../access';
import {
  type CurriculumInput,
  checkCurriculum,
  curriculumById,
  findCurriculums,
  refuseDuplicateTitle,
} from './curriculumQueries';

const body = curriculumBody;
/** null and absent both mean "not given", except for the dates (null clears them). */
function toInput(b: z.infer<typeof body>): CurriculumInput {
  return {
    eduClassId: b.eduClassId,
    title: b.title ?? undefined,
    description: b.description ?? undefined,
    eduSubjectId: b.eduSubjectId,
    status: b.status ?? undefined,
    startAt: b.startAt,
    endAt: b.endAt,
  };
}

const params = curriculumParams;
const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };
const one = answerSchema(curriculumSchema);

export const curriculumRoutes: AppPlugin = async (app) => {
  const { db, clock } = app.services;

  app.get(
    '/edu/v1/curriculums',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: "The caller's lectures (course cards), optionally of one class",
        security: [{ bearer: [] }],
        querystring: curriculumsQuery,
        response: { 200: answerSchema(curriculumsData), ...failures },
      },
    },
    async (request) => {
      const teacher = schoolTeacherOf(request);
      const curriculums = await findCurriculums(db, {
        teacherId: teacher.account.id,
        classId: request.query.eduClassId,
      });
      return success({ curriculums });
    },
  );

  app.post(
    '/edu/v1/curriculum',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Create a lecture',
        description:
          "eduClassId and title are required ('There is a value that was not entered'); description " +
          "up to 40 characters; a second lecture of the same title in a class: 400 'already existing class'.",
        security: [{ bearer: [] }],
        body,
        response: { 200: one, ...failures },
      },
    },
    async (request) => {
      const teacher = schoolTeacherOf(request);
      const input = toInput(request.body);
      checkCurriculum(input, true);
      const klass = await classOfSchool(db, teacher, input.eduClassId!);
      await refuseDuplicateTitle(db, klass.id, input.title!);
      const row = await db
        .insertInto('curriculums')
        .values({
          class_id: klass.id,
          teacher_id: teacher.account.id,
          subject_id: input.eduSubjectId ?? null,
          title: input.title!.trim(),
          description: input.description?.trim() ?? '',
          ...(input.status ? { status: input.status } : {}),
          start_at: input.startAt ?? null,
          end_at: input.endAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return success(await curriculumById(db, row.id));
    },
  );

  app.put(
    '/edu/v1/curriculum/:curriculumId',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Edit a lecture (fields not sent keep their value)',
        security: [{ bearer: [] }],
        params,
        body,
        response: { 200: one, ...failures },
      },
    },
    async (request) => {
      const teacher = schoolTeacherOf(request);
      const current = await curriculumFor(db, teacher, request.params.curriculumId, 'write');
      const input = toInput(request.body);
      checkCurriculum(input, false);
      const classId =
        input.eduClassId === undefined
          ? current.class_id
          : (await classOfSchool(db, teacher, input.eduClassId)).id;
      const title = input.title?.trim() ?? current.title;
      await refuseDuplicateTitle(db, classId, title, current.id);
      await db
        .updateTable('curriculums')
        .set({
          class_id: classId,
          title,
          ...(input.description !== undefined ? { description: input.description.trim() } : {}),
          ...(input.eduSubjectId !== undefined ? { subject_id: input.eduSubjectId } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.startAt !== undefined ? { start_at: input.startAt } : {}),
          ...(input.endAt !== undefined ? { end_at: input.endAt } : {}),
          modified_at: new Date(clock.nowMs()),
        })
        .where('id', '=', current.id)
        .execute();
      return success(await curriculumById(db, current.id));
    },
  );

  app.delete(
    '/edu/v1/curriculum/:curriculumId',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Delete a lecture with its learning materials and lessons',
        security: [{ bearer: [] }],
        params,
        response: { 200: answerSchema(deletedData), ...failures },
      },
    },
    async (request) => {
      const current = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'write');
      await db.deleteFrom('curriculums').where('id', '=', current.id).execute();
      return success({ id: current.id });
    },
  );
};
