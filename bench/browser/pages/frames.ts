/** Waiting in the harness pages: animation frames and wall-clock time. */

/** Resolves after `n` animation frames. */
export function frames(n = 1): Promise<void> {
  return new Promise((resolve) => {
    let left = n;
    const step = () => {
      if (--left <= 0) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/** Resolves after `ms` (wall clock). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
