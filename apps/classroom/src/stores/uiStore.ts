/**
 * The little app state that is neither server data nor URL (style.md §13): the selected class
 * (kept in localStorage across reloads, classroom.md §4), the loading backdrop and the progress
 * dialog. A tiny external store read with `useSyncExternalStore`.
 */
import { useSyncExternalStore } from 'react';

/** The progress dialog of a long job (title, percent, cancel). */
export interface Progress {
  readonly title: string;
  readonly percent: number;
  readonly cancel?: () => void;
}

export interface UiState {
  readonly selectedClassId: number | undefined;
  readonly busy: number;
  readonly progress: Progress | undefined;
}

export const SELECTED_CLASS_KEY = 'dotink-classroom.eduClassId';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Creates the store, reading the selected class from `storage`. */
export function createUiStore(storage: Storage | undefined) {
  const saved = Number(storage?.getItem(SELECTED_CLASS_KEY) ?? '');
  let state: UiState = {
    selectedClassId: Number.isInteger(saved) && saved > 0 ? saved : undefined,
    busy: 0,
    progress: undefined,
  };
  const listeners = new Set<() => void>();
  const set = (next: Partial<UiState>) => {
    state = { ...state, ...next };
    for (const l of [...listeners]) l();
  };
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    selectClass(id: number | undefined) {
      if (id === undefined) storage?.removeItem(SELECTED_CLASS_KEY);
      else storage?.setItem(SELECTED_CLASS_KEY, String(id));
      set({ selectedClassId: id });
    },
    /** Shows the loading backdrop until the returned function is called. */
    busy(): () => void {
      set({ busy: state.busy + 1 });
      let done = false;
      return () => {
        if (done) return;
        done = true;
        set({ busy: state.busy - 1 });
      };
    },
    progress(p: Progress | undefined) {
      set({ progress: p });
    },
  };
}

export type UiStore = ReturnType<typeof createUiStore>;

/** A value of the store, re-rendering when it changes. */
export function useUi<T>(store: UiStore, pick: (s: UiState) => T): T {
  return useSyncExternalStore(store.subscribe, () => pick(store.get()));
}
