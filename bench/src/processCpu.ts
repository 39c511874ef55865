/**
 * CPU time a process has used (user + system), read from Linux's `/proc/PID/stat`: how the
 * cluster and capacity benches charge the server processes, apart from the bench's own clients.
 * Not a bench file itself.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** User and system CPU milliseconds used so far by process `pid` (Linux `/proc/PID/stat`). */
function statTimesMs(pid: number): { userMs: number; systemMs: number } {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name (2nd field) is in parentheses and may hold spaces: count from after it
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    userMs: (Number(fields[11]) * 1000) / ticksPerSecond,
    systemMs: (Number(fields[12]) * 1000) / ticksPerSecond,
  };
}

/** CPU milliseconds used so far by process `pid` (Linux). */
export function processCpuMs(pid: number): number {
  const { userMs, systemMs } = statTimesMs(pid);
  return userMs + systemMs;
}

/** Where a process's CPU went so far: user and system time, and its threads' context switches. */
export interface CpuDetail {
  readonly userMs: number;
  readonly systemMs: number;
  /** Switches away while waiting (for I/O, a timer, a lock), summed over the threads. */
  readonly voluntary: number;
  /** Switches away while runnable (its time slice given to another process), summed over the threads. */
  readonly involuntary: number;
}

/** {@link CpuDetail} of all of `pids` so far (Linux `/proc`; threads that ended are not counted). */
export function cpuDetail(pids: readonly number[]): CpuDetail {
  let userMs = 0;
  let systemMs = 0;
  let voluntary = 0;
  let involuntary = 0;
  for (const pid of pids) {
    const times = statTimesMs(pid);
    userMs += times.userMs;
    systemMs += times.systemMs;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let status = '';
      try {
        status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      } catch {
        continue; // the thread ended meanwhile
      }
      voluntary += Number(/^voluntary_ctxt_switches:\s*(\d+)/m.exec(status)?.[1] ?? 0);
      involuntary += Number(/^nonvoluntary_ctxt_switches:\s*(\d+)/m.exec(status)?.[1] ?? 0);
    }
  }
  return { userMs, systemMs, voluntary, involuntary };
}

/** `after` − `before`, field by field. */
export function cpuDetailSince(before: CpuDetail, after: CpuDetail): CpuDetail {
  return {
    userMs: after.userMs - before.userMs,
    systemMs: after.systemMs - before.systemMs,
    voluntary: after.voluntary - before.voluntary,
    involuntary: after.involuntary - before.involuntary,
  };
}

/** CPU milliseconds used so far by all of `pids`. */
export function totalCpuMs(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
}

/** `pid` and its children's pids (nginx: the master and its workers), from Linux's `/proc`. */
export function withChildren(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
  } catch {
    return [pid];
  }
}
