/**
 * Deleting a board page from the page list (issue 29 item 14): the page and its ink leave the
 * board, the board's print records are renumbered (print/pageDeletion.ts), and the page shown
 * stays where the user was. The returned undo brings the page back in its place with its ink.
 */
import type { BoardSession } from '../model/boardSession';
import { printRecordsAfterDelete } from '../print/pageDeletion';
import type { BoardApp } from './boardApp';

/** Deletes board page `index` of `session`; resolves to its undo (undefined: no such page). */
export async function deleteBoardPage(
  app: BoardApp,
  session: BoardSession,
  index: number,
): Promise<(() => Promise<void>) | undefined> {
  const meta = app.deps.repo.db.meta;
  const editor = app.deps.editor;
  const target = {
    boardId: session.board.id,
    loadMeta: async (key: string) => (await meta.get(key))?.value,
    saveMeta: async (key: string, value: unknown) => {
      await meta.put({ key, value });
    },
  };
  const shown = editor.getState().pageIndex;
  const removed = await session.removePage(index);
  if (!removed) return undefined;
  let undoRecords: () => Promise<void>;
  try {
    undoRecords = await printRecordsAfterDelete(target, index + 1);
  } catch (error) {
    // the print records could not follow: the page comes back, nothing is lost, the error is told
    await session.restorePage(removed);
    throw error;
  }
  // an earlier page gone: the page shown moves up one; the page shown gone: the next one shows
  if (editor.getState().boardId === session.board.id) {
    const next = shown > index ? shown - 1 : shown;
    editor.getState().setPageIndex(Math.max(0, Math.min(next, session.pages.length - 1)));
  }
  return async () => {
    const at = await session.restorePage(removed);
    await undoRecords();
    if (editor.getState().boardId === session.board.id) editor.getState().setPageIndex(at);
  };
}
