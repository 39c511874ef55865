/**
 * The bookkeeping every pen kind shares: its listeners, its state and its id. Pen kinds compose
 * one of these rather than inheriting from a base class.
 */
import type { PenEvent, PenId } from '@dotink/ink';
import { type Listeners, listeners } from '../transports/listeners';
import type { PenConnectionState, PenStateChange } from './pen';

/** Mutable state and listener sets behind a {@link Pen}. */
export interface PenCore {
  penId: PenId;
  state: PenConnectionState;
  readonly events: Listeners<PenEvent>;
  readonly states: Listeners<PenStateChange>;
  /** Sets the state and tells listeners (only when it changes, or when extra info comes). */
  setState(state: PenConnectionState, extra?: { errorCode?: number; message?: string }): void;
}

/** A fresh core, disconnected. */
export function penCore(penId: PenId): PenCore {
  const core: PenCore = {
    penId,
    state: 'disconnected',
    events: listeners<PenEvent>(),
    states: listeners<PenStateChange>(),
    setState(state, extra) {
      if (state === core.state && !extra) return;
      core.state = state;
      core.states.emit({ state, penId: core.penId, ...extra });
    },
  };
  return core;
}
