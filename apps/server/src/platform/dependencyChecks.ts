/**
 * Readiness checks of what the server depends on besides its database (see `readiness.ts`):
 * the file store answers, the realtime bus listens.
 */
import type { FileStore } from '../files/fileStore';
import type { RealtimeBus } from '../realtime/bus';
import type { ReadinessCheck } from './readiness';

/** The file store (disk directory or bucket) answers. */
export function fileStoreCheck(files: Pick<FileStore, 'check'>): ReadinessCheck {
  return {
    name: 'files',
    async check() {
      await files.check();
    },
  };
}

/** The realtime bus listens (across processes: its PostgreSQL connection is up). */
export function busCheck(bus: Pick<RealtimeBus, 'listening'>): ReadinessCheck {
  return {
    name: 'bus',
    async check() {
      if (!bus.listening) throw new Error('not listening (PostgreSQL unreachable): reconnecting');
    },
  };
}
