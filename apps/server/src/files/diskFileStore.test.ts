import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { describeFileStore } from '../../test/fileStoreContract';
import { diskFileStore } from './diskFileStore';

const root = mkdtempSync(join(tmpdir(), 'dotink-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const store = diskFileStore(root);
describeFileStore('disk', () => ({
  store,
  async leftovers() {
    const tmp = join(root, 'tmp');
    return existsSync(tmp) ? readdirSync(tmp) : [];
  },
}));
