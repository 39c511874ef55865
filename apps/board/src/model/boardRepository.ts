/**
 * Board storage: the board list (groups, trash, last opened), pages, PDFs and per-page ink in
 * IndexedDB. Local-first: everything the board shows is here; a save to a file is an export.
 */
import {
  decodeGridaStrokes,
  type GridaDocument,
  type GridaPage,
  type GridaPdf,
  type Stroke,
} from '@dotink/ink';
import { type Clock, type PageAddress, pageId } from '@dotink/ncode';
import type { BoardRecord, GroupRecord, PageRecord } from './boardTypes';
import type { BoardDb } from './db';
import type { IdSource } from './ids';
import { InkEncoder } from './inkEncoding';
import { BadRecordError, checkBoard, checkGroup, checkInk, checkPage, checkPdf } from './recordSchemas';
import { temporaryPage } from './temporaryCodes';

/** A board with everything needed to show it. */
export interface LoadedBoard {
  readonly board: BoardRecord;
  readonly pages: readonly GridaPage[];
  readonly pdfs: readonly GridaPdf[];
  /** Strokes of every page (any status), page by page in drawing order. */
  readonly strokes: readonly Stroke[];
}

const NEXT_TEMPORARY = 'nextTemporaryPage';

/** Reads and writes boards. */
export class BoardRepository {
  /** Page ink is written whole at each change: strokes already encoded are not encoded again. */
  private readonly encoder = new InkEncoder();

  constructor(
    readonly db: BoardDb,
    private readonly clock: Clock,
    private readonly ids: IdSource,
  ) {}

  /** Every board (trashed too), most recently updated first. */
  async listBoards(): Promise<BoardRecord[]> {
    return (await this.db.boards.toArray()).map(checkBoard).sort((a, b) => b.updatedMs - a.updatedMs);
  }

  async getBoard(id: string): Promise<BoardRecord | undefined> {
    const row = await this.db.boards.get(id);
    return row === undefined ? undefined : checkBoard(row);
  }

  /** A new empty board. */
  async createBoard(title: string, group = ''): Promise<BoardRecord> {
    const board: BoardRecord = { ...this.newBoardRecord(title, group), lastOpenedMs: null };
    await this.db.boards.add(board);
    return board;
  }

  /** Stores a board record made in memory (a new board, stored once it has content). */
  async putBoard(board: BoardRecord): Promise<void> {
    await this.db.boards.put({ ...board, updatedMs: this.clock.nowMs() });
  }

  /** A new board record, not stored yet (see {@link putBoard}). */
  newBoardRecord(title: string, group = ''): BoardRecord {
    const now = this.clock.nowMs();
    return {
      id: this.ids(),
      title,
      group,
      trashed: 0,
      createdMs: now,
      updatedMs: now,
      lastOpenedMs: now,
      pageCount: 0,
    };
  }

  async rename(id: string, title: string): Promise<void> {
    await this.db.boards.update(id, { title, updatedMs: this.clock.nowMs() });
  }

  async setGroup(ids: readonly string[], group: string): Promise<void> {
    await this.db.boards
      .where('id')
      .anyOf([...ids])
      .modify({ group });
  }

  async trash(ids: readonly string[]): Promise<void> {
    await this.db.boards
      .where('id')
      .anyOf([...ids])
      .modify({ trashed: 1 });
  }

  async restore(ids: readonly string[]): Promise<void> {
    await this.db.boards
      .where('id')
      .anyOf([...ids])
      .modify({ trashed: 0 });
  }

  /** Deletes boards with their pages, PDFs and ink. */
  async deleteForever(ids: readonly string[]): Promise<void> {
    const list = [...ids];
    await this.db.transaction('rw', [this.db.boards, this.db.pages, this.db.pdfs, this.db.ink], async () => {
      await this.db.pages.where('boardId').anyOf(list).delete();
      await this.db.pdfs.where('boardId').anyOf(list).delete();
      await this.db.ink.where('boardId').anyOf(list).delete();
      await this.db.boards.bulkDelete(list);
    });
  }

  async markOpened(id: string): Promise<void> {
    await this.db.boards.update(id, { lastOpenedMs: this.clock.nowMs() });
  }

  async groups(): Promise<GroupRecord[]> {
    return (await this.db.groups.toArray()).map(checkGroup).sort((a, b) => a.createdMs - b.createdMs);
  }

  /** Adds a group (a name already there is kept as it is). */
  async addGroup(name: string): Promise<void> {
    if (!(await this.db.groups.get(name))) await this.db.groups.add({ name, createdMs: this.clock.nowMs() });
  }

