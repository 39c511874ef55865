/** Test support: timers a test fires by hand, in the order they were set (the station's tests). */
export function manualTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  return {
    pending,
    setTimeout: (fn: () => void, ms: number) => {
      const t = { fn, ms };
      pending.push(t);
      return t;
    },
    clearTimeout: (h: unknown) => {
      const i = pending.indexOf(h as never);
      if (i >= 0) pending.splice(i, 1);
    },
    /** Fires the oldest timer; answers its delay (undefined when none was set). */
    fire(): number | undefined {
      const t = pending.shift();
      t?.fn();
      return t?.ms;
    },
  };
}
