import { describe, expect, it } from 'vitest';
import { CONNECTION_EVENT_MS, penClockScheduler } from './penClock';

/** Waits until `done()` holds (timers fire late on a loaded machine), at most 5 s. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('penClockScheduler (the simulated pens of a page share one clock)', () => {
  it('counts a timer set from a timer from its planned time, runs due timers in order, never early', async () => {
    const clock = penClockScheduler();
    const start = clock.nowMs();
    const ran: { name: string; at: number; planned: number }[] = [];
    const record = (name: string, planned: number) => () => ran.push({ name, at: clock.nowMs(), planned });
    clock.setTimer(20, () => {
      record('a', start + 20)();
      // 10 ms after a's planned time, however late a ran
      clock.setTimer(10, record('a+10', start + 30));
      clock.setTimer(0, record('a+0', start + 20));
    });
    clock.setTimer(25, record('b', start + 25));
    const cancelled = clock.setTimer(5, record('never', start + 5));
    cancelled();
    await until(() => ran.length >= 4);
    await new Promise((r) => setTimeout(r, 20)); // the cancelled timer's time is long past
    expect(ran.map((r) => r.name)).toEqual(['a', 'a+0', 'b', 'a+10']);
    for (const r of ran) expect(r.at).toBeGreaterThanOrEqual(r.planned);
  });

  it('runs the timers planned within one connection interval in one task, at its connection event', async () => {
    const clock = penClockScheduler();
    // three timers planned 1, 3 and 6 ms into a connection interval that starts well ahead
    const interval = Math.ceil(clock.nowMs() / CONNECTION_EVENT_MS + 2) * CONNECTION_EVENT_MS;
    const order: string[] = [];
    for (const offset of [1, 3, 6]) {
      const planned = interval + offset;
      clock.setTimer(planned - clock.nowMs(), () => {
        order.push(clock.nowMs() >= planned ? `ran ${offset}` : `early ${offset}`);
        // a microtask runs when its task ends: after all three only if they share the task
        queueMicrotask(() => order.push(`after ${offset}`));
      });
    }
    await until(() => order.length >= 6);
    expect(order).toEqual(['ran 1', 'ran 3', 'ran 6', 'after 1', 'after 3', 'after 6']);
  });

  it('keeps running the other timers when one throws, and reports the error', async () => {
    const clock = penClockScheduler();
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on('uncaughtException', onError);
    try {
      const ran: string[] = [];
      clock.setTimer(5, () => {
        throw new Error('pen failed');
      });
      clock.setTimer(5, () => ran.push('other pen'));
      clock.setTimer(15, () => ran.push('later'));
      await until(() => ran.length >= 2);
      expect(ran).toEqual(['other pen', 'later']);
      expect(errors.map((e) => (e as Error).message)).toEqual(['pen failed']);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
