/**
 * Readiness checks of what the server depends on besides its database (see `readiness.ts`):
 * the file store answers, the realtime bus listens.
 */
import type { FileStore } from '../files/fileStore';
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
