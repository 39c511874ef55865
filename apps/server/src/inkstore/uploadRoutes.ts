/**
 * POST /inkstore/v1/data — a student's writing upload (engine.md §3 "Stroke upload payload", §7;
 * classroom.md §7). The body is a list of page records (a single record is accepted too); the
 * caller is the student whose writing it is (student bearer token, scope `storage`).
 *
 * Every record is checked before anything is stored; then all strokes are stored in one
 * statement. A stroke already stored (same key) is skipped, so a retried upload never stores
 * anything twice — unless the stroke given is newer (a later `updated`, e.g. erased since): then
 * it replaces the stored one. Answer: how many strokes came, how many were new, how many replaced
 * older versions, and the upload time.
 */
import { MAX_UPLOAD_RECORDS, uploadBody, uploadData } from '@dotink/contracts/inkstore';
import { answerSchema, failureSchema, success } from '../http/answer';
import { ApiError, forbidden } from '../http/errors';
import { Scope } from '../identity/scopes';
import { authOf } from '../platform/bearer';
import type { AppPlugin } from '../platform/types';
import { disallowedWriters } from './access';
import { storeUpload } from './inkStrokeStore';
import { InkMessage } from './messages';
import { decodeUpload, UploadRejected } from './uploadDecode';

/** Largest upload body (a 500-stroke batch of 100-dot strokes is about 1.2 MB). */
export const UPLOAD_BODY_LIMIT_BYTES = 64 * 1024 * 1024;
/** Most strokes stored by one request. */
export const MAX_UPLOAD_STROKES = 20_000;
export { MAX_UPLOAD_RECORDS };

export const inkUploadRoutes: AppPlugin = async (app) => {
  // Plain JSON.parse for this module's routes: the default parser's prototype-poisoning scan costs
  // a tenth of an upload's time, and nothing here merges the body into other objects (the zod
  // schema keeps the four known fields of each record).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiError(400, InkMessage.notJson), undefined);
    }
  });
  app.post(
    '/inkstore/v1/data',
    {
      bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
      config: { maxBodyText: UPLOAD_BODY_LIMIT_BYTES },
      preHandler: app.requireAuth(Scope.storage),
      schema: {
        tags: ['ink store'],
        summary: "Upload a student's writing (page records of version-3 stroke JSON)",
        security: [{ bearer: [] }],
        body: uploadBody,
        response: {
          200: answerSchema(uploadData),
          400: failureSchema,
          401: failureSchema,
          403: failureSchema,
        },
      },
    },
    async (request) => {
      const { account } = authOf(request);
      if (account.kind !== 'student') throw forbidden(InkMessage.onlyStudents);
      const records = Array.isArray(request.body) ? request.body : [request.body];
      let decoded: ReturnType<typeof decodeUpload>;
      try {
        decoded = decodeUpload(records, account.id, app.services.clock.nowMs());
      } catch (error) {
        if (error instanceof UploadRejected) throw new ApiError(error.statusCode, error.message);
        throw error;
      }
      if (decoded.strokeCount > MAX_UPLOAD_STROKES) {
        throw new ApiError(400, InkMessage.tooManyStrokes(decoded.strokeCount, MAX_UPLOAD_STROKES));
      }
      const { db } = app.services;
      const refused = await disallowedWriters(db, account.id, decoded.foreignWriters);
      if (refused.length > 0) throw forbidden(InkMessage.foreignWriter(refused[0]!));
      const result = await storeUpload(db, account.id, decoded.pages, app.services.clock.nowMs(), {
        copyIn: app.services.copyIn,
        withBlob: app.services.withBlob,
      });
      return success({
        received: result.received,
        stored: result.stored,
        updated: result.updated,
        duplicates: result.received - result.stored - result.updated,
        uploadDate: result.uploadedAt.toISOString(),
      });
    },
  );
};
