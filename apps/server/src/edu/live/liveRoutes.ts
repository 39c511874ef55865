/**
 * The live lesson's reads (issue 16, `@dotink/contracts/eduLive`):
 * - `GET /edu/v1/live/{courseId}` (`edu.read`): the lesson, its room and window, and the class
 *   roster with each pupil's pen address and the page and time of the pupil's last stroke in the
 *   lesson's window. For the class's teachers (class teacher or a lecture on it) and the school
 *   administrator — the room's teacher rule (`realtime/rooms.ts`). Answered after the room closed
 *   too (the screen shows the lesson as closed from `closesAtMs` and `nowMs`).
 * - `GET /edu/v1/live/{courseId}/station` (student token, `storage`): the lesson as a pupil of its
 *   class sees it, with the pupil's own pen address; 410 once the room closed.
 *
 * Refusals: 404 unknown lesson, 403 a caller the lesson is not for (another school's, a colleague
 * who does not teach the class, a pupil of another class), 409 a lesson without a session (saved
 * as a draft: it has no room), 410 the station of a closed lesson.
 */
import { LiveMessage, liveParams, liveRosterData, liveStationData } from '@dotink/contracts/eduLive';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import { authOf } from '../../platform/bearer';
import type { AppPlugin } from '../../platform/types';
import {
  closesAt,
  type LessonFacts,
  lessonFacts,
  lessonRoster,
  liveLesson,
  pupilOfLesson,
  teachesLesson,
} from './liveLesson';

const failures = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
  409: failureSchema,
  410: failureSchema,
};

/** 410 Gone. */
const gone = (message: string) => new ApiError(410, message);

/** The lesson with a session, or 409 (a draft has no room). */
function withSession(l: LessonFacts): LessonFacts & { sessionId: string } {
  if (l.sessionId === null) throw conflict(LiveMessage.noSession);
  return l as LessonFacts & { sessionId: string };
}

export const liveRoutes: AppPlugin = async (app) => {
  const { db, clock } = app.services;

  /** The lesson of the path, or 404. */
  const lessonOf = async (courseId: number) => {
    const l = await lessonFacts(db, courseId);
    if (!l) throw notFound(LiveMessage.lessonNotFound);
    return l;
  };

  app.get(
    '/edu/v1/live/:courseId',
    {
      preHandler: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary:
          "A live lesson for its teachers: room, window and the class's pens and last pages (issue 16)",
        description:
          '404 unknown lesson; 403 not a teacher of the class nor the school administrator; 409 a lesson ' +
          'saved as a draft (no session, no room). lastPage/lastStrokeMs: the last stroke each pupil wrote ' +
          'from the start to closesAtMs (stroke start times).',
        security: [{ bearer: [] }],
        params: liveParams,
        response: { 200: answerSchema(liveRosterData), ...failures },
      },
    },
    async (request) => {
      const l = await lessonOf(Number(request.params.courseId));
      if (!(await teachesLesson(db, authOf(request).account, l))) throw forbidden(LiveMessage.notInLesson);
      const lesson = liveLesson(withSession(l));
      const pupils = await lessonRoster(db, l.classId, lesson.startMs, lesson.closesAtMs);
      return success({ lesson, pupils, nowMs: clock.nowMs() });
    },
  );

  app.get(
    '/edu/v1/live/:courseId/station',
    {
      preHandler: app.requireAuth(Scope.storage),
      schema: {
        tags: ['education'],
        summary: "A live lesson for a pupil's pen station: the room and the pupil's pen address (issue 16)",
        description:
          '404 unknown lesson; 403 not a pupil of the class; 409 a draft lesson; 410 after closesAtMs ' +
          '(the room closes 30 minutes after the lesson ends).',
        security: [{ bearer: [] }],
        params: liveParams,
        response: { 200: answerSchema(liveStationData), ...failures },
      },
    },
    async (request) => {
      const l = await lessonOf(Number(request.params.courseId));
      const { account } = authOf(request);
      const pupil = account.kind === 'student' ? await pupilOfLesson(db, account.id, l) : undefined;
      if (!pupil) throw forbidden(LiveMessage.notInLesson);
      const lesson = liveLesson(withSession(l));
      if (clock.nowMs() >= closesAt(l.endMs)) throw gone(LiveMessage.closed);
      return success({ lesson, studentId: pupil.studentId, name: pupil.name, mac: pupil.mac });
    },
  );
};
