/** `GET /profile/v1/me`: the caller's profile (classroom.md §7), in the generic answer shape. */
import { z } from 'zod';
import { answerSchema, failureSchema, success } from '../http/answer';
import { authOf } from '../platform/bearer';
import type { AppPlugin } from '../platform/types';
import { Scope } from './scopes';

export const profileSchema = z.object({
  id: z.string(),
  kind: z.enum(['teacher', 'student']),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(['ACTIVE', 'PENDING_ACTIVE']),
  isSchoolAdmin: z.boolean(),
  schoolId: z.number().int().nullable(),
  scope: z.string().describe('The scopes this token holds, space-separated'),
});

export const profileRoutes: AppPlugin = async (app) => {
  app.get(
    '/profile/v1/me',
    {
      preHandler: app.requireAuth(Scope.profile),
      schema: {
        tags: ['profile'],
        summary: 'The signed-in account',
        security: [{ bearer: [] }],
        response: { 200: answerSchema(profileSchema), 401: failureSchema, 403: failureSchema },
      },
    },
    async (request) => {
      const { account, scopes } = authOf(request);
      return success({
        id: account.id,
        kind: account.kind,
        username: account.username,
        name: account.name,
        email: account.email,
        status: account.status,
        isSchoolAdmin: account.isSchoolAdmin,
        schoolId: account.schoolId,
        scope: [...scopes].join(' '),
      });
    },
  );
};
