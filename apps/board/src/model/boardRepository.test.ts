import { createStroke, dotsFrom } from '@dotink/ink';
import { pageAddress, scaleHomography } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { memoryRepository } from './testSupport';

const stroke = (key: string, page = pageAddress(3, 27, 168, 1)) =>
  createStroke(
    { key, page },
    dotsFrom([
      { xNu: 1, yNu: 2, force: 100, timeMs: 1000 },
      { xNu: 3, yNu: 4, force: 200, timeMs: 1010 },
    ]),
  );

describe('board repository', () => {
  it('lists boards newest first, with trash, restore, groups and delete forever', async () => {
    const { repo, advance } = memoryRepository();
    const a = await repo.createBoard('A');
    advance(10);
    const b = await repo.createBoard('B', 'work');
    expect((await repo.listBoards()).map((x) => x.title)).toEqual(['B', 'A']);
    expect(b.group).toBe('work');
    await repo.trash([a.id]);
    expect((await repo.getBoard(a.id))!.trashed).toBe(1);
    await repo.restore([a.id]);
    expect((await repo.getBoard(a.id))!.trashed).toBe(0);
    await repo.addGroup('work');
    advance(1);
    await repo.addGroup('home');
    await repo.addGroup('work');
    expect((await repo.groups()).map((g) => g.name)).toEqual(['work', 'home']);
    await repo.setGroup([a.id], 'home');
    expect((await repo.getBoard(a.id))!.group).toBe('home');
    await repo.deleteForever([a.id]);
    expect(await repo.getBoard(a.id)).toBeUndefined();
  });

  it('records when a board was last opened', async () => {
    const { repo, advance } = memoryRepository();
    const a = await repo.createBoard('A');
    expect(a.lastOpenedMs).toBeNull();
    advance(5000);
    await repo.markOpened(a.id);
    expect((await repo.getBoard(a.id))!.lastOpenedMs).toBe(1_700_000_005_000);
  });

  it('stores pages, PDFs and ink and loads them back', async () => {
    const { repo } = memoryRepository();
    const board = await repo.createBoard('A');
    const page = {
      id: 'p1',
      address: pageAddress(3, 27, 168, 1),
      source: { kind: 'ncode' as const },
      sizePt: { widthPt: 595.28, heightPt: 841.89 },
      nuToPt: scaleHomography(6.72, 6.72, -21, -21),
      rotation: 0 as const,
      background: 'basic' as const,
    };
    await repo.savePages(board.id, [page]);
    await repo.addPdf(board.id, {
      id: 'pdf1',
      fileName: 'a.pdf',
      fingerprint: 'f',
      bytes: new Uint8Array([1, 2, 3]),
    });
    await repo.saveInk(board.id, '3.27.168.1', [stroke('k1'), stroke('k2')]);
    const loaded = (await repo.loadBoard(board.id))!;
    expect(loaded.board.pageCount).toBe(1);
    expect(loaded.pages).toEqual([page]);
    expect(loaded.pdfs[0]!.bytes).toEqual(new Uint8Array([1, 2, 3]));
    expect(loaded.strokes.map((s) => s.key)).toEqual(['k1', 'k2']);
    expect(loaded.strokes[0]).toEqual(stroke('k1'));
  });

  it('hands out distinct temporary pages', async () => {
    const { repo } = memoryRepository();
    const a = await repo.allocateTemporaryPages(2);
    const b = await repo.allocateTemporaryPages(1);
    expect([...a, ...b].map((p) => `${p.section}.${p.owner}.${p.book}.${p.page}`)).toEqual([
      '256.27.1068.0',
      '256.27.1068.1',
      '256.27.1068.2',
    ]);
  });

  it('names a stored record that is not valid (table, key, problem) instead of using it', async () => {
    const { repo, db } = memoryRepository();
    const board = await repo.createBoard('B');
    await db.pages.add({
      id: 'p1',
      boardId: board.id,
      index: 0,
      address: pageAddress(3, 27, 168, 1),
      source: { kind: 'ncode' },
      sizePt: { widthPt: 595 } as never,
      nuToPt: scaleHomography(1, 1) as never,
      rotation: 0,
      background: 'basic',
    });
    await expect(repo.loadBoard(board.id)).rejects.toMatchObject({
      name: 'BadRecordError',
      where: 'pages',
      key: 'p1',
      problem: expect.stringMatching(/^sizePt\.heightPt: /),
    });
    await db.boards.update(board.id, { pageCount: 'two' as never });
    await expect(repo.listBoards()).rejects.toMatchObject({ where: 'boards', key: board.id });
  });
});
