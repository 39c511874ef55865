/**
 * Finding a material's files by Ncode page address, classroom.md §7:
 * `GET /edu/v1/curriculum/textbook?section&owner&book&page` (attachments: mimeType, downloadUri)
 * and the print-material lookup `GET /edu/v1/curriculum/textbook/print?section&owner&book&pageStart`
 * (pdfRet.downloadUri, originalName, nproj_xml). Only materials of the caller's school are found;
 * a built-in textbook's page answers its files whether or not a lecture registered it.
 */

import {
  type MaterialAttachment as Attachment,
  type AttachmentKind,
  materialFilesData,
  materialFilesQuery,
  printMaterialData,
  printMaterialQuery,
} from '@dotink/contracts/edu';
import type { Kysely, Selectable } from 'kysely';
import type { BuiltinTextbooksTable, Database } from '../../db/schema';
import type { FileStore } from '../../files/fileStore';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { notFound } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { schoolTeacherOf } from '../access';
import { EduMessage } from '../messages';
import { attachmentMime, attachmentUri } from './textbookQueries';

/** Materials of a school covering a page address, newest first. */
function schoolMaterials(
  db: Kysely<Database>,
  schoolId: number,
  a: { section: number; owner: number; book: number },
) {
  return db
    .selectFrom('textbooks')
    .innerJoin('curriculums', 'curriculums.id', 'textbooks.curriculum_id')
    .innerJoin('classes', 'classes.id', 'curriculums.class_id')
    .selectAll('textbooks')
    .where('classes.school_id', '=', schoolId)
    .where('textbooks.section', '=', a.section)
    .where('textbooks.owner', '=', a.owner)
    .where('textbooks.book', '=', a.book)
    .orderBy('textbooks.id', 'desc');
}

/**
 * Where a built-in textbook's file is downloaded: its own URL when the catalogue has one, else
 * the vendor route of its book (`/vendor/v1/books/{s.o.b}/…`) when it has page backgrounds;
 * none for the books without (semester 2 and the notebook, classroom.md §3).
 */
export function builtinFileUri(
  publicUrl: string,
  b: Pick<
    Selectable<BuiltinTextbooksTable>,
    'section' | 'owner' | 'book' | 'has_background' | 'pdf_url' | 'nproj_url'
  >,
  kind: AttachmentKind,
): string | undefined {
  const own = kind === 'pdf' ? b.pdf_url : b.nproj_url;
  if (own) return own;
  if (!b.has_background) return undefined;
  return `${publicUrl}/vendor/v1/books/${b.section}.${b.owner}.${b.book}/${kind}`;
}

async function readText(files: FileStore, sha: string | null): Promise<string | null> {
  if (!sha) return null;
  const bytes = await files.get(sha);
  return bytes ? new TextDecoder().decode(bytes) : null;
}

const failures = { 400: failureSchema, 401: failureSchema, 403: failureSchema, 404: failureSchema };

export const materialLookupRoutes: AppPlugin = async (app) => {
  const { db, config, files } = app.services;

  app.get(
    '/edu/v1/curriculum/textbook',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'The attachments (PDF background, .nproj touch map) of the materials covering a page',
        security: [{ bearer: [] }],
        querystring: materialFilesQuery,
        response: { 200: answerSchema(materialFilesData), ...failures },
      },
    },
    async (request) => {
      const teacher = schoolTeacherOf(request);
      const { page } = request.query;
      const rows = await schoolMaterials(db, teacher.schoolId, request.query)
        .where('textbooks.ncode_start_page', '<=', page)
        .where('textbooks.ncode_end_page', '>=', page)
        .execute();
      const resultElements: Attachment[] = [];
      for (const t of rows) {
        const base = { textbookId: t.id, curriculumId: t.curriculum_id };
        if (t.pdf_sha256)
          resultElements.push({
            ...base,
            type: 'pdf',
            mimeType: attachmentMime.pdf,
            downloadUri: attachmentUri(config.publicUrl, t, 'pdf'),
            originalName: t.pdf_name ?? `${t.title}.pdf`,
          });
        if (t.nproj_sha256)
          resultElements.push({
            ...base,
            type: 'xml',
            mimeType: attachmentMime.nproj,
            downloadUri: attachmentUri(config.publicUrl, t, 'nproj'),
            originalName: t.nproj_name ?? `${t.title}.nproj`,
          });
      }
      const builtins = await db
        .selectFrom('builtin_textbooks')
        .selectAll()
        .where('section', '=', request.query.section)
        .where('owner', '=', request.query.owner)
        .where('book', '=', request.query.book)
        .execute();
      for (const b of builtins) {
        if (page < b.first_page || page >= b.first_page + b.num_pages) continue;
        const base = { textbookId: null, curriculumId: null };
        const pdfUri = builtinFileUri(config.publicUrl, b, 'pdf');
        const nprojUri = builtinFileUri(config.publicUrl, b, 'nproj');
        if (pdfUri)
          resultElements.push({
            ...base,
            type: 'pdf',
            mimeType: attachmentMime.pdf,
            downloadUri: pdfUri,
            originalName: `${b.title}.pdf`,
          });
        if (nprojUri)
          resultElements.push({
            ...base,
            type: 'xml',
            mimeType: attachmentMime.nproj,
            downloadUri: nprojUri,
            originalName: `${b.title}.nproj`,
          });
      }
      return success({ resultElements });
    },
  );

  app.get(
    '/edu/v1/curriculum/textbook/print',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'The printable user material (POD: its PDF and .nproj) starting at a page address',
        security: [{ bearer: [] }],
        querystring: printMaterialQuery,
        response: {
          200: answerSchema(printMaterialData),
          ...failures,
        },
      },
    },
    async (request) => {
      const teacher = schoolTeacherOf(request);
      const t = await schoolMaterials(db, teacher.schoolId, request.query)
        .where('textbooks.type', '=', 'POD')
        .where('textbooks.ncode_start_page', '=', request.query.pageStart)
        .where('textbooks.pdf_sha256', 'is not', null)
        .executeTakeFirst();
      if (!t) throw notFound(EduMessage.materialNotFound);
      return success({
        textbookId: t.id,
        pdfRet: {
          downloadUri: attachmentUri(config.publicUrl, t, 'pdf'),
          originalName: t.pdf_name ?? `${t.title}.pdf`,
        },
        nproj_xml: await readText(files, t.nproj_sha256),
      });
    },
  );
};