  /** The board, its pages, PDFs and ink; undefined when there is no such board. */
  async loadBoard(id: string): Promise<LoadedBoard | undefined> {
    const board = await this.getBoard(id);
    if (!board) return undefined;
    const pageRows = (await this.db.pages.where('boardId').equals(id).toArray())
      .map(checkPage)
      .sort((a, b) => a.index - b.index);
    const pdfRows = (await this.db.pdfs.where('boardId').equals(id).toArray()).map(checkPdf);
    const inkRows = (await this.db.ink.where('boardId').equals(id).toArray()).map(checkInk);
    const order = new Map<string, number>(pageRows.map((p, i) => [pageId(p.address), i]));
    inkRows.sort((a, b) => (order.get(a.pageId) ?? 1e9) - (order.get(b.pageId) ?? 1e9));
    const strokes = inkRows.flatMap((r) => {
      try {
        return decodeGridaStrokes(r.records, r.dots);
      } catch (error) {
        throw new BadRecordError('ink', r.pageId, errorText(error));
      }
    });
    return {
      board,
      pages: pageRows.map(toGridaPage),
      pdfs: pdfRows.map(({ id: pdfId, fileName, fingerprint, bytes }) => ({
        id: pdfId,
        fileName,
        fingerprint,
        bytes,
      })),
      strokes,
    };
  }

  /** Replaces the board's page list (order = board order). */
  async savePages(boardId: string, pages: readonly GridaPage[]): Promise<void> {
    await this.db.transaction('rw', [this.db.boards, this.db.pages], async () => {
      await this.db.pages.where('boardId').equals(boardId).delete();
      await this.db.pages.bulkAdd(pages.map((p, index): PageRecord => ({ ...p, boardId, index })));
      await this.db.boards.update(boardId, { pageCount: pages.length, updatedMs: this.clock.nowMs() });
    });
  }

  /** True when a board not in the trash holds a PDF with this fingerprint. */
  async hasPdf(fingerprint: string): Promise<boolean> {
    if (!fingerprint) return false;
    const boardIds = await this.db.pdfs
      .filter((p) => p.fingerprint === fingerprint)
      .toArray()
      .then((rows) => rows.map((r) => r.boardId));
    if (boardIds.length === 0) return false;
    const boards = await this.db.boards.bulkGet(boardIds);
    return boards.some((b) => b !== undefined && b.trashed === 0);
  }

  async addPdf(boardId: string, pdf: GridaPdf): Promise<void> {
    await this.db.pdfs.add({ ...pdf, boardId });
  }

  /** Writes one page's ink (strokes of any status, drawing order). */
  async saveInk(boardId: string, page: string, strokes: readonly Stroke[]): Promise<void> {
    const { records, dots } = this.encoder.encode(strokes);
    await this.db.transaction('rw', [this.db.boards, this.db.ink], async () => {
      await this.db.ink.put({ boardId, pageId: page, records, dots });
      await this.db.boards.update(boardId, { updatedMs: this.clock.nowMs() });
    });
  }

  /** `count` fresh temporary page addresses (see `temporaryCodes.ts`). */
  async allocateTemporaryPages(count: number): Promise<PageAddress[]> {
    return this.db.transaction('rw', this.db.meta, async () => {
      const row = await this.db.meta.get(NEXT_TEMPORARY);
      const next = typeof row?.value === 'number' ? row.value : 0;
      await this.db.meta.put({ key: NEXT_TEMPORARY, value: next + count });
      return Array.from({ length: count }, (_, i) => temporaryPage(next + i));
    });
  }

  /**
   * A new board holding a board file's content: pages, PDFs and ink as in the file, under new
   * ids (page and PDF ids are unique across boards in the database).
   */
  async importDocument(doc: GridaDocument, title = doc.board.title): Promise<BoardRecord> {
    const board = await this.createBoard(title, '');
    const pdfIds = new Map<string, string>();
    for (const pdf of doc.pdfs) {
      const id = this.ids();
      pdfIds.set(pdf.id, id);
      await this.addPdf(board.id, { ...pdf, id });
    }
    await this.savePages(
      board.id,
      doc.pages.map((p) => ({
        ...p,
        id: this.ids(),
        source:
          p.source.kind === 'pdf'
            ? { ...p.source, pdfId: pdfIds.get(p.source.pdfId) ?? p.source.pdfId }
            : p.source,
      })),
    );
    const byPage = new Map<string, Stroke[]>();
    for (const s of doc.strokes) {
      const id = pageId(s.page);
      const list = byPage.get(id);
      if (list) list.push(s);
      else byPage.set(id, [s]);
    }
    for (const [page, strokes] of byPage) await this.saveInk(board.id, page, strokes);
    return (await this.db.boards.get(board.id))!;
  }
}

function toGridaPage(p: PageRecord): GridaPage {
  const { boardId: _b, index: _i, ...page } = p;
  return page;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
