import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openBoardStorage } from './openStorage';

const memory = async () => ({ indexedDB: new IDBFactory(), IDBKeyRange });

describe('board storage', () => {
  it("opens the browser's database when it works", async () => {
    const browser = new IDBFactory();
    const s = await openBoardStorage({ indexedDB: browser, IDBKeyRange }, memory);
    expect(s.memoryOnly).toBe(false);
    await s.db.boards.add({
      id: 'b',
      title: 't',
      group: '',
      trashed: 0,
      createdMs: 1,
      updatedMs: 1,
      lastOpenedMs: null,
      pageCount: 0,
    });
    expect((await browser.databases()).map((d) => d.name)).toEqual(['dotink-board']);
  });

  it('keeps boards in memory without IndexedDB, or when opening it fails', async () => {
    const none = await openBoardStorage(undefined, memory);
    expect(none.memoryOnly).toBe(true);
    expect(await none.db.boards.count()).toBe(0);
    const failing = new IDBFactory();
    failing.open = () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    };
    const blocked = await openBoardStorage({ indexedDB: failing, IDBKeyRange }, memory);
    expect(blocked.memoryOnly).toBe(true);
    await blocked.db.groups.add({ name: 'g', createdMs: 1 });
    expect(await blocked.db.groups.count()).toBe(1);
  });
});
