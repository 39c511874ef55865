/**
 * What the station's screen reads of the upload queue (issue 16): the queue changes with every
 * completed stroke (stored, gathered, uploading, saved), about 15 times a second for a station of
 * ten pupils writing, and a render of the station for each was a large part of its tab's work
 * beside the pens. The view tells React at once what the pupil must see at once — the first
 * stroke not saved yet, all saved, a failure, a retry, a pupil who must sign in again, the store
 * read — and only counts moving at most every {@link QUEUE_VIEW_MS}.
 *
 * Pure: the source and the timers are given.
 */
import type { QueueState, QueueTimers } from './uploadQueue';

/** How often at most the screen hears that only counts moved (ms). */
export const QUEUE_VIEW_MS = 250;

/** Something React reads with `useSyncExternalStore`. */
export interface Observable<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

/** Two sets of ids with the same members. */
export const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  a.size === b.size && [...a].every((x) => b.has(x));

/** A change of the queue the pupil must see at once (not only a count that moved). */
export function urgentQueueChange(shown: QueueState, now: QueueState): boolean {
  return (
    shown.loaded !== now.loaded ||
    shown.pending > 0 !== now.pending > 0 ||
    shown.error !== now.error ||
    shown.attempt !== now.attempt ||
    !sameSet(shown.signInNeeded, now.signInNeeded)
  );
}

/** A view of `source` that tells urgent changes at once and the others at most every `everyMs`. */
export function coalescedView<T>(
  source: Observable<T>,
  timers: QueueTimers,
  urgent: (shown: T, now: T) => boolean,
  everyMs = QUEUE_VIEW_MS,
): Observable<T> & { close(): void } {
  let shown = source.get();
  let timer: unknown;
  const listeners = new Set<() => void>();
  const tell = () => {
    shown = source.get();
    for (const l of [...listeners]) l();
  };
  const stop = source.subscribe(() => {
    const now = source.get();
    if (now === shown) return;
    if (urgent(shown, now)) {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      tell();
      return;
    }
    if (timer !== undefined) return;
    timer = timers.setTimeout(() => {
      timer = undefined;
      tell();
    }, everyMs);
  });
  return {
    get: () => shown,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      stop();
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
