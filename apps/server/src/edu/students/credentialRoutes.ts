/**
 * A pupil's sign-in for the QR label (classroom.md §3 "QR label payload": base64 of
 * `id|password|mac`): `GET /edu/v1/class/{eduClassId}/students/{studentId}/credentials` reads it
 * and `POST …/credentials/reset` gives the pupil a new random password. For the class's teachers
 * and the school administrator only; the password is never part of a list, and request logs hold
 * only the URL (no password in it).
 *
 * The password is kept readable in `students.pen_password` (null: the initial password, the
 * student id, classroom.md §6) beside the account's hash: pupils' pen-station passwords are
 * printed on labels by design (see the edu README for the trade-off).
 */
import { studentCredentialsData, studentParams } from '@dotink/contracts/edu';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { notFound } from '../../http/errors';
import { randomId } from '../../identity/accounts';
import { hashPassword } from '../../identity/passwords';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { classOfSchool, schoolTeacherOf } from '../access';
import { EduMessage } from '../messages';

/** Length of a reset password (letters and digits of an unambiguous alphabet: 50 bits). */
export const RESET_PASSWORD_LENGTH = 10;

/** The pupil `studentId` of class `classId` with their label password (404 when not in it). */
async function pupilOf(db: Kysely<Database>, classId: number, studentId: string) {
  const row = await db
    .selectFrom('students')
    .select(['account_id', 'pen_password'])
    .where('class_id', '=', classId)
    .where('account_id', '=', studentId)
    .executeTakeFirst();
  if (!row) throw notFound(EduMessage.noStudents);
  return row;
}

const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };
const noStore = { 'cache-control': 'no-store' };

/** The OpenAPI schema both routes share: a pupil of a class in, their sign-in out. */
const credentialSchema = (summary: string, description: string) => ({
  tags: ['education'],
  summary,
  description,
  security: [{ bearer: [] }],
  params: studentParams,
  response: { 200: answerSchema(studentCredentialsData), ...failures },
});

/** The pupil the request names, of a class the signed-in teacher or administrator may see. */
async function requestedPupil(
  db: Kysely<Database>,
  request: FastifyRequest & { readonly params: { readonly eduClassId: number; readonly studentId: string } },
) {
  const klass = await classOfSchool(db, schoolTeacherOf(request), request.params.eduClassId);
  return pupilOf(db, klass.id, request.params.studentId);
}

export const credentialRoutes: AppPlugin = async (app) => {
  const { db } = app.services;

  app.get(
    '/edu/v1/class/:eduClassId/students/:studentId/credentials',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: credentialSchema(
        "A pupil's sign-in (id and password) for the QR label",
        "The class's teachers and the school administrator. The password is the student id until it " +
          'is reset. Answered with `Cache-Control: no-store`; never part of the student list.',
      ),
    },
    async (request, reply) => {
      const pupil = await requestedPupil(db, request);
      reply.headers(noStore);
      return success({ studentId: pupil.account_id, password: pupil.pen_password ?? pupil.account_id });
    },
  );

  app.post(
    '/edu/v1/class/:eduClassId/students/:studentId/credentials/reset',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: credentialSchema(
        'Give a pupil a new random password (answers it, for a new QR label)',
        "The class's teachers and the school administrator. The old password stops working at once and " +
          "the pupil's tokens are revoked (a token already checked may serve up to 30 s more); " +
          `the new one is ${RESET_PASSWORD_LENGTH} letters and digits. No body.`,
      ),
    },
    async (request, reply) => {
      const pupil = await requestedPupil(db, request);
      const password = randomId(RESET_PASSWORD_LENGTH);
      // Hashed before the transaction, which stays two short updates.
      const hash = await hashPassword(password);
      const now = new Date(app.services.clock.nowMs());
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('accounts')
          .set({ password_hash: hash, updated_at: now })
          .where('id', '=', pupil.account_id)
          .execute();
        await tx
          .updateTable('students')
          .set({ pen_password: password, updated_at: now })
          .where('account_id', '=', pupil.account_id)
          .execute();
        // Sign the pupil out everywhere: their grants and the tokens issued under them.
        await sql`delete from oidc_payloads where grant_id in (
            select id from oidc_payloads where model = 'Grant' and payload->>'accountId' = ${pupil.account_id})
          or (model = 'Grant' and payload->>'accountId' = ${pupil.account_id})`.execute(tx);
      });
      reply.headers(noStore);
      return success({ studentId: pupil.account_id, password });
    },
  );
};
