/** CPU time and event-loop stalls of work in this process, for the benches. */

/** This process's CPU time in ms (user + system). */
export const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Runs `work` while a 1 ms timer notes the longest gap between its ticks; answers CPU and gap. */
export async function measured(work: () => Promise<unknown>): Promise<{ cpu: number; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 1);
  const before = cpuMs();
  await work();
  const cpu = cpuMs() - before;
  stallMs = Math.max(stallMs, performance.now() - last);
  clearInterval(probe);
  return { cpu, stallMs };
}
