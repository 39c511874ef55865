import { dotList, strokeThrough } from '@dotink/ink';
import { applyHomography, pageAddress, pageId, scaleHomography } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import type { BoardApp } from '../app/boardApp';
import { BoardSession } from '../model/boardSession';
import { counterIds } from '../model/ids';
import { paperLookup } from '../model/paper';
import { manualTimers, memoryRepository } from '../model/testSupport';
import { applyPageCodes } from './boardMapping';
import { sessionPrintTarget } from './boardPrintAdapters';

describe('the open board as the print target', () => {
  it('stores printed codes and maps in the pages and print records in the board metadata', async () => {
    const m = memoryRepository();
    const board = await m.repo.createBoard('Lesson');
    const session = new BoardSession((await m.repo.loadBoard(board.id))!, {
      repo: m.repo,
      ids: counterIds('s'),
      paper: paperLookup(undefined),
      timers: manualTimers(),
    });
    await session.addBlankPage();
    await session.addBlankPage();
    const target = sessionPrintTarget({ deps: { repo: m.repo } } as unknown as BoardApp, session);
    expect([target.boardId, target.title, target.pages().length]).toEqual([board.id, 'Lesson', 2]);

    const code = pageAddress(3, 27, 1068, 5);
    const h = scaleHomography(6.8, 6.8, -3, -4);
    const before = target.pages();
    // ink already on page 2 (written with the mouse) stays where it is on the page
    const ink = strokeThrough({ key: 'k1', page: before[1]!.address, colorArgb: 0xffff0000 }, [
      [10, 20],
      [30, 40],
    ]);
    session.addStrokes([ink]);
    const ptBefore = dotList(ink.dots).map((d) => applyHomography(before[1]!.nuToPt, { x: d.xNu, y: d.yNu }));
    await target.replacePages(applyPageCodes(before, [{ pdfPageNo: 2, address: code, h }]));
    expect(session.pages[1]).toMatchObject({ address: code, baseAddress: before[1]!.address, nuToPt: h });
    const reloaded = await m.repo.loadBoard(board.id);
    expect(reloaded!.pages[1]).toMatchObject({ address: code, baseAddress: before[1]!.address });
    expect(session.pageIndexOf(code)).toBe(1);
    expect(session.store.strokesOnPage(pageId(before[1]!.address), { status: 'all' })).toEqual([]);
    const [moved] = session.store.strokesOnPage(pageId(code));
    expect([moved!.key, moved!.colorArgb, moved!.dots.count]).toEqual(['k1', 0xffff0000, 2]);
    dotList(moved!.dots).forEach((d, i) => {
      const pt = applyHomography(h, { x: d.xNu, y: d.yNu });
      expect(pt.x).toBeCloseTo(ptBefore[i]!.x, 3);
      expect(pt.y).toBeCloseTo(ptBefore[i]!.y, 3);
    });
    await session.flush();
    const saved = await m.repo.loadBoard(board.id);
    expect(saved!.strokes.map((s) => [s.key, pageId(s.page)])).toEqual([['k1', pageId(code)]]);

    await target.saveMeta('print.codes.x', { version: 1, pages: {} });
    expect(await target.loadMeta('print.codes.x')).toEqual({ version: 1, pages: {} });
    expect(await target.loadMeta('nothing')).toBeUndefined();

    // other pages or another order are refused
    await expect(target.replacePages([before[1]!, before[0]!])).rejects.toThrow('the same pages');
  });
});
