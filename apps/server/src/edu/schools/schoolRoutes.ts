/**
 * `GET /edu/v1/schools?schoolName=` (classroom.md §7): the registry's schools whose name holds
 * the text, for the school-name autocomplete of the school registration page. Open to teachers
 * awaiting approval (`edu.pending`): they register their school before they are approved.
 */

import { type School, schoolsData, schoolsQuery } from '@dotink/contracts/edu';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { teacherOf } from '../access';
import { toSchool } from '../teachers/teacherInfo';

/** Most schools one search answers. */
export const SCHOOL_SEARCH_LIMIT = 30;

/** `text` with LIKE's wildcards and escape character escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Schools whose name contains `name` (any case), names starting with it first. */
export async function searchSchools(db: Kysely<Database>, name: string): Promise<School[]> {
  const wanted = name.trim();
  if (wanted === '') return [];
  const pattern = escapeLike(wanted);
  const rows = await db
    .selectFrom('schools')
    .selectAll()
    .where('name', 'ilike', `%${pattern}%`)
    .orderBy((eb) => eb.case().when('name', 'ilike', `${pattern}%`).then(0).else(1).end())
    .orderBy('name')
    .orderBy('id')
    .limit(SCHOOL_SEARCH_LIMIT)
    .execute();
  return rows.map(toSchool);
}

export const schoolRoutes: AppPlugin = async (app) => {
  const { db } = app.services;
  app.get(
    '/edu/v1/schools',
    {
      preValidation: app.requireAuth(Scope.eduPending),
      schema: {
        tags: ['education'],
        summary: `Schools of the registry whose name contains schoolName (at most ${SCHOOL_SEARCH_LIMIT})`,
        security: [{ bearer: [] }],
        querystring: schoolsQuery,
        response: {
          200: answerSchema(schoolsData),
          400: failureSchema,
          401: failureSchema,
          403: failureSchema,
        },
      },
    },
    async (request) => {
      teacherOf(request);
      return success({ schools: await searchSchools(db, request.query.schoolName ?? '') });
    },
  );
};
