import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptPrintWorkers, type PrintWorkerHandle } from './createPrintWorker';
import type { PortLike } from './workerProtocol';

function starter() {
  const started: { id: number; terminated: number }[] = [];
  const start = (): PrintWorkerHandle => {
    const w = { id: started.length + 1, terminated: 0 };
    started.push(w);
    return { port: { id: w.id } as unknown as PortLike, terminate: () => void w.terminated++ };
  };
  return { started, start };
}
const idOf = (h: PrintWorkerHandle) => (h.port as unknown as { id: number }).id;

describe('keptPrintWorkers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a released worker to the next print instead of starting one', () => {
    const { started, start } = starter();
    const workers = keptPrintWorkers(start, 1000);
    const first = workers();
    first.release!();
    const second = workers();
    expect(idOf(second)).toBe(idOf(first));
    expect(started).toHaveLength(1);
    expect(started[0]!.terminated).toBe(0);
  });

  it('ends a terminated worker (a failed print) and starts a new one for the next print', () => {
    const { started, start } = starter();
    const workers = keptPrintWorkers(start, 1000);
    const first = workers();
    first.terminate();
    first.release!(); // after terminate: ignored
    expect(idOf(workers())).toBe(2);
    expect(started.map((w) => w.terminated)).toEqual([1, 0]);
  });

  it('ends the idle worker after the idle time', () => {
    vi.useFakeTimers();
    const { started, start } = starter();
    const workers = keptPrintWorkers(start, 1000);
    workers().release!();
    vi.advanceTimersByTime(999);
    expect(started[0]!.terminated).toBe(0);
    vi.advanceTimersByTime(1);
    expect(started[0]!.terminated).toBe(1);
    expect(idOf(workers())).toBe(2);
  });

  it('keeps one idle worker: of two prints at once, the second released worker ends', () => {
    vi.useFakeTimers();
    const { started, start } = starter();
    const workers = keptPrintWorkers(start, 1000);
    const a = workers();
    const b = workers();
    a.release!();
    b.release!();
    expect(started.map((w) => w.terminated)).toEqual([0, 1]);
    const c = workers();
    expect(idOf(c)).toBe(1);
    // reused: the idle timer of its earlier release no longer ends it
    vi.advanceTimersByTime(5000);
    expect(started[0]!.terminated).toBe(0);
  });
});
