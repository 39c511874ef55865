/**
 * The rescue copy of ink not yet written to IndexedDB (issue 12 item 2): when the page goes
 * away (`pagehide`, tab hidden) while a page's ink is still being written, its strokes are put
 * synchronously into localStorage — a write IndexedDB may not finish before the page is gone
 * cannot lose them. The next start writes them into the database and drops the copy; a page
 * written to the database after its copy was made drops the copy too.
 */
import { decodeGridaStrokes, encodeGridaStrokes, type Stroke } from '@dotink/ink';
import { decodeBase64, encodeBase64 } from '@dotink/ncode';
import { z } from 'zod';
import type { BoardRepository } from './boardRepository';

const PREFIX = 'dotink.unsavedInk.';

/** Where rescue copies live (localStorage in the browser). */
export type RescueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** One rescue copy as stored. */
export const rescueCopySchema = z.object({
  boardId: z.string().min(1),
  pageId: z.string().regex(/^\d+\.\d+\.\d+\.\d+$/),
  records: z.array(z.unknown()),
  dots: z.string(),
});

/** Keeps and removes rescue copies. */
export interface InkRescue {
  put(boardId: string, pageId: string, strokes: readonly Stroke[]): void;
  remove(boardId: string, pageId: string): void;
}

const keyOf = (boardId: string, pageId: string) => `${PREFIX}${boardId}.${pageId}`;

/** Rescue copies in `storage`. */
export function storageRescue(storage: RescueStorage): InkRescue {
  return {
    put(boardId, pageId, strokes) {
      const { records, dots } = encodeGridaStrokes(strokes);
      storage.setItem(
        keyOf(boardId, pageId),
        JSON.stringify({ boardId, pageId, records, dots: encodeBase64(dots) }),
      );
    },
    remove(boardId, pageId) {
      storage.removeItem(keyOf(boardId, pageId));
    },
  };
}

/**
 * Writes every rescue copy into the database (boards still there) and drops it. Returns the
 * number of pages restored; a copy that is not a valid one is dropped and named in `invalid`.
 */
export async function restoreRescuedInk(
  storage: RescueStorage,
  repo: BoardRepository,
): Promise<{ restored: number; invalid: string[] }> {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  let restored = 0;
  const invalid: string[] = [];
  for (const key of keys) {
    const parsed = rescueCopySchema.safeParse(safeJson(storage.getItem(key)));
    if (!parsed.success) {
      invalid.push(key);
      storage.removeItem(key);
      continue;
    }
    const { boardId, pageId, records, dots } = parsed.data;
    if (await repo.getBoard(boardId)) {
      const strokes = decodeGridaStrokes(records, decodeBase64(dots));
      await repo.saveInk(boardId, pageId, strokes);
      restored++;
    }
    storage.removeItem(key);
  }
  return { restored, invalid };
}

function safeJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    return { error: String(error) };
  }
}
