/**
 * The board app's services, made once in `main.tsx` and handed to the UI through a React
 * context: storage, the editor store, pens, PDFs, paper, and the board being shown.
 */
import type { GridaPage } from '@dotink/ink';
import type { PageViewHandle } from '@dotink/view';
import { createContext, type RefObject, useContext, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { PdfCancelledError, type PdfEngine } from '../import/pdfEngine';
import type { BoardRepository } from '../model/boardRepository';
import { BoardSession, type Timers } from '../model/boardSession';
import type { IdSource } from '../model/ids';
import type { InkRescue } from '../model/inkRescue';
import type { PaperLookup } from '../model/paper';
import type { Editor, EditorStore } from './editorStore';
import { errorDetail, errorMessage } from './errorMessages';
import { PdfCache } from './pdfCache';
import type { PenRuntime } from './penRuntime';
import type { Deliver } from './saveFlow';

export interface BoardAppDeps {
  readonly repo: BoardRepository;
  readonly editor: EditorStore;
  readonly pens: PenRuntime;
  readonly pdf: PdfEngine;
  readonly paper: PaperLookup;
  readonly ids: IdSource;
  readonly timers: Timers;
  readonly deliver: Deliver;
  readonly nowMs: () => number;
  /** Links of the links menu (board.md §2). */
  readonly links: BoardLinks;
  readonly storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Where ink still being written is copied when the page goes away. */
  readonly rescue?: InkRescue;
  /** The tab's session storage: PDF passwords are asked once a browser session. */
  readonly sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** True when boards live in memory only (this browser mode cannot keep them). */
  readonly memoryOnly?: boolean;
}

/** Where the links menu points. */
export interface BoardLinks {
  readonly oldVersion: string;
  readonly inquiry: string;
  readonly guide: string;
  readonly buyPen: string;
  readonly start: string;
}

const LAST_PAGE_KEY = 'dotink.lastPage.';

/** The running app. */
export class BoardApp {
  readonly pdfs: PdfCache;
  /** The page view shown (the mouse pen maps its pointer through it). */
  readonly viewHandle: RefObject<PageViewHandle | null> = { current: null };
  private current: BoardSession | undefined;
  /** Work boards wait for before opening (ink rescued by the last visit being written). */
  private startup: Promise<unknown> = Promise.resolve();
  /** Sessions whose writes fail (closed ones keep trying until their ink is written). */
  private readonly failingSessions = new Set<BoardSession>();
  /** PDFs whose failure was said since the board opened. */
  private readonly pdfErrorsShown = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(readonly deps: BoardAppDeps) {
    this.pdfs = new PdfCache(
      deps.pdf,
      (wrong, name) => this.askPdfPassword(wrong, name),
      deps.sessionStorage,
    );
  }

  get session(): BoardSession | undefined {
    return this.current;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Opens a board (closing the one shown) and shows it. */
  async openBoard(boardId: string, pageIndex = this.lastPage(boardId)): Promise<BoardSession> {
    if (this.current?.board.id === boardId) {
      this.deps.editor.getState().openBoard(boardId);
      this.deps.editor.getState().setPageIndex(pageIndex);
      return this.current;
    }
    await this.closeBoard();
    await this.startup;
    const loaded = await this.deps.repo.loadBoard(boardId);
    if (!loaded) throw new Error(`no board ${boardId}`);
    await this.deps.repo.markOpened(boardId);
    return this.show(new BoardSession(loaded, this.sessionDeps()), pageIndex);
  }

  /**
   * Opens a new empty board, in memory: it is stored once it has content (a page, a PDF), so
   * boards left empty do not pile up in the list.
   */
  async newBoard(title: string, group = ''): Promise<BoardSession> {
    await this.closeBoard();
    const board = this.deps.repo.newBoardRecord(title, group);
    return this.show(
      new BoardSession({ board, pages: [], pdfs: [], strokes: [] }, this.sessionDeps(), { stored: false }),
      0,
    );
  }

  /** The page a board was left on (0 when not known). */
  lastPage(boardId: string): number {
    const v = Number(this.deps.storage?.getItem(LAST_PAGE_KEY + boardId));
    return Number.isInteger(v) && v >= 0 ? v : 0;
  }

  /** Remembers the page shown, so the board reopens there. */
  rememberPage(index: number): void {
    const id = this.current?.board.id;
    if (id) this.deps.storage?.setItem(LAST_PAGE_KEY + id, String(index));
  }

  /** Boards open only after `task` (reported if it fails). */
  waitBeforeOpening(task: () => Promise<unknown>): void {
    this.startup = this.run(task);
  }

  /** Shows a failure as a message in the user's language (nothing is only logged). */
  report = (error: unknown): void => {
    const { key, params } = errorMessage(error);
    this.deps.editor.getState().showMessage(key, params);
  };

  /**
   * A PDF page that cannot be opened or drawn: said once per PDF and board opening (a page
   * drawn again does not repeat it). A cancelled password prompt says what cancelling means.
   */
  reportPdfError(page: GridaPage | undefined, error: unknown): void {
    const pdfId = page?.source.kind === 'pdf' ? page.source.pdfId : '';
    if (this.pdfErrorsShown.has(pdfId)) return;
    this.pdfErrorsShown.add(pdfId);
    const name = this.current?.pdfs.find((p) => p.id === pdfId)?.fileName ?? '';
    const editor = this.deps.editor.getState();
    if (error instanceof PdfCancelledError) editor.showMessage('pdf.passwordCancelled', { name });
    else editor.showMessage('pdf.renderFailed', { name, reason: errorDetail(error) });
  }

  /** Runs `task`, reporting its failure. */
  run<T>(task: () => Promise<T>): Promise<T | undefined> {
    return task().catch((error: unknown) => {
      this.report(error);
      return undefined;
    });
  }

  private sessionDeps() {
    return {
      repo: this.deps.repo,
      ids: this.deps.ids,
      paper: this.deps.paper,
      timers: this.deps.timers,
      ...(this.deps.rescue ? { rescue: this.deps.rescue } : {}),
      onSaveProblem: (error: unknown, session: BoardSession) => this.saveProblem(error, session),
    };
  }

  /**
   * Failed writes are said by the board's banner (UnsavedBanner: not a dialog, so writing goes
   * on); writes working again by a toast.
   */
  private saveProblem(error: unknown, session: BoardSession): void {
    if (error === undefined) {
      if (this.failingSessions.delete(session)) this.deps.editor.getState().showToast('storage.saved');
      return;
    }
    this.failingSessions.add(session);
  }

  private show(session: BoardSession, pageIndex: number): BoardSession {
    this.current = session;
    this.deps.pens.setSession(session);
    this.deps.editor.getState().openBoard(session.board.id);
    this.deps.editor.getState().setPageIndex(pageIndex);
    this.emit();
    return session;
  }

  /** Times the user went back to the board list ("← Boards"): work under way does not undo it. */
  get leftCount(): number {
    return this.lefts;
  }
  private lefts = 0;

  /** "← Boards": the user leaves the board for the list (an import finishing does not reopen it). */
  backToList(): Promise<void> {
    this.lefts++;
    return this.closeBoard();
  }

  /** Saves and closes the board shown; back to the list. */
  async closeBoard(): Promise<void> {
    const s = this.current;
    this.current = undefined;
    this.deps.pens.setSession(undefined);
    this.deps.editor.getState().closeBoard();
    this.emit();
    this.pdfErrorsShown.clear();
    if (s) await s.close();
    await this.pdfs.clear();
  }

  /** Asks for a PDF password through the dialog. */
  askPdfPassword(wrong: boolean, fileName = ''): Promise<string | undefined> {
    return new Promise((resolve) => {
      this.deps.editor.getState().showDialog({
        kind: 'pdfPassword',
        wrong,
        fileName,
        resolve: (pw) => {
          this.deps.editor.getState().closeDialog();
          resolve(pw);
        },
      });
    });
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}

export const BoardAppContext = createContext<BoardApp | undefined>(undefined);

/** The running app (inside its provider). */
export function useBoardApp(): BoardApp {
  const app = useContext(BoardAppContext);
  if (!app) throw new Error('useBoardApp outside BoardAppContext');
  return app;
}

/** A slice of the editor state. */
export function useEditor<T>(select: (s: Editor) => T): T {
  return useStore(useBoardApp().deps.editor, select);
}

/** The board shown, re-rendering when it changes (pages, PDFs, title). */
export function useSession(): BoardSession | undefined {
  const app = useBoardApp();
  const session = useSyncExternalStore(app.subscribe, () => app.session);
  useSyncExternalStore(
    (l) => session?.subscribe(l) ?? (() => {}),
    () => session?.pages,
  );
  useSyncExternalStore(
    (l) => session?.subscribe(l) ?? (() => {}),
    () => session?.board,
  );
  return session;
}
