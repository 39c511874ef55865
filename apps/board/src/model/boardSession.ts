/**
 * One open board: its pages and PDFs, the ink store with undo/redo, and saving.
 *
 * Saving (issue 12): every change is written at once (a pen-up starts the write in its own
 * task; no debounce window that a reload could lose), in order — the board record once it has
 * content (an empty new board is not stored), new PDFs, the page list, the changed pages' ink,
 * the title. A write that fails keeps what it had to write in memory, reports the failure
 * (`onSaveProblem`) and is tried again after {@link SAVE_RETRY_MS} and on the next change;
 * when a write succeeds again the problem is reported solved.
 */
import {
  createHistory,
  createInkStore,
  type GridaDocument,
  type GridaPage,
  type GridaPdf,
  type InkHistory,
  type InkStore,
  type Stroke,
} from '@dotink/ink';
import { type PageAddress, type PageId, pageId } from '@dotink/ncode';
import type { BoardRepository, LoadedBoard } from './boardRepository';
import type { BoardRecord } from './boardTypes';
import type { IdSource } from './ids';
import type { InkRescue } from './inkRescue';
import type { PaperLookup } from './paper';
import { isTemporaryPage } from './temporaryCodes';

/** One-shot timers (the browser's, or a test's). */
export interface Timers {
  setTimer(delayMs: number, task: () => void): () => void;
}

/** How long after a failed write it is tried again. */
export const SAVE_RETRY_MS = 3000;

/** What the session needs. */
export interface BoardSessionDeps {
  readonly repo: BoardRepository;
  readonly ids: IdSource;
  readonly paper: PaperLookup;
  readonly timers: Timers;
  /** Where ink still being written is copied when the page goes away (see inkRescue.ts). */
  readonly rescue?: InkRescue;
  /** A write failed (`error`), or writes work again after a failure (`undefined`). */
  readonly onSaveProblem?: (error: unknown, session: BoardSession) => void;
}

/** Session options. */
export interface BoardSessionOptions {
  /** False for a new board not in the database yet: it is stored once it has content. */
  readonly stored?: boolean;
}

/** A page deleted from a board, with its place and ink (see {@link BoardSession.removePage}). */
export interface RemovedPage {
  readonly page: GridaPage;
  readonly index: number;
  readonly strokes: readonly Stroke[];
}

