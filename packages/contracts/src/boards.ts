/**
 * The boards API (`/board/v1/boards`, board.md: boards kept locally and synced when signed in):
 * each account's own boards as .GRIDA files, with a version for compare-and-set.
 *
 * - `GET    /board/v1/boards` → `{ boards: BoardSummary[] }` (tombstones too);
 * - `PUT    /board/v1/boards/{id}?title=` body: the .GRIDA file (`application/octet-stream`),
 *   `If-Match: "<version>"` the version last seen (absent or 0: a new board) → the board; 409
 *   when the stored version differs;
 * - `GET    /board/v1/boards/{id}` → the file, `ETag: "<version>"`, `x-board-title`; 404;
 * - `DELETE /board/v1/boards/{id}` (optional `If-Match`) → the tombstone.
 */
import { z } from 'zod';

/** Longest board title. */
export const MAX_BOARD_TITLE = 200;

/** A board as listed and as answered by PUT and DELETE. */
export const boardSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** ISO date-time of the last change. */
  updatedAt: z.string(),
  version: z.number().int(),
  /** Size of the .GRIDA file in bytes (0 for a deleted board). */
  size: z.number().int(),
  deleted: z.boolean(),
});
export type BoardSummary = z.infer<typeof boardSummarySchema>;

/** `{id}` of a board path: 1–64 letters, digits, `-` or `_`. */
export const boardParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a board id is 1-64 letters, digits, - or _'),
});
export type BoardParams = z.input<typeof boardParams>;

/** `PUT /board/v1/boards/{id}?title=` */
export const boardPutQuery = z.object({ title: z.string().trim().min(1).max(MAX_BOARD_TITLE) });
export type BoardPutQuery = z.input<typeof boardPutQuery>;

/** The `If-Match` header of PUT and DELETE. */
export const boardIfMatchHeaders = z.object({ 'if-match': z.string().optional() });

/** `GET /board/v1/boards` */
export const boardListData = z.object({ boards: z.array(boardSummarySchema) });
export type BoardListData = z.infer<typeof boardListData>;
