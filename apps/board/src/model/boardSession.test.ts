import { createStroke, dotsFrom } from '@dotink/ink';
import { pageAddress, pageId } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { BoardSession } from './boardSession';
import { counterIds } from './ids';
import { paperLookup } from './paper';
import { manualTimers, memoryRepository } from './testSupport';

const P = pageAddress(3, 27, 168, 1);
const stroke = (key: string, page = P) =>
  createStroke(
    { key, page },
    dotsFrom([
      { xNu: 1, yNu: 2, force: 100, timeMs: 1000 },
      { xNu: 3, yNu: 4, force: 200, timeMs: 1010 },
      { xNu: 5, yNu: 4, force: 200, timeMs: 1020 },
    ]),
  );

async function open() {
  const m = memoryRepository();
  const board = await m.repo.createBoard('B');
  const timers = manualTimers();
  const session = new BoardSession((await m.repo.loadBoard(board.id))!, {
    repo: m.repo,
    ids: counterIds('s'),
    paper: paperLookup(undefined),
    timers,
  });
  return { ...m, board, timers, session };
}

describe('board session', () => {
  it('creates the page a pen writes on, once', async () => {
    const { session, repo, board } = await open();
    expect(await session.ensurePage(P)).toBe(0);
    expect(await session.ensurePage(P)).toBe(0);
    expect(session.pages).toHaveLength(1);
    expect(session.pages[0]!.source).toEqual({ kind: 'ncode' });
    expect(session.pages[0]!.sizePt.widthPt).toBeCloseTo(595.28, 1);
    expect((await repo.loadBoard(board.id))!.pages).toHaveLength(1);
  });

  it('adds PDF pages on fresh temporary codes and refuses nothing itself (the UI checks duplicates)', async () => {
    const { session } = await open();
    const first = await session.addPdf({ fileName: 'a.pdf', fingerprint: 'fp', bytes: new Uint8Array([1]) }, [
      { widthPt: 100, heightPt: 200 },
      { widthPt: 300, heightPt: 400 },
    ]);
    expect(first).toBe(0);
    expect(session.pages.map((p) => [pageId(p.address), p.source])).toEqual([
      ['256.27.1068.0', { kind: 'pdf', pdfId: 's1', pageNo: 1 }],
      ['256.27.1068.1', { kind: 'pdf', pdfId: 's1', pageNo: 2 }],
    ]);
    expect(session.hasPdf('fp')).toBe(true);
    expect(session.hasPdf('other')).toBe(false);
    expect(await session.addBlankPage()).toBe(2);
  });

  it('undoes and redoes strokes and writes ink at once (no debounce window)', async () => {
    const { session, timers, repo, board } = await open();
    await session.ensurePage(P);
    session.addStrokes([stroke('a')]);
    session.addStrokes([stroke('b')]);
    expect(session.store.strokesOnPage(pageId(P)).map((s) => s.key)).toEqual(['a', 'b']);
    expect(session.undo()).toBe(true);
    expect(session.store.strokesOnPage(pageId(P)).map((s) => s.key)).toEqual(['a']);
    expect(session.redo()).toBe(true);
    expect(timers.pending).toBe(0);
    expect(session.hasUnsavedChanges).toBe(true); // the write has begun
    await session.flush();
    expect(session.hasUnsavedChanges).toBe(false);
    expect((await repo.loadBoard(board.id))!.strokes.map((s) => s.key)).toEqual(['a', 'b']);
  });

  it('keeps ink in memory when writes fail, says so, and writes it when storage works again', async () => {
    const { session, timers, repo, board } = await open();
    await session.ensurePage(P);
    const problems: unknown[] = [];
    (session as unknown as { deps: { onSaveProblem: (e: unknown) => void } }).deps.onSaveProblem = (e) =>
      problems.push(e);
    const saveInk = repo.saveInk.bind(repo);
    let failing = true;
    repo.saveInk = async (...args) => {
      if (failing) throw new DOMException('disk full', 'QuotaExceededError');
      return saveInk(...args);
    };
    session.addStrokes([stroke('a')]);
    await session.flush();
    expect(session.saveProblem).toBeInstanceOf(DOMException);
    expect(session.hasUnsavedChanges).toBe(true);
    expect(problems).toHaveLength(1);
    expect((await repo.loadBoard(board.id))!.strokes).toHaveLength(0);
    failing = false;
    expect(timers.pending).toBe(1);
    timers.runAll(); // the retry
    await session.flush();
    expect(session.saveProblem).toBeUndefined();
    expect(problems[1]).toBeUndefined();
    expect((await repo.loadBoard(board.id))!.strokes.map((s) => s.key)).toEqual(['a']);
  });

  it('stores a new board only once it has content', async () => {
    const m = memoryRepository();
    const record = m.repo.newBoardRecord('Untitled board');
    const session = new BoardSession(
      { board: record, pages: [], pdfs: [], strokes: [] },
      { repo: m.repo, ids: counterIds('n'), paper: paperLookup(undefined), timers: manualTimers() },
      { stored: false },
    );
    await session.flush();
    expect(await m.repo.listBoards()).toEqual([]);
    await session.ensurePage(P);
    session.addStrokes([stroke('a')]);
    await session.flush();
    expect((await m.repo.listBoards()).map((b) => [b.title, b.pageCount])).toEqual([['Untitled board', 1]]);
    expect((await m.repo.loadBoard(record.id))!.strokes.map((s) => s.key)).toEqual(['a']);
  });

  it('gives its content as a board file model', async () => {
    const { session } = await open();
    await session.ensurePage(P);
    session.addStrokes([stroke('a')]);
    const doc = session.toDocument(5);
    expect(doc.board.title).toBe('B');
    expect(doc.pages).toHaveLength(1);
    expect(doc.strokes.map((s) => s.key)).toEqual(['a']);
    await session.close();
  });

  it('deletes a page with its ink and brings both back in place; the other pages are unchanged', async () => {
    const { session, repo, board } = await open();
    const Q = pageAddress(3, 27, 168, 2);
    const R = pageAddress(3, 27, 168, 3);
    for (const a of [P, Q, R]) await session.ensurePage(a);
    session.addStrokes([stroke('p', P)]);
    session.addStrokes([stroke('q1', Q)]);
    session.addStrokes([stroke('q2', Q)]);
    const before = session.pages;
    const removed = await session.removePage(1);
    expect(removed?.strokes.map((s) => s.key)).toEqual(['q1', 'q2']);
    expect(session.pages).toEqual([before[0], before[2]]);
    expect(session.store.strokesOnPage(pageId(Q), { status: 'all' })).toEqual([]);
    await session.flush();
    const stored = (await repo.loadBoard(board.id))!;
    expect(stored.pages.map((p) => pageId(p.address))).toEqual([pageId(P), pageId(R)]);
    expect(stored.strokes.map((s) => s.key)).toEqual(['p']);

    expect(await session.restorePage(removed!)).toBe(1);
    expect(session.pages).toEqual(before);
    expect(session.store.strokesOnPage(pageId(Q)).map((s) => s.key)).toEqual(['q1', 'q2']);
    await session.flush();
    const back = (await repo.loadBoard(board.id))!;
    expect(back.pages.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(back.strokes.map((s) => s.key)).toEqual(['p', 'q1', 'q2']);
    // the restored ink is undoable again, newest first
    expect(session.undo()).toBe(true);
    expect(session.store.strokesOnPage(pageId(Q)).map((s) => s.key)).toEqual(['q1']);
  });

  it('restores the ink onto the page a pen made again meanwhile', async () => {
    const { session } = await open();
    await session.ensurePage(P);
    session.addStrokes([stroke('a')]);
    const removed = await session.removePage(0);
    await session.ensurePage(P);
    session.addStrokes([stroke('b')]);
    expect(await session.restorePage(removed!)).toBe(0);
    expect(session.pages).toHaveLength(1);
    expect(session.store.strokesOnPage(pageId(P)).map((s) => s.key)).toEqual(['a', 'b']);
    expect(await session.removePage(3)).toBeUndefined();
  });
});
