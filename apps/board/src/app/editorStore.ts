/**
 * Editor and UI state (zustand): the screen, the page shown, the fit mode, per-pen tools, the
 * eraser kind, the open dialog and short messages. Board content lives in the board session
 * (ink store, pages), not here.
 */
import type { PasswordPrompt } from '@dotink/pen';
import type { FitMode } from '@dotink/view';
import { createStore } from 'zustand/vanilla';
import type { TextKey } from '../i18n/text';
import {
  applyPenChange,
  type EraserMode,
  initialPenSettings,
  type PenSettings,
  type PenSettingsChange,
  type Tool,
} from './penSettings';

/** The mouse / touch pen's id. */
export const MOUSE_PEN_ID = 'mouse-pen';

/** A message to show (a spec message key and its parameters). */
export interface Message {
  readonly key: TextKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A toast: a message, with an action the user can take while it shows (e.g. Undo). */
export interface Toast extends Message {
  readonly action?: { readonly label: TextKey; readonly run: () => void };
}

export type SaveMode = 'pdf' | 'grida' | 'saveAs' | 'overwrite';

/** The dialog shown, if any (one at a time). */
export type Dialog =
  | { readonly kind: 'message'; readonly message: Message }
  | { readonly kind: 'save'; readonly mode: SaveMode }
  | {
      readonly kind: 'pdfPassword';
      readonly wrong: boolean;
      /** The protected file's name ('' when not known). */
      readonly fileName?: string;
      readonly resolve: (password: string | undefined) => void;
    }
  | {
      readonly kind: 'penPassword';
      readonly prompt: PasswordPrompt;
      readonly resolve: (password: string | undefined) => void;
    }
  | {
      /** A question before an action that cannot be undone. */
      readonly kind: 'confirm';
      readonly message: Message;
      readonly confirmLabel: TextKey;
      readonly onConfirm: () => void;
    }
  | { readonly kind: 'help' }
  | { readonly kind: 'notice' };

/** A connected pen as the pen panel lists it. */
export interface PenListing {
  readonly id: string;
  readonly name: string;
}

export interface EditorState {
  readonly screen: 'list' | 'board';
  readonly boardId: string | undefined;
  readonly pageIndex: number;
  readonly fit: FitMode;
  readonly eraserMode: EraserMode;
  readonly pens: Readonly<Record<string, PenSettings>>;
  /** Connected smart pens, in connection order (the mouse pen is not listed here). */
  readonly connectedPens: readonly PenListing[];
  /** The pen the toolbar edits. */
  readonly selectedPen: string;
  readonly connecting: boolean;
  readonly dialog: Dialog | undefined;
  /** A short message shown for a moment (status line). */
  readonly toast: Toast | undefined;
}

export interface EditorActions {
  openBoard(boardId: string): void;
  closeBoard(): void;
  setPageIndex(index: number): void;
  setFit(fit: FitMode): void;
  setEraserMode(mode: EraserMode): void;
  /** Changes the selected pen's tool, colour or thickness. */
  updateSelectedPen(change: PenSettingsChange): void;
  /** Changes a pen's tool, colour or thickness (a paper button pressed with that pen). */
  updatePen(id: string, change: PenSettingsChange): void;
  selectPen(id: string): void;
  /** Settings of a pen (a new pen gets the next colour of the rotation). */
  penSettings(id: string): PenSettings;
  setConnectedPens(pens: readonly PenListing[]): void;
  setConnecting(on: boolean): void;
  showDialog(dialog: Dialog): void;
  closeDialog(): void;
  showMessage(key: TextKey, params?: Message['params']): void;
  showToast(key: TextKey, params?: Message['params'], action?: Toast['action']): void;
  clearToast(): void;
}

export type Editor = EditorState & EditorActions;

/** A fresh editor store. */
export function createEditorStore() {
  return createStore<Editor>()((set, get) => ({
    screen: 'list',
    boardId: undefined,
    pageIndex: 0,
    fit: 'full',
    eraserMode: 'whole',
    pens: { [MOUSE_PEN_ID]: initialPenSettings(0) },
    connectedPens: [],
    selectedPen: MOUSE_PEN_ID,
    connecting: false,
    dialog: undefined,
    toast: undefined,
    openBoard: (boardId) => set({ screen: 'board', boardId, pageIndex: 0 }),
    closeBoard: () => set({ screen: 'list', boardId: undefined, pageIndex: 0 }),
    setPageIndex: (pageIndex) => set({ pageIndex }),
    setFit: (fit) => set({ fit }),
    setEraserMode: (eraserMode) => set({ eraserMode }),
    updateSelectedPen: (change) => get().updatePen(get().selectedPen, change),
    updatePen: (id, change) => {
      set({ pens: { ...get().pens, [id]: applyPenChange(get().penSettings(id), change) } });
    },
    selectPen: (selectedPen) => set({ selectedPen }),
    penSettings: (id) => {
      const known = get().pens[id];
      if (known) return known;
      const settings = initialPenSettings(Object.keys(get().pens).length);
      set({ pens: { ...get().pens, [id]: settings } });
      return settings;
    },
    setConnectedPens: (connectedPens) => {
      for (const p of connectedPens) get().penSettings(p.id);
      const selected = get().selectedPen;
      const stillThere = selected === MOUSE_PEN_ID || connectedPens.some((p) => p.id === selected);
      set({ connectedPens, selectedPen: stillThere ? selected : MOUSE_PEN_ID });
    },
    setConnecting: (connecting) => set({ connecting }),
    showDialog: (dialog) => set({ dialog }),
    closeDialog: () => set({ dialog: undefined }),
    showMessage: (key, params) =>
      set({ dialog: { kind: 'message', message: { key, ...(params ? { params } : {}) } } }),
    showToast: (key, params, action) =>
      set({ toast: { key, ...(params ? { params } : {}), ...(action ? { action } : {}) } }),
    clearToast: () => set({ toast: undefined }),
  }));
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** The tool the selected pen writes with. */
export function selectedTool(s: EditorState): Tool {
  return (s.pens[s.selectedPen] ?? initialPenSettings(0)).tool;
}
