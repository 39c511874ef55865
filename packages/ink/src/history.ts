/**
 * Undo and redo of ink store operations (add, erase, split — any {@link InkEdit}).
 *
 * Each step is the edit as applied; undo applies its inverse, redo the edit again. Steps live in
 * scopes: the default is one global scope (a single-user board: undo undoes the last thing done).
 * Pass a scope per writer (e.g. the writerId) where several people write at once, so each undoes
 * only their own steps. A step whose strokes were changed since by someone else (another scope,
 * a remote party) no longer applies: undo and redo skip it (logging a warning) and go on to the
 * next one, so they never overwrite others' work. Each scope keeps at most `maxDepth` steps (the
 * oldest are forgotten); recording a new step clears that scope's redo steps.
 */
import { type Logger, silentLogger } from '@dotink/ncode';
import { type InkEdit, invertEdit, isEmptyEdit } from './inkEdit';
import type { InkStore } from './inkStore';
import type { Stroke } from './types';

/** Default number of undo steps kept per scope. */
export const DEFAULT_HISTORY_DEPTH = 100;

/** The scope used when none is given. */
export const GLOBAL_SCOPE = '*';

export interface HistoryOptions {
  readonly maxDepth?: number;
  readonly logger?: Logger;
}

interface Stacks {
  undo: InkEdit[];
  redo: InkEdit[];
}

/** Undo/redo stacks over one ink store. */
export class InkHistory {
  private readonly scopes = new Map<string, Stacks>();
  private readonly maxDepth: number;
  private readonly logger: Logger;

  constructor(
    private readonly store: InkStore,
    options: HistoryOptions = {},
  ) {
    this.maxDepth = Math.max(1, options.maxDepth ?? DEFAULT_HISTORY_DEPTH);
    this.logger = options.logger ?? silentLogger;
  }

  /** Applies an edit to the store and records it. Throws (recording nothing) if it does not apply. */
  apply(edit: InkEdit, scope: string = GLOBAL_SCOPE): void {
    this.store.applyEdit(edit);
    this.record(edit, scope);
  }

  /** Adds strokes to the store as one undoable step. */
  addStrokes(strokes: readonly Stroke[], scope: string = GLOBAL_SCOPE): void {
    this.apply({ added: strokes, removed: [], replaced: [] }, scope);
  }

  /** Records an edit already applied to the store (e.g. by the live eraser). */
  record(edit: InkEdit, scope: string = GLOBAL_SCOPE): void {
    if (isEmptyEdit(edit)) return;
    const s = this.stacks(scope);
    s.undo.push(edit);
    if (s.undo.length > this.maxDepth) s.undo.splice(0, s.undo.length - this.maxDepth);
    s.redo.length = 0;
  }

  /** Undoes the scope's last applicable step; returns it, or `undefined` if there was none. */
  undo(scope: string = GLOBAL_SCOPE): InkEdit | undefined {
    const s = this.scopes.get(scope);
    while (s && s.undo.length > 0) {
      const edit = s.undo.pop()!;
      const inverse = invertEdit(edit);
      if (!this.store.canApply(inverse)) {
        this.logger.warn('history: skipped an undo step whose strokes changed since', scope);
        continue;
      }
      this.store.applyEdit(inverse);
      s.redo.push(edit);
      return edit;
    }
    return undefined;
  }

  /** Redoes the scope's last undone step; returns it, or `undefined` if there was none. */
  redo(scope: string = GLOBAL_SCOPE): InkEdit | undefined {
    const s = this.scopes.get(scope);
    while (s && s.redo.length > 0) {
      const edit = s.redo.pop()!;
      if (!this.store.canApply(edit)) {
        this.logger.warn('history: skipped a redo step whose strokes changed since', scope);
        continue;
      }
      this.store.applyEdit(edit);
      s.undo.push(edit);
      return edit;
    }
    return undefined;
  }

  canUndo(scope: string = GLOBAL_SCOPE): boolean {
    return (this.scopes.get(scope)?.undo.length ?? 0) > 0;
  }

  canRedo(scope: string = GLOBAL_SCOPE): boolean {
    return (this.scopes.get(scope)?.redo.length ?? 0) > 0;
  }

  /** Steps that can be undone in the scope. */
  undoDepth(scope: string = GLOBAL_SCOPE): number {
    return this.scopes.get(scope)?.undo.length ?? 0;
  }

  /** Steps that can be redone in the scope. */
  redoDepth(scope: string = GLOBAL_SCOPE): number {
    return this.scopes.get(scope)?.redo.length ?? 0;
  }

  /** Forgets one scope's steps, or every scope's. */
  clear(scope?: string): void {
    if (scope === undefined) this.scopes.clear();
    else this.scopes.delete(scope);
  }

  private stacks(scope: string): Stacks {
    let s = this.scopes.get(scope);
    if (!s) {
      s = { undo: [], redo: [] };
      this.scopes.set(scope, s);
    }
    return s;
  }
}

/** An undo/redo history over a store. */
export function createHistory(store: InkStore, options?: HistoryOptions): InkHistory {
  return new InkHistory(store, options);
}
