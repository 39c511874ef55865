/**
 * Stored boards of one account (table `boards`, migration 0030; files in the FileStore). Every
 * change is a compare-and-set on the version the caller last saw, so two devices writing the
 * same board never silently overwrite each other: the second gets a conflict.
 */
import type { BoardSummary } from '@dotink/contracts/boards';
import type { Kysely } from 'kysely';
import type { BoardsTable, Database } from '../db/schema';

export type { BoardSummary };

/** The version the caller expected did not match the stored one. */
export class BoardVersionConflict extends Error {
  override readonly name = 'BoardVersionConflict';
  constructor(readonly currentVersion: number) {
    super(`version conflict (server version ${currentVersion})`);
  }
}

type Row = Pick<BoardsTable, 'id' | 'title' | 'version' | 'size_bytes' | 'updated_at' | 'deleted_at'>;

function summary(row: Row): BoardSummary {
  return {
    id: row.id,
    title: row.title,
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
    size: row.size_bytes,
    deleted: row.deleted_at !== null,
  };
}

const COLUMNS = ['id', 'title', 'version', 'size_bytes', 'updated_at', 'deleted_at', 'sha256'] as const;

/** Every board of the account (tombstones too), most recently changed first. */
export async function listBoards(db: Kysely<Database>, accountId: string): Promise<BoardSummary[]> {
  const rows = await db
    .selectFrom('boards')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(summary);
}

/** One live board with its file address; undefined when absent or deleted. */
export async function findBoard(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<(BoardSummary & { readonly sha256: string }) | undefined> {
  const row = await db
    .selectFrom('boards')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.sha256 === null) return undefined;
  return { ...summary(row), sha256: row.sha256 };
}

/** What a write stores. */
export interface BoardWrite {
  readonly accountId: string;
  readonly id: string;
  readonly title: string;
  readonly sha256: string;
  readonly sizeBytes: number;
  /** The version the caller last saw; 0 = it expects no live board. */
  readonly expectedVersion: number;
  readonly now: Date;
}

/** True when a write expecting `expected` may replace `current` (absent: no board yet). */
function versionMatches(
  current: { version: number; deleted_at: unknown } | undefined,
  expected: number,
): boolean {
  if (!current) return expected === 0;
  return expected === current.version || (current.deleted_at !== null && expected === 0);
}

/**
 * Throws {@link BoardVersionConflict} when a write expecting `expectedVersion` would be refused
 * now — checked before the file is stored, so a refused write leaves no file behind.
 * ({@link writeBoard} checks again under the row lock.)
 */
export async function checkBoardVersion(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  expectedVersion: number,
): Promise<void> {
  const current = await db
    .selectFrom('boards')
    .select(['version', 'deleted_at'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!versionMatches(current, expectedVersion)) throw new BoardVersionConflict(current?.version ?? 0);
}

/**
 * Creates or replaces a board's file. The expected version must be the stored one (a tombstone
 * also accepts 0: a board deleted elsewhere may be written anew). Throws {@link BoardVersionConflict}.
 */
export async function writeBoard(db: Kysely<Database>, write: BoardWrite): Promise<BoardSummary> {
  return db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('boards')
      .select(['version', 'deleted_at'])
      .where('account_id', '=', write.accountId)
      .where('id', '=', write.id)
      .forUpdate()
      .executeTakeFirst();
    const values = {
      title: write.title,
      sha256: write.sha256,
      size_bytes: write.sizeBytes,
      updated_at: write.now,
      deleted_at: null,
    };
    if (!current) {
      if (write.expectedVersion !== 0) throw new BoardVersionConflict(0);
      const row = await tx
        .insertInto('boards')
        .values({ account_id: write.accountId, id: write.id, version: 1, ...values })
        .onConflict((oc) => oc.doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
      if (!row) throw new BoardVersionConflict(1);
      return summary(row);
    }
    if (!versionMatches(current, write.expectedVersion)) throw new BoardVersionConflict(current.version);
    const row = await tx
      .updateTable('boards')
      .set({ ...values, version: current.version + 1 })
      .where('account_id', '=', write.accountId)
      .where('id', '=', write.id)
      .where('version', '=', current.version)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw new BoardVersionConflict(current.version + 1);
    return summary(row);
  });
}

/**
 * Deletes a live board, leaving a tombstone with the next version. `expectedVersion` undefined
 * deletes whatever version is stored. Undefined when there is no live board.
 */
export async function deleteBoard(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  expectedVersion: number | undefined,
  now: Date,
): Promise<BoardSummary | undefined> {
  return db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('boards')
      .select(['version', 'deleted_at'])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current || current.deleted_at !== null) return undefined;
    if (expectedVersion !== undefined && expectedVersion !== current.version) {
      throw new BoardVersionConflict(current.version);
    }
    const row = await tx
      .updateTable('boards')
      .set({ sha256: null, size_bytes: 0, deleted_at: now, updated_at: now, version: current.version + 1 })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('version', '=', current.version)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw new BoardVersionConflict(current.version + 1);
    return summary(row);
  });
}
