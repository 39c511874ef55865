/**
 * The {@link FileStore} on a local directory: `<root>/ab/cd/<sha256>`. Writes go to a temporary
 * file (`<root>/tmp/`) first and are renamed into place, so readers never see a half-written
 * file; a staged file stays there until it is committed or discarded.
 */
import { createHash, randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { type FileStore, isSha256, type StagedFile } from './fileStore';

/** True for "no such file": the only error that means a file is absent, not that the disk failed. */
function isMissing(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'ENOENT';
}

/** `length` bytes of the file at `path` from `offset` (fewer at its end). */
async function readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
  if (length <= 0) return new Uint8Array(0);
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, offset);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * A content-addressed store under `root` (created on first write). Only a missing file is
 * answered as absent; any other I/O error (a full or unreadable disk, a root that is not a
 * directory) is thrown, so callers report a failing store instead of a missing file.
 */
export function diskFileStore(root: string): FileStore {
  const pathOf = (sha256: string) => join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  const exists = async (path: string) => {
    try {
      return (await stat(path)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };

  const stage = async (content: Uint8Array | AsyncIterable<Uint8Array>): Promise<StagedFile> => {
    const tmpDir = join(root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, randomUUID());
    const hash = createHash('sha256');
    let sizeBytes = 0;
    const handle = await open(tmp, 'w');
    try {
      const chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> =
        content instanceof Uint8Array ? [content] : content;
      for await (const chunk of chunks) {
        hash.update(chunk);
        sizeBytes += chunk.byteLength;
        await handle.write(chunk);
      }
    } catch (error) {
      await handle.close();
      await rm(tmp, { force: true });
      throw error;
    }
    await handle.close();
    const sha256 = hash.digest('hex');
    let settled = false;
    return {
      sha256,
      sizeBytes,
      head(maxBytes) {
        return readRange(tmp, 0, Math.min(maxBytes, sizeBytes));
      },
      range(offset, length) {
        const from = Math.min(Math.max(0, offset), sizeBytes);
        return readRange(tmp, from, Math.min(Math.max(0, length), sizeBytes - from));
      },
      async bytes() {
        return new Uint8Array(await readFile(tmp));
      },
      async commit() {
        if (!settled) {
          settled = true;
          const target = pathOf(sha256);
          if (await exists(target)) {
            await rm(tmp, { force: true });
          } else {
            await mkdir(join(root, sha256.slice(0, 2), sha256.slice(2, 4)), { recursive: true });
            await rename(tmp, target);
          }
        }
        return { sha256, sizeBytes };
      },
      async discard() {
        if (settled) return;
        settled = true;
        await rm(tmp, { force: true });
      },
    };
  };

  return {
    async put(content) {
      return (await stage(content)).commit();
    },

    stage,

    async get(sha256) {
      if (!isSha256(sha256)) return undefined;
      try {
        return new Uint8Array(await readFile(pathOf(sha256)));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async has(sha256) {
      return isSha256(sha256) && exists(pathOf(sha256));
    },

    async stream(sha256): Promise<Readable | undefined> {
      if (!isSha256(sha256) || !(await exists(pathOf(sha256)))) return undefined;
      return createReadStream(pathOf(sha256));
    },

    async check() {
      await mkdir(join(root, 'tmp'), { recursive: true });
      await access(join(root, 'tmp'), constants.R_OK | constants.W_OK);
    },
  };
}
