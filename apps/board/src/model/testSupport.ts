/** Test helpers for the model: an in-memory database, a hand-moved clock and manual timers. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { BoardRepository } from './boardRepository';
import type { Timers } from './boardSession';
import { openBoardDb } from './db';
import { counterIds } from './ids';

export function memoryRepository(startMs = 1_700_000_000_000) {
  let now = startMs;
  const clock = { nowMs: () => now };
  const db = openBoardDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const repo = new BoardRepository(db, clock, counterIds('id'));
  return { db, repo, clock, advance: (ms: number) => (now += ms) };
}

/** Timers that run only when told. */
export function manualTimers(): Timers & { runAll(): void; readonly pending: number } {
  let tasks: (() => void)[] = [];
  return {
    setTimer(_delay, task) {
      tasks.push(task);
      return () => {
        tasks = tasks.filter((t) => t !== task);
      };
    },
    runAll() {
      const run = tasks;
      tasks = [];
      for (const t of run) t();
    },
    get pending() {
      return tasks.length;
    },
  };
}
