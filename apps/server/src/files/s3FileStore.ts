/**
 * The {@link FileStore} on S3-compatible object storage (AWS S3, MinIO, Ceph, R2, …), so that
 * several server processes share one store. Keys are content addresses, as on disk:
 * `<prefix>files/ab/cd/<sha256>`. An upload streams to `<prefix>tmp/<uuid>` (multipart, two
 * 5 MiB part buffers: never the whole file in memory, `s3Upload.ts`) while its sha256 is computed, and is copied
 * to its content key on the storage side when committed; readers never see a half-written
 * object. Downloads stream the object's body through the server (the callers check the caller's
 * rights and set their own headers; see `apps/server/README.md`, "Object storage"), or, with
 * `presignedDownloadSeconds`, are redirects to presigned GETs of the bucket, so that a large
 * download costs the server nothing (streamed, a 100 MB body is 200 MB of short-lived Buffers
 * that V8 collects only when its external-memory limit, 64 MiB, is reached).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectStoreConfig } from '../config';
import { type DownloadAnswer, type FileStore, isSha256, type StagedFile, type StoredFile } from './fileStore';
import { uploadStream } from './s3Upload';

/** How an {@link s3FileStore} reaches its bucket. */
export interface S3FileStoreOptions {
  readonly client: S3Client;
  readonly bucket: string;
  /** Prepended to every key (`''` or ending in `/`), to share a bucket. */
  readonly prefix?: string;
  /** Multipart part size (≥ 5 MiB, S3's minimum); default 5 MiB. An upload holds two parts. */
  readonly partSizeBytes?: number;
  /**
   * Downloads by presigned GET addresses valid this many seconds ({@link FileStore.downloadUrl}),
   * for stores the clients reach; absent: downloads stream through the server.
   */
  readonly presignedDownloadSeconds?: number;
}

/** S3's smallest multipart part (the last part may be smaller). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

/** An S3 client for the configured store (path-style addressing for MinIO, s3rver, Ceph…). */
export function s3ClientFor(config: ObjectStoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Many S3-compatible stores do not know the SDK's newer default checksums; the content
    // address already names the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** True when the storage answered that the key (or bucket) does not exist. */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}

/** `chunks` as Buffers (no copy). */
async function* asBuffers(content: Uint8Array | AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  const chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> =
    content instanceof Uint8Array ? [content] : content;
  for await (const chunk of chunks) {
    if (chunk.byteLength > 0) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

/**
 * Checks at start that the bucket exists and the credentials reach it, so a misconfigured
 * server stops with the reason instead of failing its first upload.
 */
export async function checkBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode})` : '';
    throw new Error(`object storage: bucket "${bucket}" is not reachable${status}: ${String(error)}`, {
      cause: error,
    });
  }
}

/** A content-addressed store in `bucket` (which must exist). */
export function s3FileStore(options: S3FileStoreOptions): FileStore {
  const { client, bucket } = options;
  const prefix = options.prefix ?? '';
  const partSize = Math.max(MIN_PART_BYTES, options.partSizeBytes ?? MIN_PART_BYTES);
  const keyOf = (sha256: string) => `${prefix}files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;

  const remove = (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));

  const exists = async (key: string): Promise<boolean> => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };

  /** The object's body as a stream, or undefined when there is no such object. */
  const open = async (key: string, range?: string): Promise<Readable | undefined> => {
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: range } : {}) }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };

  const readWhole = async (key: string): Promise<Uint8Array | undefined> => {
    const body = await open(key);
    if (!body) return undefined;
    const parts: Buffer[] = [];
    for await (const part of body) parts.push(part as Buffer);
    return new Uint8Array(Buffer.concat(parts));
  };

  const stage = async (content: Uint8Array | AsyncIterable<Uint8Array>): Promise<StagedFile> => {
    const tmpKey = `${prefix}tmp/${randomUUID()}`;
    const hash = createHash('sha256');
    let sizeBytes = 0;
    async function* hashed(): AsyncGenerator<Buffer> {
      for await (const chunk of asBuffers(content)) {
        hash.update(chunk);
        sizeBytes += chunk.byteLength;
        yield chunk;
      }
    }
    // When the stream throws, its own error comes back and no object is left (s3Upload.ts).
    await uploadStream({ client, bucket, key: tmpKey, partSize }, hashed());
    const sha256 = hash.digest('hex');
    const stored: StoredFile = { sha256, sizeBytes };
    /** `length` bytes of the staged object from `offset` (a ranged GET; the caller clamps). */
    const readRange = async (offset: number, length: number): Promise<Uint8Array> => {
      if (length <= 0) return new Uint8Array(0);
      const body = await open(tmpKey, `bytes=${offset}-${offset + length - 1}`);
      if (!body) throw new Error(`staged object ${tmpKey} is gone`);
      const into = Buffer.allocUnsafe(length);
      let filled = 0;
      for await (const part of body) {
        const chunk = part as Buffer;
        filled += chunk.copy(into, filled, 0, Math.min(chunk.byteLength, length - filled));
      }
      return new Uint8Array(into.buffer, into.byteOffset, filled);
    };
    let settled = false;
    return {
      ...stored,
      head(maxBytes) {
        return readRange(0, Math.min(maxBytes, sizeBytes));
      },
      range(offset, length) {
        const from = Math.min(Math.max(0, offset), sizeBytes);
        return readRange(from, Math.min(Math.max(0, length), sizeBytes - from));
      },
      async bytes() {
        if (sizeBytes === 0) return new Uint8Array(0);
        const whole = await readWhole(tmpKey);
        if (!whole) throw new Error(`staged object ${tmpKey} is gone`);
        return whole;
      },
      async commit() {
        if (!settled) {
          settled = true;
          const target = keyOf(sha256);
          if (!(await exists(target))) {
            // A copy inside the storage: the bytes do not pass through this process again.
            await client.send(
              new CopyObjectCommand({
                Bucket: bucket,
                Key: target,
                CopySource: `${bucket}/${tmpKey.split('/').map(encodeURIComponent).join('/')}`,
              }),
            );
          }
          await remove(tmpKey);
        }
        return stored;
      },
      async discard() {
        if (settled) return;
        settled = true;
        await remove(tmpKey);
      },
    };
  };

  const presignSeconds = options.presignedDownloadSeconds;
  /** A presigned GET of the object answering with `answer`'s headers, once it is known to exist. */
  const downloadUrl = async (sha256: string, answer: DownloadAnswer): Promise<string | undefined> => {
    if (!isSha256(sha256) || !(await exists(keyOf(sha256)))) return undefined;
    const get = new GetObjectCommand({
      Bucket: bucket,
      Key: keyOf(sha256),
      ResponseContentType: answer.contentType,
      ResponseContentDisposition: answer.contentDisposition,
      ResponseCacheControl: answer.cacheControl,
    });
    return getSignedUrl(client, get, { expiresIn: presignSeconds });
  };

  return {
    ...(presignSeconds ? { downloadUrl } : {}),

    async put(content) {
      return (await stage(content)).commit();
    },

    stage,

    async get(sha256) {
      if (!isSha256(sha256)) return undefined;
      return readWhole(keyOf(sha256));
    },

    async has(sha256) {
      return isSha256(sha256) && exists(keyOf(sha256));
    },

    async stream(sha256) {
      if (!isSha256(sha256)) return undefined;
      return open(keyOf(sha256));
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
