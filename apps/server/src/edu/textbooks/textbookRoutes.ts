/**
 * Learning materials of a lecture, classroom.md §7: `GET /edu/v1/curriculum/{id}/textbook`,
 * `POST .../textbook/regular` (a built-in textbook) and `POST .../textbook/pod` (a user PDF on
 * reserved Ncode pages; its files follow through the attachment upload), and
 * `DELETE .../textbook/{textbookId}` (the classroom removes a POD material whose upload was
 * cancelled or failed, so nothing stays registered half-way; its issued code pages stay issued).
 */
import {
  curriculumParams,
  deletedData,
  textbookBody,
  textbookParams,
  textbookSchema,
  textbooksData,
} from '@dotink/contracts/edu';
import type { z } from 'zod';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { curriculumFor, schoolTeacherOf, textbookOf } from '../access';
import { createTextbook, listTextbooks, type MaterialInput, namingOf, toTextbook } from './textbookQueries';

const body = textbookBody;

function toInput(b: z.infer<typeof body>): MaterialInput {
  return {
    title: b.title ?? undefined,
    description: b.description ?? undefined,
    builtinTextbookId: b.builtinTextbookId,
    section: b.section,
    owner: b.owner,
    book: b.book,
    ncodeStartPage: b.ncodeStartPage ?? b.pageStart,
    ncodeEndPage: b.ncodeEndPage ?? b.pageEnd,
    numPages: b.numPages,
  };
}

const params = curriculumParams;
const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };

export const textbookRoutes: AppPlugin = async (app) => {
  const { db, config } = app.services;

  app.get(
    '/edu/v1/curriculum/:curriculumId/textbook',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'The learning materials of a lecture',
        security: [{ bearer: [] }],
        params,
        response: { 200: answerSchema(textbooksData), ...failures },
      },
    },
    async (request) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'read');
      const rows = await listTextbooks(db, lecture.id);
      const naming = await namingOf(db, rows);
      return success({
        textbooks: rows.map((t) => toTextbook(config.publicUrl, t, lecture.class_id, naming(t))),
      });
    },
  );

  for (const kind of ['regular', 'pod'] as const) {
    app.post(
      `/edu/v1/curriculum/:curriculumId/textbook/${kind}`,
      {
        preValidation: app.requireAuth(Scope.eduWrite),
        schema: {
          tags: ['education'],
          summary:
            kind === 'regular'
              ? 'Register a built-in textbook (by builtinTextbookId or section/owner/book, optionally a page range)'
              : 'Register a user material (POD) on reserved Ncode pages (at most 500)',
          description:
            "Refusals (400): 'There is an error in the input values (course / material name / file selection)', " +
            "'This learning material is already registered.', 'too many pages (n)'; POD: pages not issued to " +
            'a teacher of the school (`/edu/v1/paper/ncode`).',
          security: [{ bearer: [] }],
          params,
          body,
          response: { 200: answerSchema(textbookSchema), ...failures },
        },
      },
      async (request) => {
        const lecture = await curriculumFor(
          db,
          schoolTeacherOf(request),
          request.params.curriculumId,
          'write',
        );
        const row = await createTextbook(
          db,
          lecture.school_id,
          lecture.id,
          kind === 'regular' ? 'REGULAR' : 'POD',
          toInput(request.body),
        );
        return success(toTextbook(config.publicUrl, row, lecture.class_id, (await namingOf(db, [row]))(row)));
      },
    );
  }

  app.delete(
    '/edu/v1/curriculum/:curriculumId/textbook/:textbookId',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Remove a learning material (its issued Ncode pages stay issued to the school)',
        security: [{ bearer: [] }],
        params: textbookParams,
        response: { 200: answerSchema(deletedData), ...failures },
      },
    },
    async (request) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'write');
      const textbook = await textbookOf(db, lecture.id, request.params.textbookId);
      await db.deleteFrom('textbooks').where('id', '=', textbook.id).execute();
      return success({ id: textbook.id });
    },
  );
};
