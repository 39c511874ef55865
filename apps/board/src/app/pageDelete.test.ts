import { createStroke, dotsFrom } from '@dotink/ink';
import { pageAddress, pageId } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { BoardSession } from '../model/boardSession';
import { counterIds } from '../model/ids';
import { paperLookup } from '../model/paper';
import { manualTimers, memoryRepository } from '../model/testSupport';
import type { BoardApp } from './boardApp';
import { deleteBoardPage } from './pageDelete';

describe('deleting a board page', () => {
  it('when the print records cannot be read, the page and its ink come back and the error is told', async () => {
    const m = memoryRepository();
    const board = await m.repo.createBoard('B');
    const session = new BoardSession((await m.repo.loadBoard(board.id))!, {
      repo: m.repo,
      ids: counterIds('s'),
      paper: paperLookup(undefined),
      timers: manualTimers(),
    });
    const P = pageAddress(3, 27, 168, 1);
    const Q = pageAddress(3, 27, 168, 2);
    for (const a of [P, Q]) await session.ensurePage(a);
    session.addStrokes([
      createStroke(
        { key: 'q', page: Q },
        dotsFrom([
          { xNu: 1, yNu: 2, force: 100, timeMs: 1000 },
          { xNu: 3, yNu: 4, force: 200, timeMs: 1010 },
        ]),
      ),
    ]);
    const before = session.pages;
    const app = {
      deps: {
        repo: {
          db: { meta: { get: () => Promise.reject(new Error('storage closed')), put: async () => {} } },
        },
        editor: { getState: () => ({ pageIndex: 1, boardId: board.id, setPageIndex: () => {} }) },
      },
    } as unknown as BoardApp;
    await expect(deleteBoardPage(app, session, 1)).rejects.toThrow('storage closed');
    expect(session.pages.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(session.store.strokesOnPage(pageId(Q)).map((s) => s.key)).toEqual(['q']);
  });
});
