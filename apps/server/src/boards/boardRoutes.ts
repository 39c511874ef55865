/**
 * The boards API (board.md: boards kept locally and synced to the server when signed in): each
 * account's own boards, as .GRIDA files in the content-addressed file store.
 *
 * - `GET    /board/v1/boards`      — the list (tombstones too): id, title, updatedAt, version, size;
 * - `PUT    /board/v1/boards/:id?title=…` — the board's .GRIDA file as the body
 *   (`application/octet-stream`); `If-Match: <version>` the version last seen, absent or 0 = a new
 *   board; 409 when the stored version differs;
 * - `GET    /board/v1/boards/:id`  — the file, `ETag: "<version>"`; 404 when absent or deleted;
 * - `DELETE /board/v1/boards/:id`  — leaves a tombstone (optional `If-Match`).
 *
 * Scope `storage` (students and ACTIVE teachers); a caller reaches only its own boards: another
 * account's board id is simply not found.
 */

import {
  boardIfMatchHeaders,
  boardListData,
  boardPutQuery,
  boardSummarySchema as boardSchema,
  boardParams as idParams,
  MAX_BOARD_TITLE,
} from '@dotink/contracts/boards';
import { z } from 'zod';
import { answerSchema, failureSchema, success } from '../http/answer';
import { ApiError, badRequest, notFound } from '../http/errors';
import { Scope } from '../identity/scopes';
import { authOf } from '../platform/bearer';
import type { AppPlugin } from '../platform/types';
import { boardFileChunks, isBodyStream } from './boardBody';
import {
  BoardVersionConflict,
  checkBoardVersion,
  deleteBoard,
  findBoard,
  listBoards,
  writeBoard,
} from './boardStore';

/** Largest board file (PDFs included). */
export const BOARD_BODY_LIMIT_BYTES = 256 * 1024 * 1024;
export { MAX_BOARD_TITLE };

export const BoardMessage = {
  notFound: 'Board not found',
  fileMissing:
    "The board's file is missing from the server's storage; save the board again from a device that has it",
  notBoardFile: 'The body is not a .GRIDA board file',
  badVersion: 'If-Match must be a board version (a whole number)',
  conflict: (version: number) =>
    `Conflict: the board was changed elsewhere (server version ${version}); fetch it before saving`,
} as const;

const errors = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
  409: failureSchema,
};
const guard = { tags: ['boards'], security: [{ bearer: [] }] };

/** The version in an `If-Match` header (`3`, `"3"` or `W/"3"`); undefined when absent. */
export function ifMatchVersion(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value);
  if (!m) throw badRequest(BoardMessage.badVersion);
  return Number(m[1]);
}

function versionConflict(error: unknown): never {
  if (error instanceof BoardVersionConflict)
    throw new ApiError(409, BoardMessage.conflict(error.currentVersion));
  throw error;
}

export const boardRoutes: AppPlugin = async (app) => {
  // The body stays a stream: the handler writes it to the file store (boardBody.ts).
  app.addContentTypeParser(['application/octet-stream', 'application/zip'], (request, payload, done) => {
    const announced = Number(request.headers['content-length'] ?? 0);
    if (announced > BOARD_BODY_LIMIT_BYTES) done(new ApiError(413, 'Request body is too large'), undefined);
    else done(null, payload);
  });

  app.get(
    '/board/v1/boards',
    {
      preHandler: app.requireAuth(Scope.storage),
      schema: {
        ...guard,
        response: { 200: answerSchema(boardListData), ...errors },
      },
    },
    async (request) => success({ boards: await listBoards(app.services.db, authOf(request).account.id) }),
  );

  app.put(
    '/board/v1/boards/:id',
    {
      bodyLimit: BOARD_BODY_LIMIT_BYTES,
      preHandler: app.requireAuth(Scope.storage),
      schema: {
        ...guard,
        params: idParams,
        querystring: boardPutQuery,
        headers: boardIfMatchHeaders,
        body: z.unknown(),
        response: { 200: answerSchema(boardSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { account } = authOf(request);
      const body = request.body;
      if (!isBodyStream(body)) throw badRequest(BoardMessage.notBoardFile);
      const expectedVersion = ifMatchVersion(request.headers['if-match']) ?? 0;
      // Refuse a stale version before storing the file, so a 409 leaves nothing behind.
      await checkBoardVersion(app.services.db, account.id, request.params.id, expectedVersion).catch(
        versionConflict,
      );
      const stored = await app.services.files.put(
        boardFileChunks(body, BOARD_BODY_LIMIT_BYTES, BoardMessage.notBoardFile),
      );
      const board = await writeBoard(app.services.db, {
        accountId: account.id,
        id: request.params.id,
        title: request.query.title,
        sha256: stored.sha256,
        sizeBytes: stored.sizeBytes,
        expectedVersion,
        now: new Date(app.services.clock.nowMs()),
      }).catch(versionConflict);
      reply.header('etag', `"${board.version}"`);
      return success(board);
    },
  );

  app.get(
    '/board/v1/boards/:id',
    {
      preHandler: app.requireAuth(Scope.storage),
      schema: { ...guard, params: idParams, response: { 200: z.any(), ...errors } },
    },
    async (request, reply) => {
      const board = await findBoard(app.services.db, authOf(request).account.id, request.params.id);
      if (!board) throw notFound(BoardMessage.notFound);
      const stream = await app.services.files.stream(board.sha256);
      if (!stream) {
        // The row outlived its file (a store restored from an older backup, a wrong bucket):
        // the owner is told to save it again; the operator sees which file is missing.
        request.log.warn({ board: board.id, sha256: board.sha256 }, 'board file missing from the file store');
        throw notFound(BoardMessage.fileMissing);
      }
      return reply
        .header('etag', `"${board.version}"`)
        .header('x-board-title', encodeURIComponent(board.title))
        .header('cache-control', 'no-store')
        .type('application/octet-stream')
        .send(stream);
    },
  );

  app.delete(
    '/board/v1/boards/:id',
    {
      preHandler: app.requireAuth(Scope.storage),
      schema: {
        ...guard,
        params: idParams,
        headers: boardIfMatchHeaders,
        response: { 200: answerSchema(boardSchema), ...errors },
      },
    },
    async (request) => {
      const board = await deleteBoard(
        app.services.db,
        authOf(request).account.id,
        request.params.id,
        ifMatchVersion(request.headers['if-match']),
        new Date(app.services.clock.nowMs()),
      ).catch(versionConflict);
      if (!board) throw notFound(BoardMessage.notFound);
      return success(board);
    },
  );
};
