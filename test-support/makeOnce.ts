/**
 * Makes a file or folder once per content key, shared by every test file of a run (and later
 * runs while the key holds): the first process to need it makes it under a lock directory, the
 * others wait. Used for work that costs seconds and never changes within a run (a migrated
 * database, a production build of a web app).
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const STALE_LOCK_MS = 300_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Answers `target` once it exists, making it first if needed: `make(tmp)` writes `tmp` (a file
 * or a folder), which is then renamed to `target`. A lock left by a dead process is broken after
 * five minutes.
 */
export async function makeOnce(target: string, make: (tmp: string) => Promise<void>): Promise<string> {
  mkdirSync(dirname(target), { recursive: true });
  const lock = `${target}.lock`;
  while (!existsSync(target)) {
    try {
      mkdirSync(lock);
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS)
          rmSync(lock, { recursive: true, force: true });
      } catch {}
      await sleep(250);
      continue;
    }
    try {
      if (!existsSync(target)) {
        const tmp = `${target}.${process.pid}.tmp`;
        rmSync(tmp, { recursive: true, force: true });
        try {
          await make(tmp);
          renameSync(tmp, target);
        } finally {
          rmSync(tmp, { recursive: true, force: true });
        }
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return target;
}
