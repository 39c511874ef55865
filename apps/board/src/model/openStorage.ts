/**
 * The board database, or — when this browser mode cannot keep one (no IndexedDB, or opening it
 * fails: some private windows, storage turned off) — the same database in memory
 * (fake-indexeddb, loaded only then): boards can be made and used, and are kept until the page
 * closes, as the board then says (issue 29 item 11).
 */
import { type BoardDb, DB_NAME, type DbDeps, openBoardDb } from './db';

export interface BoardStorage {
  readonly db: BoardDb;
  /** True when boards are kept in memory only (until the page closes). */
  readonly memoryOnly: boolean;
}

/** Opens the browser's board database, else one in memory. */
export async function openBoardStorage(
  browser: DbDeps | undefined = typeof indexedDB === 'undefined' ? undefined : { indexedDB },
  memory: () => Promise<DbDeps> = async () => {
    const fake = await import('fake-indexeddb');
    return { indexedDB: new fake.IDBFactory(), IDBKeyRange: fake.IDBKeyRange };
  },
): Promise<BoardStorage> {
  if (browser?.indexedDB) {
    const db = openBoardDb(DB_NAME, browser);
    try {
      await db.open();
      return { db, memoryOnly: false };
    } catch {
      db.close();
    }
  }
  const db = openBoardDb(DB_NAME, await memory());
  await db.open();
  return { db, memoryOnly: true };
}
