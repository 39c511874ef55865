/**
 * CPU time a process has used (user + system), read from Linux's `/proc/PID/stat`: how the
 * cluster and capacity benches charge the server processes, apart from the bench's own clients.
 * Not a bench file itself.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** CPU milliseconds used so far by process `pid` (Linux). */
export function processCpuMs(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name (2nd field) is in parentheses and may hold spaces: count from after it
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticksPerSecond;
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
