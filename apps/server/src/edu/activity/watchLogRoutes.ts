/**
 * Watch-log routes: `GET /edu/v1/watchlog/{studentId}?fileName=` answers the `requestUri` of
 * the log file (classroom.md §7 "GET watch log"), `GET` on that address reads the file, and
 * `POST` on it appends watches and content clicks. A pupil reaches only their own log (the
 * viewer records with the pupil's token); a teacher the logs of pupils of their own classes (the
 * school administrator: of the school).
 */

import {
  watchEventsBody,
  watchEventsData,
  watchLogFileParams,
  watchLogFileSchema,
  watchLogParams,
  watchLogQuery,
  watchLogUriData,
} from '@dotink/contracts/edu';
import type { FastifyRequest } from 'fastify';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { forbidden } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import { authOf } from '../../platform/bearer';
import type { App, AppPlugin } from '../../platform/types';
import { studentOfTeacher } from '../access';
import { EduMessage } from '../messages';
import { appendWatchEvents, readWatchLog } from './watchLog';

/**
 * Lets the pupil themself through, or a teacher holding `scope` who reaches the pupil's class
 * (its teacher, or the school administrator; 403 otherwise; 404 for an unknown pupil).
 */
async function checkStudentAccess(
  app: App,
  request: FastifyRequest,
  studentId: string,
  scope: typeof Scope.eduRead | typeof Scope.eduWrite,
): Promise<void> {
  const { account, scopes } = authOf(request);
  if (account.kind === 'student') {
    if (account.id !== studentId) throw forbidden(EduMessage.forbidden);
    return;
  }
  if (!scopes.has(scope)) throw forbidden(`Forbidden: needs ${scope}`);
  if (account.schoolId === null) throw forbidden(EduMessage.noSchool);
  await studentOfTeacher(app.services.db, { account, schoolId: account.schoolId }, studentId);
}

const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };

export const watchLogRoutes: AppPlugin = async (app) => {
  const { db, config } = app.services;
  const fileUri = (id: string, fileName: string) =>
    `${config.publicUrl}/edu/v1/watchlog/${encodeURIComponent(id)}/${encodeURIComponent(fileName)}`;

  app.get(
    '/edu/v1/watchlog/:studentId',
    {
      preValidation: app.requireAuth(Scope.storage),
      schema: {
        tags: ['education'],
        summary: "Where a pupil's watch-log file is read from",
        security: [{ bearer: [] }],
        params: watchLogParams,
        querystring: watchLogQuery,
        response: { 200: answerSchema(watchLogUriData), ...failures },
      },
    },
    async (request) => {
      await checkStudentAccess(app, request, request.params.studentId, Scope.eduRead);
      return success({ requestUri: fileUri(request.params.studentId, request.query.fileName) });
    },
  );

  app.get(
    '/edu/v1/watchlog/:studentId/:fileName',
    {
      preValidation: app.requireAuth(Scope.storage),
      schema: {
        tags: ['education'],
        summary: "A pupil's watch-log file: watches and content clicks by time (plain JSON)",
        security: [{ bearer: [] }],
        params: watchLogFileParams,
        response: { 200: watchLogFileSchema, ...failures },
      },
    },
    async (request) => {
      await checkStudentAccess(app, request, request.params.studentId, Scope.eduRead);
      return readWatchLog(db, request.params.studentId, request.params.fileName);
    },
  );

  app.post(
    '/edu/v1/watchlog/:studentId/:fileName',
    {
      preValidation: app.requireAuth(Scope.storage),
      schema: {
        tags: ['education'],
        summary: "Append video watches and content clicks to a pupil's watch log",
        security: [{ bearer: [] }],
        params: watchLogFileParams,
        body: watchEventsBody,
        response: {
          200: answerSchema(watchEventsData),
          ...failures,
        },
      },
    },
    async (request) => {
      const { studentId: id, fileName } = request.params;
      await checkStudentAccess(app, request, id, Scope.eduWrite);
      return success(await appendWatchEvents(db, id, fileName, request.body));
    },
  );
};
