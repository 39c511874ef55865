/**
 * Pens on the open board: the pen manager (smart pens over Web Bluetooth), the mouse / touch pen
 * of the page view, one stroke builder for all of them, the live ink feed the view draws from,
 * and the erasers. Completed ink goes into the open board as an undoable step; writing on Ncode
 * paper the board does not have yet creates that page and shows it (auto page change).
 *
 * Each pen writes with its own settings (tool, colour, thickness) from the editor store. With the
 * pointer tool a pen does not write: its moves become hover moves (the laser pointer).
 *
 * Pen control sheets (PUI, engine.md §4): strokes on a control page never draw and never make a
 * page; on pen up the stroke's first dot is tested against the control projects (loaded from the
 * server on first need) and the paper button's command changes that pen's tool, colour or
 * thickness, or acts on the page shown (`puiActions.ts`).
 */
import {
  type KeySource,
  LiveEraser,
  type PageKind,
  type PenEvent,
  type PuiStrokes,
  puiCommandOf,
  type Stroke,
  type StrokeBuilder,
  type StrokeBuilderListener,
  withPuiStrokes,
} from '@dotink/ink';
import { isDroppedPuiPage, isPuiGatePage, type PageAddress, type PuiRegistry } from '@dotink/ncode';
import type { BluetoothLike, PenManager, PointerPen } from '@dotink/pen';
import type { LiveInkFeed } from '@dotink/view';
import { PenConnection } from '@dotink/view/pens';
import type { BoardSession } from '../model/boardSession';
import { type EditorStore, MOUSE_PEN_ID } from './editorStore';
import { brushOf, type EraserMode } from './penSettings';
import { applyPuiCommand } from './puiActions';

export interface PenRuntimeOptions {
  readonly editor: EditorStore;
  /** `navigator.bluetooth`, read when the user connects a pen. */
  readonly bluetooth: () => BluetoothLike | undefined;
  readonly keys?: KeySource;
  readonly onError?: (error: unknown) => void;
  /** The control sheets (PUI registry), loaded on first need; without it paper buttons do nothing. */
  readonly controlSheets?: () => Promise<PuiRegistry>;
  /** Zooms the page shown (a paper button's zoom in / out). */
  readonly zoomBy?: (factor: number) => void;
}

/**
 * The pens of the board app: the shared pen runtime (`@dotink/view/pens`: Bluetooth, password,
 * pen messages, builder, live feed) with the board's tools, paper buttons and pages.
 */
export class PenRuntime {
  private readonly pens: PenConnection;
  private session: BoardSession | undefined;
  private erasers: Record<EraserMode, LiveEraser> | undefined;
  private readonly eraserOf = new Map<string, EraserMode>();
  private readonly keys: KeySource;
  private readonly pointerDown = new Set<string>();
  /** Pointer-tool pens pressing a paper button (their stroke goes to the builder). */
  private readonly pressing = new Set<string>();
  /** Paper buttons pressed, in order (each waits for the control sheets and the one before). */
  private controlQueue: Promise<void> = Promise.resolve();

  constructor(private readonly options: PenRuntimeOptions) {
    const editor = options.editor;
    this.pens = new PenConnection({
      bluetooth: options.bluetooth,
      ...(options.keys ? { keys: options.keys } : {}),
      brushFor: (penId) =>
        brushOf(editor.getState().penSettings(penId), penId, penId === MOUSE_PEN_ID ? 'mouse' : 'pen'),
      classifyPage: controlPageKind,
      ink: this.inkListener(),
      wrapListener: (listener) => withPuiStrokes(this.puiStrokes(), listener),
      route: (e, builder) => this.route(e, builder),
      host: {
        askPassword: (prompt) =>
          new Promise<string | undefined>((resolve) => {
            editor.getState().showDialog({
              kind: 'penPassword',
              prompt,
              resolve: (password) => {
                editor.getState().closeDialog();
                resolve(password);
              },
            });
          }),
        show: (m) =>
          m.level === 'toast'
            ? editor.getState().showToast(m.key, m.params)
            : editor.getState().showMessage(m.key, m.params),
        setConnecting: (on) => editor.getState().setConnecting(on),
        setPens: (pens) => editor.getState().setConnectedPens(pens),
        onError: (error) => options.onError?.(error),
      },
    });
    this.keys = this.pens.keys;
  }

  get manager(): PenManager {
    return this.pens.manager;
  }

  get feed(): LiveInkFeed {
    return this.pens.feed;
  }

  get builder(): StrokeBuilder {
    return this.pens.builder;
  }

  /** The board pens write on (undefined on the board list). */
  setSession(session: BoardSession | undefined): void {
    this.session = session;
    this.eraserOf.clear();
    if (!session) {
      this.erasers = undefined;
      return;
    }
    const record = (edit: Parameters<typeof session.history.record>[0]) => session.history.record(edit);
    this.erasers = {
      whole: new LiveEraser({ store: session.store, mode: 'whole', record }),
      partial: new LiveEraser({ store: session.store, mode: 'partial', keys: this.keys, record }),
    };
  }

  /** Uses `pen` as the mouse / touch pen (the page view's pointer pen). */
  setMousePen(pen: PointerPen | undefined): void {
    this.pens.setMousePen(pen);
  }

