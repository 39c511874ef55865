/**
 * A ready-made {@link PenHost} for an app without a store of its own (the classroom): the
 * connecting flag, the connected pens, the password being asked and the last message, kept in a
 * small observable record that React reads with {@link usePenStatus}.
 */
import type { PasswordPrompt } from '@dotink/pen';
import { useSyncExternalStore } from 'react';
import type { PenHost, PenListing, PenMessage } from './penConnection';

/** The password question open now. */
export interface PendingPassword {
  readonly prompt: PasswordPrompt;
  /** Answers it (undefined: give up). */
  readonly resolve: (password: string | undefined) => void;
}

export interface PenStatusState {
  readonly connecting: boolean;
  readonly pens: readonly PenListing[];
  readonly password: PendingPassword | undefined;
  /** The message to show (until {@link PenStatus.dismiss}). */
  readonly message: PenMessage | undefined;
}

/** The observable pen status and the host that fills it. */
export interface PenStatus {
  readonly host: PenHost;
  get(): PenStatusState;
  subscribe(listener: () => void): () => void;
  /** Forgets the message shown. */
  dismiss(): void;
}

/** Makes a pen status; `onError` gets failures that are not the pen's. */
export function createPenStatus(onError?: (error: unknown) => void): PenStatus {
  let state: PenStatusState = { connecting: false, pens: [], password: undefined, message: undefined };
  const listeners = new Set<() => void>();
  const set = (change: Partial<PenStatusState>) => {
    state = { ...state, ...change };
    for (const l of listeners) l();
  };
  const host: PenHost = {
    askPassword: (prompt) =>
      new Promise((resolve) => {
        set({
          password: {
            prompt,
            resolve: (password) => {
              set({ password: undefined });
              resolve(password);
            },
          },
        });
      }),
    show: (message) => set({ message }),
    setConnecting: (connecting) => set({ connecting }),
    setPens: (pens) => set({ pens }),
    ...(onError ? { onError } : {}),
  };
  return {
    host,
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dismiss: () => set({ message: undefined }),
  };
}

/** The pen status, re-rendering on each change. */
export function usePenStatus(status: PenStatus): PenStatusState {
  return useSyncExternalStore(status.subscribe, status.get, status.get);
}
