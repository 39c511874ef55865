/**
 * A pen clock that keeps time, for the simulated pens of the browser tests and benches. The
 * simulator stamps each dot with its planned time (pen-down + the sampling intervals) and waits
 * for it with chained timers; on a loaded machine each timer fires late and the lateness adds up
 * over a stroke, so the dots would leave the pen later and later behind their own stamps — which
 * no real pen does. Here a timer set from a timer's task counts from that task's planned time, so
 * a late pen catches up; a 0 ms timer runs as the next message-channel task (Chromium stretches
 * nested 0 ms timeouts to 4 ms, a delay no pen has).
 */
import { type Scheduler, systemScheduler } from '@dotink/pen';

/** Timers counted from the planned time of the task that sets them (a pen's steady clock). */
export function penClockScheduler(): Scheduler {
  const system = systemScheduler();
  const channel = new MessageChannel();
  const due: (() => void)[] = [];
  channel.port1.onmessage = () => due.shift()?.();
  let running: number | undefined;
  return {
    nowMs: system.nowMs,
    setTimer(delayMs, task) {
      const target = (running ?? system.nowMs()) + Math.max(0, delayMs);
      let cancelled = false;
      const run = () => {
        if (cancelled) return;
        const outer = running;
        running = target;
        try {
          task();
        } finally {
          running = outer;
        }
      };
      const wait = target - system.nowMs();
      if (wait > 0) {
        const cancel = system.setTimer(wait, run);
        return () => {
          cancelled = true;
          cancel();
        };
      }
      // due now: the next task (a nested 0 ms setTimeout would wait 4 ms)
      due.push(run);
      channel.port2.postMessage(0);
      return () => {
        cancelled = true;
      };
    },
  };
}
