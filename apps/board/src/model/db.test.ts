import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DB_VERSION, openBoardDb, SCHEMA_VERSIONS } from './db';

const deps = () => ({ indexedDB: new IDBFactory(), IDBKeyRange });

describe('board database schema', () => {
  it('versions are numbered 1, 2, … without gaps', () => {
    expect(SCHEMA_VERSIONS.map((v) => v.version)).toEqual(
      Array.from({ length: DB_VERSION }, (_, i) => i + 1),
    );
  });

  it('version 1 opens empty with its tables', async () => {
    const db = openBoardDb('t', deps(), 1);
    await db.open();
    expect(db.tables.map((t) => t.name).sort()).toEqual(['boards', 'ink', 'meta', 'pages', 'pdfs']);
    db.close();
  });

  it('migration 2: boards get group and last opened, pages a background and rotation; groups exist', async () => {
    const d = deps();
    const v1 = openBoardDb('m', d, 1);
    await v1.open();
    await v1
      .table('boards')
      .add({ id: 'b', title: 'old', trashed: 0, createdMs: 1, updatedMs: 2, pageCount: 1 });
    await v1
      .table('pages')
      .add({ id: 'p', boardId: 'b', index: 0, address: { section: 3, owner: 27, book: 168, page: 1 } });
    v1.close();

    const v2 = openBoardDb('m', d);
    await v2.open();
    expect(v2.verno).toBe(2);
    expect(await v2.boards.get('b')).toMatchObject({ group: '', lastOpenedMs: null, title: 'old' });
    expect(await v2.pages.get('p')).toMatchObject({ background: 'basic', rotation: 0 });
    await v2.groups.add({ name: 'work', createdMs: 3 });
    expect(await v2.groups.count()).toBe(1);
    v2.close();
  });
});
