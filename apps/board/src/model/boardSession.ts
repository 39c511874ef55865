/**
 * One open board: its pages and PDFs, the ink store with undo/redo, and saving. Ink changes are
 * written to the database per page, shortly after they happen (and on `flush`).
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
import type { PaperLookup } from './paper';
import { isTemporaryPage } from './temporaryCodes';

/** One-shot timers (the browser's, or a test's). */
export interface Timers {
  setTimer(delayMs: number, task: () => void): () => void;
}

/** How long after a change the page's ink is written. */
export const INK_SAVE_DELAY_MS = 400;

/** What the session needs. */
export interface BoardSessionDeps {
  readonly repo: BoardRepository;
  readonly ids: IdSource;
  readonly paper: PaperLookup;
  readonly timers: Timers;
  readonly onError?: (error: unknown) => void;
}

/** An open board. */
export class BoardSession {
  readonly store: InkStore;
  readonly history: InkHistory;
  private boardRecord: BoardRecord;
  private pageList: readonly GridaPage[];
  private pdfList: readonly GridaPdf[];
  private readonly listeners = new Set<() => void>();
  private readonly dirty = new Set<PageId>();
  private cancelSave: (() => void) | undefined;
  private saving: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(
    loaded: LoadedBoard,
    private readonly deps: BoardSessionDeps,
  ) {
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
      this.scheduleSave();
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
    await this.deps.repo.addPdf(this.boardRecord.id, stored);
    this.pdfList = [...this.pdfList, stored];
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

  async rename(title: string): Promise<void> {
    await this.deps.repo.rename(this.boardRecord.id, title);
    this.boardRecord = { ...this.boardRecord, title };
    this.emit();
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

  /** Writes pending ink now. */
  async flush(): Promise<void> {
    this.cancelSave?.();
    this.cancelSave = undefined;
    const pages = [...this.dirty];
    this.dirty.clear();
    const write = async () => {
      for (const id of pages) {
        await this.deps.repo.saveInk(
          this.boardRecord.id,
          id,
          this.store.strokesOnPage(id, { status: 'all' }),
        );
      }
    };
    this.saving = this.saving.then(write, write);
    await this.saving;
  }

  /** Saves and stops listening. */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.flush();
  }

  private scheduleSave(): void {
    if (this.cancelSave) return;
    this.cancelSave = this.deps.timers.setTimer(INK_SAVE_DELAY_MS, () => {
      this.cancelSave = undefined;
      this.flush().catch((e) => this.deps.onError?.(e));
    });
  }

  private async appendPages(pages: readonly GridaPage[]): Promise<number> {
    const first = this.pageList.length;
    await this.replacePages([...this.pageList, ...pages]);
    return first;
  }

  private async replacePages(pages: readonly GridaPage[]): Promise<void> {
    this.pageList = pages;
    this.boardRecord = { ...this.boardRecord, pageCount: pages.length };
    this.emit();
    await this.deps.repo.savePages(this.boardRecord.id, pages);
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
