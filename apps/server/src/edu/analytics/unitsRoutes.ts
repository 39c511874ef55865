/**
 * `GET|PUT /edu/v1/curriculum/{curriculumId}/textbook/{textbookId}/categories` — the units of a
 * learning material (issue 15, `unitsBody`/`unitsData`). A teacher's own material (POD) answers
 * its stored units (from its PDF's outline at upload, or as edited); a built-in one those of its
 * book (vendor category file or the database). PUT replaces a POD material's units (source
 * 'edited'); every page of every unit must lie in the material's Ncode pages (400 otherwise).
 * Read: whoever reaches the lecture's class; write: the lecture's teacher or the administrator.
 */

import { textbookParams } from '@dotink/contracts/edu';
import { type UnitDefinition, type UnitsData, unitsBody, unitsData } from '@dotink/contracts/eduAnalytics';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { badRequest } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { vendorDataDir } from '../../vendor/vendorData';
import { curriculumFor, schoolTeacherOf, type TextbookRow, textbookOf } from '../access';
import { AnalyticsMessage } from './messages';
import { builtinUnits } from './units';

const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };

/** The first unit (depth first) with a page outside `[first, last]`, or undefined. */
export function unitOutside(
  units: readonly UnitDefinition[],
  first: number,
  last: number,
): UnitDefinition | undefined {
  for (const u of units) {
    if (u.startPage < first || u.endPage > last) return u;
    const inner = unitOutside(u.subCategories, first, last);
    if (inner) return inner;
  }
  return undefined;
}

export const unitsRoutes: AppPlugin = async (app) => {
  const { db, config } = app.services;

  async function unitsOf(t: TextbookRow): Promise<UnitsData> {
    if (t.type === 'POD') return { categories: t.units ?? [], source: t.units_source ?? 'none' };
    const own = await builtinUnits(db, vendorDataDir(config), t);
    return own ? { categories: [...own.units], source: own.source } : { categories: [], source: 'none' };
  }

  app.get(
    '/edu/v1/curriculum/:curriculumId/textbook/:textbookId/categories',
    {
      preHandler: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: "A learning material's units: a POD material's outline or edited units, a built-in book's",
        security: [{ bearer: [] }],
        params: textbookParams,
        response: { 200: answerSchema(unitsData), ...failures },
      },
    },
    async (request) => {
      const teacher = schoolTeacherOf(request);
      const { curriculumId, textbookId } = request.params;
      await curriculumFor(db, teacher, curriculumId, 'read');
      return success(await unitsOf(await textbookOf(db, curriculumId, textbookId)));
    },
  );

  app.put(
    '/edu/v1/curriculum/:curriculumId/textbook/:textbookId/categories',
    {
      preHandler: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: "Replace a teacher's own material's (POD) units; pages within the material's range",
        security: [{ bearer: [] }],
        params: textbookParams,
        body: unitsBody,
        response: { 200: answerSchema(unitsData), ...failures },
      },
    },
    async (request) => {
      const teacher = schoolTeacherOf(request);
      const { curriculumId, textbookId } = request.params;
      await curriculumFor(db, teacher, curriculumId, 'write');
      const t = await textbookOf(db, curriculumId, textbookId);
      if (t.type !== 'POD') throw badRequest(AnalyticsMessage.notOwnMaterial);
      const { categories } = request.body;
      const outside = unitOutside(categories, t.ncode_start_page, t.ncode_end_page);
      if (outside) {
        throw badRequest(
          AnalyticsMessage.unitOutside(
            outside.title,
            outside.startPage,
            outside.endPage,
            t.ncode_start_page,
            t.ncode_end_page,
          ),
        );
      }
      const row = await db
        .updateTable('textbooks')
        .set({ units: JSON.stringify(categories), units_source: 'edited' })
        .where('id', '=', t.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return success(await unitsOf(row));
    },
  );
};
