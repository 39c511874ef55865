import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { describeFileStore } from '../../test/fileStoreContract';
import { diskFileStore } from './diskFileStore';

const root = mkdtempSync(join(tmpdir(), 'dotink-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const store = diskFileStore(join(root, 'store'));
describeFileStore('disk', () => ({
  store,
  async leftovers() {
    const tmp = join(root, 'store', 'tmp');
    return existsSync(tmp) ? readdirSync(tmp) : [];
  },
  // A broken disk: the store's directory is a file (every call fails with ENOTDIR or EEXIST).
  async outage() {
    renameSync(join(root, 'store'), join(root, 'away'));
    writeFileSync(join(root, 'store'), 'not a directory');
    return {
      async end() {
        rmSync(join(root, 'store'));
        renameSync(join(root, 'away'), join(root, 'store'));
      },
    };
  },
}));
