/**
 * Lessons of a lecture, classroom.md §7: `GET|POST /edu/v1/curriculum/{id}/course`,
 * `GET|PUT|DELETE .../course/{courseId}` and `POST .../course/{courseId}/session` (re-register
 * the session of a lesson saved as draft).
 */
import {
  courseBody,
  courseParams,
  courseSchema,
  coursesData,
  curriculumParams,
  deletedData,
  MAX_DESCRIPTION,
} from '@dotink/contracts/edu';
import type { z } from 'zod';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { badRequest } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { courseOf, curriculumFor, schoolTeacherOf } from '../access';
import { isBlank } from '../fields';
import { EduMessage } from '../messages';
import { lessonClass, newSessionId, requireStudents, toCourse } from './courseQueries';
import { ACTIVE_SESSION, checkLessonTimes, endFromDuration, isOpenableCourseUrl } from './lessonRules';

const body = courseBody;
type Body = z.infer<typeof body>;

/** Start and end of a lesson from a request (end from prgsTime when endAt is absent). */
function timesOf(b: Body): { start?: number; end?: number } {
  const start = b.startAt ? Date.parse(b.startAt) : undefined;
  const end = b.endAt
    ? Date.parse(b.endAt)
    : start !== undefined && b.prgsTime !== undefined && b.prgsTime !== null
      ? endFromDuration(start, b.prgsTime)
      : undefined;
  return { ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
}

function checkText(b: Body): void {
  if (b.description && [...b.description].length > MAX_DESCRIPTION)
    throw badRequest(EduMessage.descriptionTooLong);
  if (b.eduCourseUrl && !isOpenableCourseUrl(b.eduCourseUrl))
    throw badRequest('The course URL must be http(s) or a path of the app.');
}

const params = curriculumParams;
const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };
const one = answerSchema(courseSchema);

