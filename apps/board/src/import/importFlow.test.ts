import { counterKeySource, encodeRawData, writeGridaFile } from '@dotink/ink';
import { describe, expect, it } from 'vitest';
import { BoardSession } from '../model/boardSession';
import { counterIds } from '../model/ids';
import { paperLookup } from '../model/paper';
import { manualTimers, memoryRepository } from '../model/testSupport';
import { importKind } from './fileKind';
import { importFile } from './importFlow';
import { type AskPdfPassword, PdfCancelledError, type PdfEngine, PdfInvalidError } from './pdfEngine';

const pdfBytes = (tag: string) => new TextEncoder().encode(`%PDF-1.4\n% ${tag}\n%%EOF\n`);

/** A fake PDF reader: 'locked' files want the password 'open sesame'; 'broken' files fail. */
const engine: PdfEngine = {
  async open(bytes: Uint8Array, ask: AskPdfPassword) {
    const text = new TextDecoder().decode(bytes);
    if (text.includes('broken')) throw new PdfInvalidError(new Error('bad'));
    let password: string | undefined;
    if (text.includes('locked')) {
      let wrong = false;
      for (;;) {
        const pw = await ask(wrong);
        if (pw === undefined) throw new PdfCancelledError();
        if (pw === 'open sesame') {
          password = pw;
          break;
        }
        wrong = true;
      }
    }
    const pdf = {
      fingerprint: `fp-${text.length}-${text.charCodeAt(10)}`,
      numPages: 2,
      pageSizesPt: async (onPage?: (done: number, total: number) => void) => {
        onPage?.(1, 2);
        if (text.includes('slow')) await new Promise((r) => setTimeout(r, 50));
        onPage?.(2, 2);
        return [
          { widthPt: 595, heightPt: 842 },
          { widthPt: 842, heightPt: 595 },
        ];
      },
      page: () => Promise.reject(new Error('not in tests')),
      destroy: async () => {},
    };
    return password === undefined ? { pdf } : { pdf, password };
  },
};

async function context(answers: (string | undefined)[] = []) {
  const m = memoryRepository();
  const asked: boolean[] = [];
  const open = async (id: string) =>
    new BoardSession((await m.repo.loadBoard(id))!, {
      repo: m.repo,
      ids: counterIds(`s${id}-`),
      paper: paperLookup(undefined),
      timers: manualTimers(),
    });
  return {
    ...m,
    asked,
    open,
    ctx: {
      repo: m.repo,
      pdf: engine,
      paper: paperLookup(undefined),
      askPassword: async (wrong: boolean) => {
        asked.push(wrong);
        return answers.shift();
      },
      openSession: open,
      nowMs: () => 0,
      keys: counterKeySource('k'),
    },
  };
}

describe('file kinds', () => {
  it('tells PDFs and board files apart and refuses the rest', () => {
    expect(importKind('a.pdf', pdfBytes('x'))).toBe('pdf');
    expect(importKind('a.PDF', new Uint8Array([1, 2]))).toBe('unsupported');
    expect(importKind('scan', pdfBytes('x'))).toBe('pdf');
    expect(importKind('notes.grida', new TextEncoder().encode('{"pdf":{}}'))).toBe('grida');
    expect(importKind('photo.png', new Uint8Array([0x89, 0x50]))).toBe('unsupported');
  });
});

