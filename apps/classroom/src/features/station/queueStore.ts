/**
 * The station's upload queue in IndexedDB (database `dotink-station`, version 1, one store
 * `queue`: key = the stroke's key, value = {@link QueuedStroke}; strokes hold typed arrays,
 * which IndexedDB keeps by structured clone). Its own database, apart from the replay's cache,
 * so clearing one never drops the other's rows. Rows are read back in the order they were
 * written (an index on a running number), so the oldest stroke goes first after a reload.
 */
import type { QueuedStroke, QueueStore } from './uploadQueue';

export const STATION_DB = 'dotink-station';
export const STATION_DB_VERSION = 1;

interface Row {
  readonly seq: number;
  readonly item: QueuedStroke;
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Opens the queue. Rejects when IndexedDB is missing or refuses (e.g. a private window). */
export async function openQueueStore(
  deps: { readonly indexedDB?: IDBFactory; readonly name?: string } = {},
): Promise<QueueStore & { close(): void }> {
  const idb = deps.indexedDB ?? globalThis.indexedDB;
  if (!idb) throw new Error('IndexedDB is not available');
  const open = idb.open(deps.name ?? STATION_DB, STATION_DB_VERSION);
  open.onupgradeneeded = () => {
    // version 1: the queue, ordered by `seq`
    const db = open.result;
    if (!db.objectStoreNames.contains('queue')) {
      db.createObjectStore('queue').createIndex('seq', 'seq');
    }
  };
  const db = await request(open);
  db.onversionchange = () => db.close();
  let seq = 0;
  const last = await request(
    db.transaction('queue', 'readonly').objectStore('queue').index('seq').openCursor(null, 'prev'),
  );
  if (last) seq = (last.value as Row).seq;
  return {
    async all() {
      const tx = db.transaction('queue', 'readonly');
      const rows = (await request(tx.objectStore('queue').index('seq').getAll())) as Row[];
      return rows.map((r) => r.item);
    },
    async put(items) {
      const tx = db.transaction('queue', 'readwrite');
      const finished = done(tx);
      const store = tx.objectStore('queue');
      for (const item of items) {
        const row: Row = { seq: ++seq, item };
        store.put(row, item.key);
      }
      await finished;
    },
    async remove(keys) {
      const tx = db.transaction('queue', 'readwrite');
      const finished = done(tx);
      const store = tx.objectStore('queue');
      for (const k of keys) store.delete(k);
      await finished;
    },
    close: () => db.close(),
  };
}
