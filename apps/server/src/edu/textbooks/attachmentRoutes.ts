/**
 * Files of a learning material, classroom.md §7: the multipart upload
 * `POST /edu/v1/curriculum/{id}/textbook/{textbookId}/attachment` (section, owner, book,
 * pageStart, pageEnd, pdfFile, nprojFile, curriculumId, textbookId) stored in the file store,
 * and the download `GET .../attachment/{pdf|nproj}` the `downloadUri`s point at.
 */
import { basename } from 'node:path';
import {
  attachmentParams,
  textbookParams,
  textbookSchema,
  attachmentUploadFields as uploadFields,
} from '@dotink/contracts/edu';
import { parseNproj } from '@dotink/ncode';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { badRequest, notFound } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { curriculumFor, schoolTeacherOf, type TextbookRow, textbookOf } from '../access';
import { EduMessage, tooManyPages } from '../messages';
import { countPdfPages } from './pdfPages';
import { attachmentMime, MAX_POD_PAGES, toTextbook } from './textbookQueries';

/** Upload limits: one PDF and one .nproj, each at most 200 MiB. */
const MAX_FILE_BYTES = 200 * 1024 * 1024;
const LIMITS = { fileSize: MAX_FILE_BYTES, files: 2, fields: 16, fieldSize: 1024, parts: 20 };

interface Upload {
  readonly bytes: Uint8Array;
  readonly name: string;
}

/** A file name safe to keep and to send back in Content-Disposition. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = basename((name ?? '').replace(/\\/g, '/'));
  const kept = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"')
    .join('')
    .trim();
  return (kept === '' ? fallback : kept).slice(0, 200);
}

/** Checks the form fields against the material they are sent for (400 when they disagree). */
function checkFields(fields: Record<string, string>, t: TextbookRow): void {
  const parsed = uploadFields.safeParse(fields);
  if (!parsed.success) throw badRequest(EduMessage.materialInput);
  const f = parsed.data;
  const expected: [number | undefined, number][] = [
    [f.section, t.section],
    [f.owner, t.owner],
    [f.book, t.book],
    [f.pageStart, t.ncode_start_page],
    [f.pageEnd, t.ncode_end_page],
    [f.curriculumId, t.curriculum_id],
    [f.textbookId, t.id],
  ];
  if (expected.some(([sent, actual]) => sent !== undefined && sent !== actual))
    throw badRequest(EduMessage.materialInput);
}

/** The page count of an uploaded PDF: at most 500 and no more than the material's Ncode pages. */
async function checkPdf(pdf: Upload, t: TextbookRow): Promise<number> {
  const pages = await countPdfPages(pdf.bytes);
  if (pages === undefined) throw badRequest(EduMessage.notPdf);
  if (pages > MAX_POD_PAGES) throw badRequest(tooManyPages(pages));
  if (pages > t.ncode_end_page - t.ncode_start_page + 1) throw badRequest(EduMessage.pdfLongerThanRange);
  return pages;
}

/** An uploaded .nproj must read and be printed on the material's book. */
function checkNproj(nproj: Upload, t: TextbookRow): void {
  try {
    const doc = parseNproj(new TextDecoder('utf-8', { fatal: true }).decode(nproj.bytes));
    const b = doc.book;
    if (b.section === t.section && b.owner === t.owner && b.code === t.book) return;
  } catch {}
  throw badRequest(EduMessage.notNproj);
}

/** The fields and files of a multipart upload; a body that does not parse is a 400. */
async function readUpload(request: FastifyRequest): Promise<{
  fields: Record<string, string>;
  pdf?: Upload | undefined;
  nproj?: Upload | undefined;
}> {
  const fields: Record<string, string> = Object.create(null);
  let pdf: Upload | undefined;
  let nproj: Upload | undefined;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'file') {
        const bytes = new Uint8Array(await part.toBuffer());
        if (part.fieldname === 'pdfFile') pdf = { bytes, name: cleanFileName(part.filename, 'material.pdf') };
        else if (part.fieldname === 'nprojFile')
          nproj = { bytes, name: cleanFileName(part.filename, 'material.nproj') };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // The plugin's own errors (too large, too many parts) carry a 4xx; the parser's do not.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw badRequest(EduMessage.badUpload);
  }
  return { fields, pdf, nproj };
}

const params = textbookParams;
const failures = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
  413: failureSchema,
};

export const attachmentRoutes: AppPlugin = async (app) => {
  const { db, config, files } = app.services;
  await app.register(multipart, { limits: LIMITS });

  app.post(
    '/edu/v1/curriculum/:curriculumId/textbook/:textbookId/attachment',
    {
      preValidation: app.requireAuth(Scope.eduWrite),
      schema: {
        tags: ['education'],
        summary: 'Upload the PDF and/or .nproj of a learning material (multipart/form-data)',
        description:
          'Form: pdfFile, nprojFile (files); section, owner, book, pageStart, pageEnd, curriculumId, ' +
          "textbookId (optional, must match the material). A PDF over 500 pages: 400 'too many pages (n)'. " +
          'The .nproj must be for the material’s book. Answers the material (its id, files, page count).',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        params,
        response: { 200: answerSchema(textbookSchema), ...failures },
      },
    },
    async (request) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'write');
      const textbook = await textbookOf(db, lecture.id, request.params.textbookId);
      if (!request.isMultipart()) throw badRequest(EduMessage.noFile);

      const { fields, pdf, nproj } = await readUpload(request);
      checkFields(fields, textbook);
      if (!pdf && !nproj) throw badRequest(EduMessage.noFile);
      const pages = pdf ? await checkPdf(pdf, textbook) : undefined;
      if (nproj) checkNproj(nproj, textbook);

      const storedPdf = pdf ? await files.put(pdf.bytes) : undefined;
      const storedNproj = nproj ? await files.put(nproj.bytes) : undefined;
      const row = await db
        .updateTable('textbooks')
        .set({
          ...(storedPdf ? { pdf_sha256: storedPdf.sha256, pdf_name: pdf!.name } : {}),
          ...(storedNproj ? { nproj_sha256: storedNproj.sha256, nproj_name: nproj!.name } : {}),
          ...(pages !== undefined && textbook.type === 'POD' ? { num_pages: pages } : {}),
        })
        .where('id', '=', textbook.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return success(toTextbook(config.publicUrl, row, lecture.class_id));
    },
  );

  app.get(
    '/edu/v1/curriculum/:curriculumId/textbook/:textbookId/attachment/:kind',
    {
      preValidation: app.requireAuth(Scope.eduRead),
      schema: {
        tags: ['education'],
        summary: 'Download the PDF or .nproj of a learning material (the downloadUri of the material)',
        security: [{ bearer: [] }],
        params: attachmentParams,
        produces: [attachmentMime.pdf, attachmentMime.nproj],
        response: {
          200: z.any().describe('The file (application/pdf or application/xml)'),
          401: failureSchema,
          403: failureSchema,
          404: failureSchema,
        },
      },
    },
    async (request, reply) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'read');
      const textbook = await textbookOf(db, lecture.id, request.params.textbookId);
      const { kind } = request.params;
      const sha = kind === 'pdf' ? textbook.pdf_sha256 : textbook.nproj_sha256;
      const stream = sha ? await files.stream(sha) : undefined;
      if (!stream) throw notFound(EduMessage.attachmentNotFound);
      const name = (kind === 'pdf' ? textbook.pdf_name : textbook.nproj_name) ?? `${textbook.title}.${kind}`;
      return reply
        .type(attachmentMime[kind])
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, max-age=3600')
        .send(stream);
    },
  );
};
