/**
 * Files of a learning material, classroom.md §7: the multipart upload
 * `POST /edu/v1/curriculum/{id}/textbook/{textbookId}/attachment` (section, owner, book,
 * pageStart, pageEnd, pdfFile, nprojFile, curriculumId, textbookId) stored in the file store,
 * and the download `GET .../attachment/{pdf|nproj}` the `downloadUri`s point at.
 *
 * Each file part streams into the file store as it arrives (staged, not yet addressable), with
 * the per-file and total limits enforced while it streams (`uploadLimits.ts`); the staged files
 * are committed only when the whole upload checks out, and removed otherwise.
 */
import { basename } from 'node:path';
import {
  attachmentParams,
  textbookParams,
  textbookSchema,
  attachmentUploadFields as uploadFields,
} from '@dotink/contracts/edu';
import type { UnitDefinition } from '@dotink/contracts/eduAnalytics';
import { parseNproj } from '@dotink/ncode';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FileStore, StagedFile } from '../../files/fileStore';
import { FileStoreUnavailableError } from '../../files/storeFailures';
import { answerSchema, failureSchema, success } from '../../http/answer';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { Scope } from '../../identity/scopes';
import type { AppPlugin } from '../../platform/types';
import { curriculumFor, schoolTeacherOf, type TextbookRow, textbookOf } from '../access';
import { outlineUnits } from '../analytics/pdfOutline';
import { EduMessage, tooManyPages } from '../messages';
import { readStagedPdf } from './pdfPages';
import { attachmentMime, MAX_POD_PAGES, namingOf, toTextbook } from './textbookQueries';
import {
  announcedTooLarge,
  fileTooLarge,
  limitedChunks,
  MAX_FILE_BYTES,
  MAX_NPROJ_BYTES,
  uploadBudget,
  uploadTooLarge,
} from './uploadLimits';

/**
 * The parser's limits: one PDF and one .nproj. Its file limit is one byte above ours so that
 * {@link limitedChunks} sees the excess and answers with the API's message.
 */
const LIMITS = { fileSize: MAX_FILE_BYTES + 1, files: 2, fields: 16, fieldSize: 1024, parts: 20 };