/** An open board. */
export class BoardSession {
  readonly store: InkStore;
  readonly history: InkHistory;
  private boardRecord: BoardRecord;
  private pageList: readonly GridaPage[];
  private pdfList: readonly GridaPdf[];
  private readonly listeners = new Set<() => void>();
  /** Pages whose ink changed since their last write began. */
  private readonly dirty = new Set<PageId>();
  private pagesDirty = false;
  private titleDirty = false;
  private readonly newPdfs: GridaPdf[] = [];
  /** Per page: changes made, changes written, and the change a rescue copy holds. */
  private readonly inkVersion = new Map<PageId, number>();
  private readonly savedVersion = new Map<PageId, number>();
  private readonly rescuedVersion = new Map<PageId, number>();
  private stored: boolean;
  private writing: Promise<void> | undefined;
  private problem: unknown;
  private cancelRetry: (() => void) | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    loaded: LoadedBoard,
    private readonly deps: BoardSessionDeps,
    options: BoardSessionOptions = {},
  ) {
    this.stored = options.stored ?? true;
    this.boardRecord = loaded.board;
    this.pageList = loaded.pages;
    this.pdfList = loaded.pdfs;
    this.store = createInkStore();
    this.store.batch(() => {
      for (const s of loaded.strokes) this.store.add(s);
    });
    this.history = createHistory(this.store);
    this.unsubscribe = this.store.subscribe((change) => {
      if (change.added.length + change.changed.length + change.removed.length === 0) return;
      this.dirty.add(change.pageId);
      this.inkVersion.set(change.pageId, (this.inkVersion.get(change.pageId) ?? 0) + 1);
      this.startWriting();
    });
  }

  get board(): BoardRecord {
    return this.boardRecord;
  }

  get pages(): readonly GridaPage[] {
    return this.pageList;
  }

  get pdfs(): readonly GridaPdf[] {
    return this.pdfList;
  }

  /** True once the board is in the database (a new board is stored when it gets content). */
  get isStored(): boolean {
    return this.stored;
  }

  /** The last write's error while changes are waiting to be written (else undefined). */
  get saveProblem(): unknown {
    return this.problem;
  }

  /** True while changes are in memory only (a write failed, or one is under way). */
  get hasUnsavedChanges(): boolean {
    return this.pending() || this.writing !== undefined;
  }

  /** Hears page list, PDF and board changes (not ink: subscribe to the store for that). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The index of the board page showing `address`, or -1. */
  pageIndexOf(address: PageAddress): number {
    const id = pageId(address);
    return this.pageList.findIndex((p) => pageId(p.address) === id);
  }

  /** True when a PDF with this fingerprint is already registered in the board. */
  hasPdf(fingerprint: string): boolean {
    return fingerprint !== '' && this.pdfList.some((p) => p.fingerprint === fingerprint);
  }

  /** Adds a PDF and a page per PDF page (sizes in pt, in page order). Returns the first new index. */
  async addPdf(
    pdf: Omit<GridaPdf, 'id'>,
    pageSizesPt: readonly { widthPt: number; heightPt: number }[],
  ): Promise<number> {
    const stored: GridaPdf = { ...pdf, id: this.deps.ids() };
    const addresses = await this.freshTemporaryPages(pageSizesPt.length);
    const pages = pageSizesPt.map(
      (sizePt, i): GridaPage => ({
        id: this.deps.ids(),
        address: addresses[i]!,
        source: { kind: 'pdf', pdfId: stored.id, pageNo: i + 1 },
        sizePt,
        nuToPt: this.deps.paper(addresses[i]!).nuToPt,
        rotation: 0,
        background: 'basic',
      }),
    );
    this.pdfList = [...this.pdfList, stored];
    this.newPdfs.push(stored);
    return this.appendPages(pages);
  }

  /** Adds a blank page (the toolbar's add page): A4 on a temporary code. Returns its index. */
  async addBlankPage(): Promise<number> {
    const [address] = await this.freshTemporaryPages(1);
    const paper = this.deps.paper(address!);
    return this.appendPages([
      {
        id: this.deps.ids(),
        address: address!,
        source: { kind: 'ncode' },
        sizePt: paper.sizePt,
        nuToPt: paper.nuToPt,
        rotation: 0,
        background: 'basic',
      },
    ]);
  }

  /**
   * The index of the page showing `address`; a pen writing on Ncode paper the board does not
   * have yet creates that page (size and transform from the paper catalogue).
   */
  async ensurePage(address: PageAddress): Promise<number> {
    const at = this.pageIndexOf(address);
    if (at >= 0) return at;
    const paper = this.deps.paper(address);
    return this.appendPages([
      {
        id: this.deps.ids(),
        address,
        source: { kind: 'ncode' },
        sizePt: paper.sizePt,
        nuToPt: paper.nuToPt,
        rotation: 0,
        background: 'basic',
      },
    ]);
  }

  /** Changes a page's background. */
  async setBackground(index: number, background: GridaPage['background']): Promise<void> {
    const page = this.pageList[index];
    if (!page || page.background === background) return;
    await this.replacePages(this.pageList.map((p, i) => (i === index ? { ...p, background } : p)));
  }

  /**
   * Stores new records of the same pages (printing and page-order registration change a page's
   * `address`, `baseAddress` and `nuToPt`; see print/boardMapping.ts).
   */
  async updatePages(pages: readonly GridaPage[]): Promise<void> {
    if (pages.length !== this.pageList.length || pages.some((p, i) => p.id !== this.pageList[i]!.id)) {
      throw new Error('updatePages: the pages must be the same pages, in the same order');
    }
    await this.replacePages(pages);
  }

  /**
   * Deletes board page `index` and its ink (the other pages keep their code, transform and PDF
   * page). Returns what {@link restorePage} needs to bring it back; undefined when there is no
   * such page. The ink history skips steps on the deleted strokes until they come back.
   */
  async removePage(index: number): Promise<RemovedPage | undefined> {
    const page = this.pageList[index];
    if (!page) return undefined;
    const strokes = this.store.strokesOnPage(pageId(page.address), { status: 'all' });
    this.store.batch(() => {
      for (const s of strokes) this.store.remove(s.key);
    });
    await this.replacePages(this.pageList.filter((_, i) => i !== index));
    return { page, index, strokes };
  }

  /**
   * Brings a deleted page back in its place with its ink. When a pen has made the page again
   * meanwhile (it wrote on that paper), the ink joins that page. Returns the page's index.
   */
  async restorePage(removed: RemovedPage): Promise<number> {
    this.store.batch(() => {
      for (const s of removed.strokes) this.store.add(s);
    });
    const at = this.pageIndexOf(removed.page.address);
    if (at >= 0) return at;
    const index = Math.min(removed.index, this.pageList.length);
    await this.replacePages([...this.pageList.slice(0, index), removed.page, ...this.pageList.slice(index)]);
    return index;
  }

  /** Renames the board (written like any change). */
  async rename(title: string): Promise<void> {
    this.boardRecord = { ...this.boardRecord, title };
    this.titleDirty = true;
    this.emit();
    await this.write();
  }

  /** Undo / redo of the last ink step (one pen stroke, one eraser stroke). */
  undo(): boolean {
    return this.history.undo() !== undefined;
  }

  redo(): boolean {
    return this.history.redo() !== undefined;
  }

  /** Adds completed strokes as one undoable step. */
  addStrokes(strokes: readonly Stroke[]): void {
    if (strokes.length > 0) this.history.addStrokes(strokes);
  }

  /** The board as a file model (strokes of every page, any status). */
  toDocument(nowMs: number): GridaDocument {
    const strokes = this.pageList.flatMap((p) =>
      this.store.strokesOnPage(pageId(p.address), { status: 'all' }),
    );
    return {
      board: {
        id: this.boardRecord.id,
        title: this.boardRecord.title,
        group: this.boardRecord.group,
        createdMs: this.boardRecord.createdMs,
        updatedMs: nowMs,
      },
      pdfs: this.pdfList,
      pages: this.pageList,
      strokes,
    };
  }

  /**
   * Writes what is pending now and waits for it. It does not throw: a failed write stays
   * pending (see {@link saveProblem}); the board can still be saved to a file.
   */
  async flush(): Promise<void> {
    await this.write();
  }

  /**
   * The page is going away: copies the ink of pages not written yet to the rescue store, at
   * once (synchronously), and starts writing them.
   */
  rescueUnsaved(): void {
    const rescue = this.deps.rescue;
    if (rescue && this.stored) {
      for (const [page, version] of this.inkVersion) {
        if ((this.savedVersion.get(page) ?? 0) >= version) continue;
        rescue.put(this.boardRecord.id, page, this.store.strokesOnPage(page, { status: 'all' }));
        this.rescuedVersion.set(page, version);
      }
    }
    void this.flush();
  }

  /** Saves and stops listening. */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.flush();
  }

  /** Starts writing what is pending (in this task), unless a write is under way. */
  private startWriting(): Promise<void> {
    if (!this.writing) {
      this.cancelRetry?.();
      this.cancelRetry = undefined;
      this.writing = this.writeAll().finally(() => {
        this.writing = undefined;
        if (this.pending() && !this.cancelRetry) void this.startWriting();
      });
    }
    return this.writing;
  }

  /** Writes until nothing is pending (changes made meanwhile included) or a write fails. */
  private async write(): Promise<void> {
    for (;;) {
      await this.startWriting();
      if (!this.pending() || this.problem !== undefined) return;
    }
  }

  /** A page's ink is in the database up to `version`: a rescue copy no newer is dropped. */
  private written(page: PageId, version: number): void {
    this.savedVersion.set(page, Math.max(version, this.savedVersion.get(page) ?? 0));
    const rescued = this.rescuedVersion.get(page);
    if (rescued !== undefined && version >= rescued) {
      this.rescuedVersion.delete(page);
      this.deps.rescue?.remove(this.boardRecord.id, page);
    }
  }

  private pending(): boolean {
    return (
      (!this.stored && this.hasContent()) ||
      (this.stored && (this.newPdfs.length > 0 || this.pagesDirty || this.dirty.size > 0 || this.titleDirty))
    );
  }

  private hasContent(): boolean {
    return this.pageList.length > 0 || this.pdfList.length > 0 || this.dirty.size > 0;
  }

  private async writeAll(): Promise<void> {
    const repo = this.deps.repo;
    const id = this.boardRecord.id;
    try {
      while (this.pending()) {
        if (!this.stored) {
          await repo.putBoard({ ...this.boardRecord, pageCount: this.pageList.length });
          this.stored = true;
          this.pagesDirty = true;
          for (const p of this.store.pageIds()) this.dirty.add(p);
          continue;
        }
        const pdf = this.newPdfs[0];
        if (pdf) {
          await repo.addPdf(id, pdf);
          this.newPdfs.shift();
          continue;
        }
        if (this.pagesDirty) {
          this.pagesDirty = false;
          try {
            await repo.savePages(id, this.pageList);
          } catch (error) {
            this.pagesDirty = true;
            throw error;
          }
          continue;
        }
        const [page] = this.dirty;
        if (page !== undefined) {
          this.dirty.delete(page);
          const version = this.inkVersion.get(page) ?? 0;
          try {
            await repo.saveInk(id, page, this.store.strokesOnPage(page, { status: 'all' }));
          } catch (error) {
            this.dirty.add(page);
            throw error;
          }
          this.written(page, version);
          continue;
        }
        if (this.titleDirty) {
          this.titleDirty = false;
          try {
            await repo.rename(id, this.boardRecord.title);
          } catch (error) {
            this.titleDirty = true;
            throw error;
          }
        }
      }
      if (this.problem !== undefined) {
        this.problem = undefined;
        this.emit();
        this.deps.onSaveProblem?.(undefined, this);
      }
    } catch (error) {
      const first = this.problem === undefined;
      this.problem = error;
      this.cancelRetry = this.deps.timers.setTimer(SAVE_RETRY_MS, () => {
        this.cancelRetry = undefined;
        void this.startWriting();
      });
      if (first) this.emit();
      this.deps.onSaveProblem?.(error, this);
    }
  }

  private async appendPages(pages: readonly GridaPage[]): Promise<number> {
    const first = this.pageList.length;
    await this.replacePages([...this.pageList, ...pages]);
    return first;
  }

  private async replacePages(pages: readonly GridaPage[]): Promise<void> {
    this.pageList = pages;
    this.boardRecord = { ...this.boardRecord, pageCount: pages.length };
    this.pagesDirty = true;
    this.emit();
    await this.write();
  }

  /** Temporary codes not used by this board yet. */
  private async freshTemporaryPages(count: number): Promise<PageAddress[]> {
    const used = new Set(
      this.pageList.filter((p) => isTemporaryPage(p.address)).map((p) => pageId(p.address)),
    );
    const out: PageAddress[] = [];
    while (out.length < count) {
      for (const a of await this.deps.repo.allocateTemporaryPages(count - out.length)) {
        if (!used.has(pageId(a))) out.push(a);
      }
    }
    return out;
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}
