/**
 * The live-lesson bench's CPU readings: each browser's processes by type (Chromium's
 * SystemInfo), the server processes (Linux /proc), and cores used between two readings.
 */
import type { Browser } from 'playwright-core';
import type { RealServer } from '../../../e2e/support/realServer';
import { processCpuMs } from '../processCpu';

/** CPU seconds a browser's processes used so far, by process type (browser, renderer, gpu, utility). */
async function browserCpuS(browser: Browser): Promise<Record<string, number>> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; cpuTime: number }[];
    };
    const out: Record<string, number> = {};
    for (const p of info.processInfo) out[p.type] = (out[p.type] ?? 0) + p.cpuTime;
    return out;
  } finally {
    await cdp.detach();
  }
}

/** CPU seconds a process used so far (Linux /proc; 0 where there is none: not started, or ended). */
function processCpuS(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    return processCpuMs(pid) / 1000;
  } catch {
    return 0;
  }
}

export type CpuSeconds = Record<string, number>;

/** CPU seconds so far of the teacher's browser and the stations' browsers (by process type), and the server(s). */
export async function cpuNow(
  teacher: Browser,
  stations: readonly Browser[],
  servers: readonly RealServer[],
): Promise<{ teacher: CpuSeconds; stations: CpuSeconds; server: number }> {
  const stationsS: CpuSeconds = {};
  for (const b of stations)
    for (const [type, s] of Object.entries(await browserCpuS(b)))
      stationsS[type] = (stationsS[type] ?? 0) + s;
  return {
    teacher: await browserCpuS(teacher),
    stations: stationsS,
    server: [...new Set(servers)].reduce((s, r) => s + processCpuS(r.pid()), 0),
  };
}

/** Cores each process type used between two readings over `seconds` (a process that ended: 0). */
function coresByType(before: CpuSeconds, after: CpuSeconds, seconds: number): [string, number][] {
  return Object.keys(after).map((type) => [type, Math.max(0, after[type]! - (before[type] ?? 0)) / seconds]);
}

/** Cores used in all, every process type together. */
export function coresTotal(before: CpuSeconds, after: CpuSeconds, seconds: number): number {
  return coresByType(before, after, seconds).reduce((s, [, c]) => s + c, 0);
}

/** Cores used between two readings over `seconds`, in total and by process type. */
export function coresUsed(before: CpuSeconds, after: CpuSeconds, seconds: number): string {
  const by = coresByType(before, after, seconds)
    .filter(([, c]) => c >= 0.005)
    .sort((a, b) => b[1] - a[1]);
  return `${coresTotal(before, after, seconds).toFixed(2)} (${by.map(([t, c]) => `${t} ${c.toFixed(2)}`).join(', ')})`;
}