export const courseRoutes: AppPlugin = async (app) => {
  const { db, clock } = app.services;
  const now = () => clock.nowMs();

  app.get(
    '/edu/v1/curriculum/:curriculumId/course',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'The lessons of a lecture, by start time',
        security: [{ bearer: [] }],
        params,
        response: { 200: answerSchema(coursesData), ...failures },
      },
    },
    async (request) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'read');
      const klass = await lessonClass(db, lecture.class_id);
      const rows = await db
        .selectFrom('courses')
        .selectAll()
        .where('curriculum_id', '=', lecture.id)
        .orderBy('start_at')
        .orderBy('id')
        .execute();
      return success({ courses: rows.map((c) => toCourse(c, klass, now())) });
    },
  );

  app.post(
    '/edu/v1/curriculum/:curriculumId/course',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Schedule a lesson',
        description:
          "tag, startAt and endAt (or prgsTime) are required ('There is a value that was not entered'); " +
          '1 to 5 hours in 5-minute steps; memo up to 40 characters. The lesson session is registered at ' +
          "once, which needs a student in the class ('The student does not exist.'), unless sessionStatus " +
          'asks for a draft.',
        security: [{ bearer: [] }],
        params,
        body,
        response: { 200: one, ...failures },
      },
    },
    async (request) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'write');
      const b = request.body;
      const { start, end } = timesOf(b);
      if (isBlank(b.tag) || start === undefined || end === undefined)
        throw badRequest(EduMessage.valueMissing);
      checkText(b);
      checkLessonTimes(start, end);
      const draft =
        b.sessionStatus !== undefined && b.sessionStatus !== null && b.sessionStatus !== ACTIVE_SESSION;
      if (!draft) await requireStudents(db, lecture.class_id);
      const row = await db
        .insertInto('courses')
        .values({
          curriculum_id: lecture.id,
          tag: b.tag!.trim(),
          title: isBlank(b.title) ? lecture.title : b.title!.trim(),
          description: b.description?.trim() ?? '',
          start_at: new Date(start),
          end_at: new Date(end),
          status: b.status ?? 'B',
          session_id: draft ? null : newSessionId(),
          session_status: draft ? b.sessionStatus! : ACTIVE_SESSION,
          edu_course_url: b.eduCourseUrl ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return success(toCourse(row, await lessonClass(db, lecture.class_id), now()));
    },
  );

  app.get(
    '/edu/v1/curriculum/:curriculumId/course/:courseId',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'One lesson (with eduCourseUrl)',
        security: [{ bearer: [] }],
        params: courseParams,
        response: { 200: one, ...failures },
      },
    },
    async (request) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'read');
      const row = await courseOf(db, lecture.id, request.params.courseId);
      return success(toCourse(row, await lessonClass(db, lecture.class_id), now()));
    },
  );

  app.put(
    '/edu/v1/curriculum/:curriculumId/course/:courseId',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Edit a lesson (fields not sent keep their value); status E ends it for good',
        security: [{ bearer: [] }],
        params: courseParams,
        body,
        response: { 200: one, ...failures },
      },
    },
    async (request) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'write');
      const current = await courseOf(db, lecture.id, request.params.courseId);
      const b = request.body;
      if (b.tag !== undefined && b.tag !== null && isBlank(b.tag)) throw badRequest(EduMessage.valueMissing);
      checkText(b);
      if (current.status === 'E' && b.status === 'B') throw badRequest(EduMessage.lessonEnded);
      const sent = timesOf(b);
      const start = sent.start ?? current.start_at.getTime();
      const end =
        sent.end ??
        (b.prgsTime !== undefined && b.prgsTime !== null
          ? endFromDuration(start, b.prgsTime)
          : start + (current.end_at.getTime() - current.start_at.getTime()));
      if (start !== current.start_at.getTime() || end !== current.end_at.getTime())
        checkLessonTimes(start, end);
      const row = await db
        .updateTable('courses')
        .set({
          ...(b.tag ? { tag: b.tag.trim() } : {}),
          ...(b.title && !isBlank(b.title) ? { title: b.title.trim() } : {}),
          ...(b.description !== undefined && b.description !== null
            ? { description: b.description.trim() }
            : {}),
          ...(b.status ? { status: b.status } : {}),
          ...(b.eduCourseUrl !== undefined ? { edu_course_url: b.eduCourseUrl } : {}),
          start_at: new Date(start),
          end_at: new Date(end),
          modified_at: new Date(now()),
        })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return success(toCourse(row, await lessonClass(db, lecture.class_id), now()));
    },
  );

  app.delete(
    '/edu/v1/curriculum/:curriculumId/course/:courseId',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Delete a lesson',
        security: [{ bearer: [] }],
        params: courseParams,
        response: { 200: answerSchema(deletedData), ...failures },
      },
    },
    async (request) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'write');
      const current = await courseOf(db, lecture.id, request.params.courseId);
      await db.deleteFrom('courses').where('id', '=', current.id).execute();
      return success({ id: current.id });
    },
  );

  app.post(
    '/edu/v1/curriculum/:curriculumId/course/:courseId/session',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Re-register the session of a lesson saved as draft (no body)',
        description:
          "400 'The student does not exist.' when the class has no students; 400 when the lesson has " +
          'ended or its session is already registered.',
        security: [{ bearer: [] }],
        params: courseParams,
        response: { 200: one, ...failures },
      },
    },
    async (request) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'write');
      const current = await courseOf(db, lecture.id, request.params.courseId);
      if (current.status === 'E') throw badRequest(EduMessage.lessonEnded);
      if (current.session_status === ACTIVE_SESSION) throw badRequest(EduMessage.sessionActive);
      await requireStudents(db, lecture.class_id);
      const row = await db
        .updateTable('courses')
        .set({ session_id: newSessionId(), session_status: ACTIVE_SESSION, modified_at: new Date(now()) })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return success(toCourse(row, await lessonClass(db, lecture.class_id), now()));
    },
  );
};
