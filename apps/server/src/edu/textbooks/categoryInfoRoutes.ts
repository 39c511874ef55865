/**
 * The math category info file (classroom.md §3 "Built-in regular textbook list entry", §7): the
 * built-in textbooks with their page info, files, margins, units and page naming rule, as the
 * plain JSON document the apps once read from cloud storage.
 */
import { z } from 'zod';
import type { TextbookCategory } from '../../db/schema';
import { failureSchema } from '../../http/answer';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';

const categorySchema: z.ZodType<TextbookCategory> = z.lazy(() =>
  z.object({
    title: z.string(),
    startPage: z.number().int(),
    endPage: z.number().int(),
    subCategories: z.array(categorySchema),
  }),
);

export const categoryInfoEntrySchema = z.object({
  curriculumDescription: z.object({
    id: z.number().int().describe('1–9'),
    title: z.string(),
    year: z.number().int(),
    semester: z.number().int().nullable(),
    grade: z.number().int().nullable(),
    subject: z.string(),
    type: z.string(),
  }),
  pageInfo: z.object({
    section: z.number().int(),
    owner: z.number().int(),
    book: z.number().int(),
    firstPage: z.number().int(),
  }),
  numPages: z.number().int(),
  nprojUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  hasBackground: z.boolean(),
  pageMarginLeft: z.number(),
  pageNaming: z
    .enum(['textbook', 'number'])
    .describe('textbook: page − 2, blank for the first two; number: as is'),
  categories: z.array(categorySchema),
});

export const categoryInfoRoutes: AppPlugin = async (app) => {
  const { db } = app.services;
  app.get(
    '/edu/v1/math/category-info',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'The math category info: built-in textbooks with their units (plain JSON)',
        security: [{ bearer: [] }],
        response: {
          200: z.object({ textbooks: z.array(categoryInfoEntrySchema) }),
          401: failureSchema,
          403: failureSchema,
        },
      },
    },
    async () => {
      const rows = await db.selectFrom('builtin_textbooks').selectAll().orderBy('id').execute();
      return {
        textbooks: rows.map((b) => ({
          curriculumDescription: {
            id: b.id,
            title: b.title,
            year: b.year,
            semester: b.semester,
            grade: b.grade,
            subject: b.subject,
            type: b.type,
          },
          pageInfo: { section: b.section, owner: b.owner, book: b.book, firstPage: b.first_page },
          numPages: b.num_pages,
          nprojUrl: b.nproj_url,
          pdfUrl: b.pdf_url,
          hasBackground: b.has_background,
          pageMarginLeft: b.page_margin_left,
          pageNaming: b.page_naming,
          categories: b.categories,
        })),
      };
    },
  );
};