describe('import', () => {
  it('a PDF from the board list becomes a new board titled after the file', async () => {
    const { ctx, repo } = await context();
    const r = await importFile({ name: 'Lecture 1.pdf', bytes: pdfBytes('a') }, ctx);
    expect(r.kind).toBe('pdfAdded');
    const boards = await repo.listBoards();
    expect(boards.map((b) => [b.title, b.pageCount])).toEqual([['Lecture 1', 2]]);
  });

  it('refuses a PDF already registered in the board: There is already a registered PDF', async () => {
    const { ctx, repo, open } = await context();
    const board = await repo.createBoard('B');
    const session = await open(board.id);
    const c = { ...ctx, session };
    expect((await importFile({ name: 'a.pdf', bytes: pdfBytes('a') }, c)).kind).toBe('pdfAdded');
    expect(await importFile({ name: 'again.pdf', bytes: pdfBytes('a') }, c)).toEqual({
      kind: 'failed',
      message: 'import.duplicatePdf',
    });
    expect(session.pages).toHaveLength(2);
  });

  it('asks for the password of a protected PDF, again after a wrong one', async () => {
    const { ctx, asked } = await context(['nope', 'open sesame']);
    const r = await importFile({ name: 'secret.pdf', bytes: pdfBytes('locked') }, ctx);
    expect(r).toMatchObject({ kind: 'pdfAdded', password: 'open sesame' });
    expect(asked).toEqual([false, true]);
  });

  it('cancelling the password prompt cancels the import', async () => {
    const { ctx } = await context([undefined]);
    expect(await importFile({ name: 'secret.pdf', bytes: pdfBytes('locked') }, ctx)).toEqual({
      kind: 'failed',
      message: 'import.cancelled',
    });
  });

  it('unsupported files and unreadable PDFs: This is a type of file that cannot be imported.', async () => {
    const { ctx } = await context();
    expect(await importFile({ name: 'a.png', bytes: new Uint8Array([1]) }, ctx)).toEqual({
      kind: 'failed',
      message: 'import.unsupported',
    });
    expect((await importFile({ name: 'b.pdf', bytes: pdfBytes('broken') }, ctx)).kind).toBe('failed');
    expect((await importFile({ name: 'a.pdf', bytes: pdfBytes('x') }, ctx, 'grida')).kind).toBe('failed');
    expect(
      (await importFile({ name: 'x.grida', bytes: new TextEncoder().encode('{"x":1}') }, ctx)).kind,
    ).toBe('failed');
  });

  it('the same PDF imported again from the board list: There is already a registered PDF', async () => {
    const { ctx, repo } = await context();
    expect((await importFile({ name: 'a.pdf', bytes: pdfBytes('a') }, ctx)).kind).toBe('pdfAdded');
    expect(await importFile({ name: 'a copy.pdf', bytes: pdfBytes('a') }, ctx)).toEqual({
      kind: 'failed',
      message: 'import.duplicatePdf',
    });
    expect(await repo.listBoards()).toHaveLength(1);
    // a board in the trash does not count
    await repo.trash([(await repo.listBoards())[0]!.id]);
    expect((await importFile({ name: 'a.pdf', bytes: pdfBytes('a') }, ctx)).kind).toBe('pdfAdded');
  });

  it('an empty new board takes the name of the PDF it starts with', async () => {
    const { ctx, repo, open } = await context();
    const board = await repo.createBoard('Untitled board');
    const session = await open(board.id);
    const r = await importFile(
      { name: 'Lecture 2.pdf', bytes: pdfBytes('b') },
      { ...ctx, session, untitled: 'Untitled board' },
    );
    expect(r.kind).toBe('pdfAdded');
    expect(session.board.title).toBe('Lecture 2');
    await session.flush();
    expect((await repo.getBoard(board.id))!.title).toBe('Lecture 2');
  });

  it('a .GRIDA file whose content is not valid is named, not imported', async () => {
    const { ctx, repo, open } = await context();
    const first = (await importFile({ name: 'a.pdf', bytes: pdfBytes('a') }, ctx)) as { boardId: string };
    const session = await open(first.boardId);
    const doc = session.toDocument(0);
    const bad = { ...doc, pages: doc.pages.map((p) => ({ ...p, sizePt: { widthPt: 0, heightPt: 842 } })) };
    const r = await importFile({ name: 'bad.grida', bytes: writeGridaFile(bad) }, ctx, 'grida');
    expect(r).toMatchObject({ kind: 'failed', message: 'import.badFile', params: { name: 'bad.grida' } });
    expect((r as unknown as { params: { problem: string } }).params.problem).toMatch(
      /^pages\.0\.sizePt\.widthPt: /,
    );
    expect(await repo.listBoards()).toHaveLength(1);
  });

  it('a long import shows its progress and can be cancelled (nothing is added)', async () => {
    const { ctx, repo } = await context();
    const seen: string[] = [];
    const ok = await importFile(
      { name: 'a.pdf', bytes: pdfBytes('a') },
      { ...ctx, progress: (done, total) => seen.push(`${done}/${total}`) },
    );
    expect(ok.kind).toBe('pdfAdded');
    expect(seen).toEqual(['1/2', '2/2']);
    const abort = new AbortController();
    const r = importFile(
      { name: 'b.pdf', bytes: pdfBytes('slow b') },
      { ...ctx, signal: abort.signal, progress: () => abort.abort() },
    );
    expect(await r).toEqual({ kind: 'failed', message: 'import.cancelled' });
    expect(await repo.listBoards()).toHaveLength(1);
  });

  it('a .GRIDA file (ours) becomes a new board with its pages and ink', async () => {
    const { ctx, repo, open } = await context();
    const first = (await importFile({ name: 'a.pdf', bytes: pdfBytes('a') }, ctx)) as { boardId: string };
    const session = await open(first.boardId);
    const file = writeGridaFile(session.toDocument(0));
    await repo.trash([first.boardId]); // (the PDF's board kept, it would be a duplicate)
    const r = await importFile({ name: 'a.grida', bytes: file }, ctx, 'grida');
    expect(r.kind).toBe('boardCreated');
    const loaded = await repo.loadBoard((r as { boardId: string }).boardId);
    expect(loaded!.pages.map((p) => [p.address, p.sizePt, p.source.kind])).toEqual(
      session.pages.map((p) => [p.address, p.sizePt, p.source.kind]),
    );
    expect(loaded!.pdfs[0]!.bytes).toEqual(pdfBytes('a'));
  });

  it('the same .GRIDA imported twice: There is already a registered PDF (the PDF rule)', async () => {
    const { ctx, repo, open } = await context();
    const first = (await importFile({ name: 'a.pdf', bytes: pdfBytes('a') }, ctx)) as { boardId: string };
    const file = writeGridaFile((await open(first.boardId)).toDocument(0));
    await repo.trash([first.boardId]);
    expect((await importFile({ name: 'a.grida', bytes: file }, ctx, 'grida')).kind).toBe('boardCreated');
    expect(await importFile({ name: 'a.grida', bytes: file }, ctx, 'grida')).toEqual({
      kind: 'failed',
      message: 'import.duplicatePdf',
    });
    expect((await repo.listBoards()).filter((b) => b.trashed === 0)).toHaveLength(1);
  });

  it('a .GRIDA without a PDF (pen pages only) may be imported again', async () => {
    const { ctx, repo, open } = await context();
    const board = await repo.createBoard('Pen only');
    const file = writeGridaFile((await open(board.id)).toDocument(0));
    expect((await importFile({ name: 'p.grida', bytes: file }, ctx, 'grida')).kind).toBe('boardCreated');
    expect((await importFile({ name: 'p.grida', bytes: file }, ctx, 'grida')).kind).toBe('boardCreated');
    expect(await repo.listBoards()).toHaveLength(3);
  });

  it('a legacy GridaBoard .grida becomes a new board', async () => {
    const { ctx, repo } = await context();
    const legacy = {
      pdf: {
        pdfInfo: {
          pageInfos: [{ section: 3, owner: 27, book: 1068, page: 1 }],
          basePageInfos: [{ section: 256, owner: 27, book: 1068, page: 1 }],
          rawData: encodeRawData(pdfBytes('legacy')),
        },
      },
      stroke: [[]],
      gridaInfo: { gridaDate: '2021-06-06T00:00:00Z', id: 'asdf', pwd: 'qwer' },
    };
    const r = await importFile(
      { name: 'old board.grida', bytes: new TextEncoder().encode(JSON.stringify(legacy)) },
      ctx,
    );
    expect(r.kind).toBe('boardCreated');
    const loaded = await repo.loadBoard((r as { boardId: string }).boardId);
    expect(loaded!.board.title).toBe('old board');
    expect(loaded!.pages).toHaveLength(1);
    expect(loaded!.pdfs[0]!.bytes).toEqual(pdfBytes('legacy'));
    // imported again: its PDF is already registered
    expect(
      await importFile(
        { name: 'old board.grida', bytes: new TextEncoder().encode(JSON.stringify(legacy)) },
        ctx,
      ),
    ).toEqual({ kind: 'failed', message: 'import.duplicatePdf' });
    expect(await repo.listBoards()).toHaveLength(1);
  });
});