/** An uploaded file, staged in the file store. */
interface Upload {
  readonly file: StagedFile;
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

/**
 * The page count of an uploaded PDF (at most 500 and no more than the material's Ncode pages)
 * and, for a teacher's own material (POD), the units of its outline (issue 15).
 */
async function checkPdf(pdf: Upload, t: TextbookRow): Promise<{ pages: number; units: UnitDefinition[] }> {
  // Read by byte ranges of the staged file with a fixed memory ceiling, never whole (issue 17).
  const read = await readStagedPdf(pdf.file, MAX_POD_PAGES);
  if (read === undefined) throw badRequest(EduMessage.notPdf);
  const pages = read.pages.count;
  if (pages > MAX_POD_PAGES) throw badRequest(tooManyPages(pages));
  if (pages > t.ncode_end_page - t.ncode_start_page + 1) throw badRequest(EduMessage.pdfLongerThanRange);
  const units = t.type === 'POD' ? await outlineUnits(read.pdf, read.pages.refs, t.ncode_start_page) : [];
  return { pages, units };
}

/**
 * An uploaded .nproj must read and be printed on the material's book. It is XML, parsed whole:
 * one over {@link MAX_NPROJ_BYTES} is refused without being read.
 */
async function checkNproj(nproj: Upload, t: TextbookRow): Promise<void> {
  if (nproj.file.sizeBytes > MAX_NPROJ_BYTES) throw badRequest(EduMessage.notNproj);
  const bytes = await nproj.file.bytes();
  try {
    const doc = parseNproj(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const b = doc.book;
    if (b.section === t.section && b.owner === t.owner && b.code === t.book) return;
  } catch {}
  throw badRequest(EduMessage.notNproj);
}

/**
 * The fields and files of a multipart upload, each file streamed into the store as it arrives
 * (and added to `staged`, for the caller to commit or discard, even when this throws). A body
 * that does not parse is a 400; a file over its limit a 413, before it is read to its end.
 */
async function readUpload(
  request: FastifyRequest,
  files: FileStore,
  staged: StagedFile[],
): Promise<{
  fields: Record<string, string>;
  pdf?: Upload | undefined;
  nproj?: Upload | undefined;
}> {
  const fields: Record<string, string> = Object.create(null);
  let pdf: Upload | undefined;
  let nproj: Upload | undefined;
  const budget = uploadBudget();
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'file') {
        const file = await files.stage(limitedChunks(part.file, budget));
        staged.push(file);
        // The parser cut the file at its own limit (a safeguard: ours is one byte lower).
        if (part.file.truncated) throw fileTooLarge();
        if (part.fieldname === 'pdfFile') pdf = { file, name: cleanFileName(part.filename, 'material.pdf') };
        else if (part.fieldname === 'nprojFile')
          nproj = { file, name: cleanFileName(part.filename, 'material.nproj') };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // The plugin's own errors (too large, too many parts) carry a 4xx; the parser's do not.
    if (error instanceof FileStoreUnavailableError) throw error;
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
          'The .nproj must be for the material’s book. Each file at most 200 MiB, 400 MiB in all (413, ' +
          'refused while it streams). Answers the material (its id, files, page count).',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        params,
        response: { 200: answerSchema(textbookSchema), ...failures },
      },
    },
    async (request, reply) => {
      const lecture = await curriculumFor(db, schoolTeacherOf(request), request.params.curriculumId, 'write');
      const textbook = await textbookOf(db, lecture.id, request.params.textbookId);
      if (!request.isMultipart()) throw badRequest(EduMessage.noFile);
      // A refused body is not read on: the connection closes after the 413.
      const refuse = (error: ApiError) => {
        reply.header('connection', 'close');
        return error;
      };
      if (announcedTooLarge(request.headers['content-length'])) throw refuse(uploadTooLarge());

      const staged: StagedFile[] = [];
      try {
        const { fields, pdf, nproj } = await readUpload(request, files, staged);
        checkFields(fields, textbook);
        if (!pdf && !nproj) throw badRequest(EduMessage.noFile);
        const checked = pdf ? await checkPdf(pdf, textbook) : undefined;
        const pages = checked?.pages;
        if (nproj) await checkNproj(nproj, textbook);
        const storedPdf = pdf ? await pdf.file.commit() : undefined;
        const storedNproj = nproj ? await nproj.file.commit() : undefined;
        const row = await db
          .updateTable('textbooks')
          .set({
            ...(pdf && storedPdf ? { pdf_sha256: storedPdf.sha256, pdf_name: pdf.name } : {}),
            ...(nproj && storedNproj ? { nproj_sha256: storedNproj.sha256, nproj_name: nproj.name } : {}),
            ...(pages !== undefined && textbook.type === 'POD' ? { num_pages: pages } : {}),
            // A new PDF's outline gives the material's units, unless the teacher edited them.
            ...(checked && textbook.type === 'POD' && textbook.units_source !== 'edited'
              ? {
                  units: checked.units.length > 0 ? JSON.stringify(checked.units) : null,
                  units_source: checked.units.length > 0 ? ('outline' as const) : null,
                }
              : {}),
          })
          .where('id', '=', textbook.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return success(toTextbook(config.publicUrl, row, lecture.class_id, (await namingOf(db, [row]))(row)));
      } catch (error) {
        throw error instanceof ApiError && error.statusCode === 413 ? refuse(error) : error;
      } finally {
        // Whatever was not committed (a refused upload, a second part of the same name) goes.
        await Promise.all(staged.map((file) => file.discard()));
      }
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
          302: z.any().describe('With S3_PRESIGNED_DOWNLOAD_SECONDS: to a presigned GET of the file'),
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
      const name = (kind === 'pdf' ? textbook.pdf_name : textbook.nproj_name) ?? `${textbook.title}.${kind}`;
      const answer = {
        contentType: attachmentMime[kind],
        contentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        cacheControl: 'private, max-age=3600',
      };
      if (files.downloadUrl) {
        // Object storage with presigned downloads: the client fetches the bytes from the bucket.
        const url = sha ? await files.downloadUrl(sha, answer) : undefined;
        if (!url) throw notFound(EduMessage.attachmentNotFound);
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      }
      const stream = sha ? await files.stream(sha) : undefined;
      if (!stream) throw notFound(EduMessage.attachmentNotFound);
      return reply
        .type(answer.contentType)
        .header('content-disposition', answer.contentDisposition)
        .header('cache-control', answer.cacheControl)
        .send(stream);
    },
  );
};
