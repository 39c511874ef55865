/**
 * The board app's services, made once in `main.tsx` and handed to the UI through a React
 * context: storage, the editor store, pens, PDFs, paper, and the board being shown.
 */
import type { PageViewHandle } from '@dotink/view';
import { createContext, type RefObject, useContext, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import type { PdfEngine } from '../import/pdfEngine';
import type { BoardRepository } from '../model/boardRepository';
import { BoardSession, type Timers } from '../model/boardSession';
import type { IdSource } from '../model/ids';
import type { PaperLookup } from '../model/paper';
import type { Editor, EditorStore } from './editorStore';
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
}

/** Where the links menu points. */
export interface BoardLinks {
  readonly oldVersion: string;
  readonly inquiry: string;
  readonly guide: string;
  readonly buyPen: string;
  readonly start: string;
}

/** The running app. */
export class BoardApp {
  readonly pdfs: PdfCache;
  /** The page view shown (the mouse pen maps its pointer through it). */
  readonly viewHandle: RefObject<PageViewHandle | null> = { current: null };
  private current: BoardSession | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(readonly deps: BoardAppDeps) {
    this.pdfs = new PdfCache(deps.pdf, (wrong) => this.askPdfPassword(wrong));
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
  async openBoard(boardId: string, pageIndex = 0): Promise<BoardSession> {
    if (this.current?.board.id === boardId) {
      this.deps.editor.getState().openBoard(boardId);
      this.deps.editor.getState().setPageIndex(pageIndex);
      return this.current;
    }
    await this.closeBoard();
    const loaded = await this.deps.repo.loadBoard(boardId);
    if (!loaded) throw new Error(`no board ${boardId}`);
    await this.deps.repo.markOpened(boardId);
    const session = new BoardSession(loaded, {
      repo: this.deps.repo,
      ids: this.deps.ids,
      paper: this.deps.paper,
      timers: this.deps.timers,
    });
    this.current = session;
    this.deps.pens.setSession(session);
    this.deps.editor.getState().openBoard(boardId);
    this.deps.editor.getState().setPageIndex(pageIndex);
    this.emit();
    return session;
  }

  /** Saves and closes the board shown; back to the list. */
  async closeBoard(): Promise<void> {
    const s = this.current;
    this.current = undefined;
    this.deps.pens.setSession(undefined);
    this.deps.editor.getState().closeBoard();
    this.emit();
    if (s) await s.close();
    await this.pdfs.clear();
  }

  /** Asks for a PDF password through the dialog. */
  askPdfPassword(wrong: boolean): Promise<string | undefined> {
    return new Promise((resolve) => {
      this.deps.editor.getState().showDialog({
        kind: 'pdfPassword',
        wrong,
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