  get mouse(): PointerPen | undefined {
    return this.pens.mouse;
  }

  /**
   * Asks for a smart pen and connects it (board.md §2 pen connection). Shows the 'no Bluetooth'
   * message when the device has none; a cancelled chooser does nothing.
   */
  connect(): Promise<boolean> {
    return this.pens.connect();
  }

  /** Disconnects a smart pen. */
  disconnect(id: string): void {
    this.pens.disconnect(id);
  }

  /** Strokes on control pages: dispatched as paper-button presses, never ink. */
  private puiStrokes(): PuiStrokes {
    return {
      classifyPage: controlPageKind,
      completed: (stroke, role) => {
        if (role !== 'pui') return false;
        this.controlQueue = this.controlQueue.then(() => this.pressControl(stroke));
        return true;
      },
    };
  }

  private async pressControl(stroke: Stroke): Promise<void> {
    const editor = this.options.editor;
    if (!this.options.controlSheets) {
      editor.getState().showToast('control.unavailable');
      return;
    }
    let registry: PuiRegistry;
    try {
      registry = await this.options.controlSheets();
    } catch (error) {
      editor.getState().showToast('control.unavailable');
      this.options.onError?.(error);
      return;
    }
    const press = puiCommandOf(registry, stroke);
    if (!press) return;
    const session = this.session;
    applyPuiCommand(press.command, stroke.mac, {
      editor,
      ...(this.options.zoomBy ? { zoomBy: this.options.zoomBy } : {}),
      ...(session
        ? { addPage: () => session.addBlankPage(), undo: () => session.undo(), redo: () => session.redo() }
        : {}),
      pageCount: () => session?.pages.length ?? 0,
    });
  }

  /**
   * Pen events → the stroke builder, except a pointer-tool pen's, which only hover; a pointer
   * pen still presses paper buttons (its stroke on a control page goes to the builder). Hover
   * moves of a pen with any other tool are dropped (no laser trail).
   */
  private route(e: PenEvent, builder: StrokeBuilder): void {
    if (this.pressing.has(e.penId)) {
      if (e.kind === 'up' || e.kind === 'cancel' || e.kind === 'disconnect') this.pressing.delete(e.penId);
      builder.handle(e);
      return;
    }
    if (e.kind === 'page' && this.pointerDown.has(e.penId) && isPuiGatePage(e.page)) {
      this.pointerDown.delete(e.penId);
      this.pressing.add(e.penId);
      builder.handle({ kind: 'down', penId: e.penId, timeMs: e.timeMs });
      builder.handle(e);
      return;
    }
    const tool = this.options.editor.getState().penSettings(e.penId).tool;
    // the laser pointer belongs to the pointer tool: other tools' hover moves show nothing
    if (e.kind === 'hover' && tool !== 'pointer') return;
    if (tool === 'pointer' || this.pointerDown.has(e.penId)) {
      if (e.kind === 'down') {
        this.pointerDown.add(e.penId);
        return;
      }
      if (e.kind === 'up' || e.kind === 'cancel' || e.kind === 'disconnect') {
        this.pointerDown.delete(e.penId);
        if (e.kind !== 'disconnect') return;
      }
      if (e.kind === 'move') {
        builder.handle({ kind: 'hover', penId: e.penId, timeMs: e.timeMs, xNu: e.xNu, yNu: e.yNu });
        return;
      }
    }
    builder.handle(e);
  }

  private inkListener(): StrokeBuilderListener {
    return {
      strokeStarted: (live) => {
        if (live.role === 'eraser') {
          this.eraserOf.set(live.key, this.options.editor.getState().eraserMode);
          return;
        }
        if (live.role === 'ink') this.showPage(live.page);
      },
      strokeDots: (live, from) => {
        if (live.role !== 'eraser') return;
        const mode = this.eraserOf.get(live.key) ?? this.options.editor.getState().eraserMode;
        this.erasers?.[mode].dots(live, from);
      },
      strokeCompleted: (stroke, role) => {
        if (role === 'eraser') {
          const mode = this.eraserOf.get(stroke.key) ?? this.options.editor.getState().eraserMode;
          this.eraserOf.delete(stroke.key);
          this.erasers?.[mode].completed(stroke);
          return;
        }
        if (role !== 'ink' || !this.session) return;
        if (this.session.pageIndexOf(stroke.page) < 0) return;
        this.session.addStrokes([stroke]);
      },
    };
  }

  /** Creates the page a pen writes on if needed, and shows it. */
  private showPage(address: PageAddress): void {
    const session = this.session;
    if (!session) return;
    const editor = this.options.editor.getState();
    const known = session.pageIndexOf(address);
    if (known >= 0) {
      if (known !== editor.pageIndex) editor.setPageIndex(known);
      return;
    }
    session.ensurePage(address).catch((error) => this.options.onError?.(error));
    const index = session.pageIndexOf(address);
    if (index >= 0) editor.setPageIndex(index);
  }
}

/** Control pages are paper buttons (pui), 3.1013.1.15 is dropped, everything else is ink. */
function controlPageKind(page: PageAddress): PageKind {
  return isDroppedPuiPage(page) ? 'dropped' : isPuiGatePage(page) ? 'pui' : 'ink';
}
