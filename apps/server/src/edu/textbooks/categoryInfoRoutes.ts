/**
 * The math category info file (classroom.md §3 "Built-in regular textbook list entry", §7): the
 * built-in textbooks with their page info, files, margins, units and page naming rule, as the
 * plain JSON document the apps once read from cloud storage. Units come from the book's vendor
 * category file (`vendor/categoryFiles.ts`) when it has a valid one, else from the database (the
 * demo seed's demo units of book 1191, or none).
 */
import { categoryInfoSchema } from '@dotink/contracts/edu';
import { failureSchema } from '../../http/answer';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { categoryFileName, categoryFilesOf } from '../../vendor/categoryFiles';
import { vendorDataDir } from '../../vendor/vendorData';
import { builtinFileUri } from './materialLookupRoutes';

export const categoryInfoRoutes: AppPlugin = async (app) => {
  const { db, config } = app.services;
  app.get(
    '/edu/v1/math/category-info',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'The math category info: built-in textbooks with their units (plain JSON)',
        security: [{ bearer: [] }],
        response: {
          200: categoryInfoSchema,
          401: failureSchema,
          403: failureSchema,
        },
      },
    },
    async () => {
      const rows = await db.selectFrom('builtin_textbooks').selectAll().orderBy('id').execute();
      // A book's vendor category file, when valid, takes the place of the stored units (issue 15).
      const files = (await categoryFilesOf(vendorDataDir(config))).books;
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
          nprojUrl: builtinFileUri(config.publicUrl, b, 'nproj') ?? null,
          pdfUrl: builtinFileUri(config.publicUrl, b, 'pdf') ?? null,
          hasBackground: b.has_background,
          pageMarginLeft: b.page_margin_left,
          pageNaming: b.page_naming,
          categories: files.get(categoryFileName(b))?.categories ?? b.categories,
        })),
      };
    },
  );
};
