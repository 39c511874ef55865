/**
 * The count of the teacher's connected pens for the shell's pen icon (classroom.md §2 top bar,
 * §4 "Pen: connected or disconnected events update the count of connected pens"): the screens
 * that connect pens publish their count here.
 */
import { useSyncExternalStore } from 'react';

const counts = new Map<object, number>();
const listeners = new Set<() => void>();
let total = 0;

/** Sets the count of connected pens of `owner` (0 when it closes). */
export function publishPenCount(owner: object, count: number): void {
  if (count === 0) counts.delete(owner);
  else counts.set(owner, count);
  const next = [...counts.values()].reduce((a, b) => a + b, 0);
  if (next === total) return;
  total = next;
  for (const l of listeners) l();
}

/** The count of connected pens, re-rendering on each change. */
export function useConnectedPenCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => total,
    () => total,
  );
}
