/**
 * The board database (IndexedDB through Dexie 4). Each schema version is a numbered migration
 * with its own test (`db.test.ts`):
 *
 * 1. boards, pages, pdfs, ink (per page), meta.
 * 2. board groups: a `groups` table, boards get `group` ('' = unshelved) and `lastOpenedMs`;
 *    pages get a background (BASIC) and a rotation (0).
 *
 * Never change a version's definition once released: add the next one.
 */
import { Dexie, type EntityTable, type Table, type Transaction } from 'dexie';
import type {
  BoardRecord,
  GroupRecord,
  InkPageRecord,
  MetaRecord,
  PageRecord,
  PdfRecord,
} from './boardTypes';

/** One schema version: its stores and the upgrade from the previous one. */
export interface SchemaVersion {
  readonly version: number;
  readonly stores: Readonly<Record<string, string | null>>;
  readonly upgrade?: (tx: Transaction) => Promise<void>;
}

/** Every schema version, in order. */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = Object.freeze<SchemaVersion[]>([
  {
    version: 1,
    stores: {
      boards: 'id, updatedMs',
      pages: 'id, boardId',
      pdfs: 'id, boardId',
      ink: '[boardId+pageId], boardId',
      meta: 'key',
    },
  },
  {
    version: 2,
    stores: { boards: 'id, updatedMs, lastOpenedMs', groups: 'name' },
    upgrade: async (tx: Transaction) => {
      await tx
        .table('boards')
        .toCollection()
        .modify((b: Record<string, unknown>) => {
          if (typeof b.group !== 'string') b.group = '';
          if (b.lastOpenedMs === undefined) b.lastOpenedMs = null;
        });
      await tx
        .table('pages')
        .toCollection()
        .modify((p: Record<string, unknown>) => {
          if (p.background === undefined) p.background = 'basic';
          if (p.rotation === undefined) p.rotation = 0;
        });
    },
  },
]);

/** The latest schema version. */
export const DB_VERSION = SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1]!.version;

/** The default database name. */
export const DB_NAME = 'dotink-board';

/** Where IndexedDB comes from (the browser's by default; fake-indexeddb in tests). */
export interface DbDeps {
  readonly indexedDB?: IDBFactory;
  readonly IDBKeyRange?: typeof IDBKeyRange;
}

/** The database with its tables. */
export type BoardDb = Dexie & {
  boards: EntityTable<BoardRecord, 'id'>;
  pages: EntityTable<PageRecord, 'id'>;
  pdfs: EntityTable<PdfRecord, 'id'>;
  ink: Table<InkPageRecord, [string, string]>;
  meta: EntityTable<MetaRecord, 'key'>;
  groups: EntityTable<GroupRecord, 'name'>;
};

/** Opens (declares) the database up to `upTo` (default: the latest version). */
export function openBoardDb(name = DB_NAME, deps: DbDeps = {}, upTo = DB_VERSION): BoardDb {
  const db = new Dexie(name, {
    ...(deps.indexedDB ? { indexedDB: deps.indexedDB } : {}),
    ...(deps.IDBKeyRange ? { IDBKeyRange: deps.IDBKeyRange } : {}),
  }) as BoardDb;
  for (const v of SCHEMA_VERSIONS) {
    if (v.version > upTo) break;
    const declared = db.version(v.version).stores(v.stores as Record<string, string | null>);
    if (v.upgrade) declared.upgrade(v.upgrade);
  }
  return db;
}
