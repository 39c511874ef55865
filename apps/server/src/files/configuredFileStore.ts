/**
 * The file store a server process uses: S3-compatible object storage when `S3_BUCKET` is set
 * (shared by every process of a district deployment), the local disk (`DATA_DIR/files`) otherwise.
 */
import type { ServerConfig } from '../config';
import { diskFileStore } from './diskFileStore';
import type { FileStore } from './fileStore';
import { checkBucket, s3ClientFor, s3FileStore } from './s3FileStore';

/** The configured store, and where it is (for the start banner). */
export interface ConfiguredFileStore {
  readonly files: FileStore;
  /** e.g. `S3 bucket "files" at http://minio:9000` or `disk (/srv/dotink/data/files)`. */
  readonly where: string;
  /** Releases the store's connections (the S3 client's sockets). */
  close(): void;
}

/**
 * Opens the store `config` names; with object storage, first checks that the bucket answers
 * (throws, naming the bucket, when it does not).
 */
export async function openFileStore(config: ServerConfig): Promise<ConfiguredFileStore> {
  const s3 = config.objectStore;
  if (!s3) return { files: diskFileStore(config.filesDir), where: `disk (${config.filesDir})`, close() {} };
  const client = s3ClientFor(s3);
  await checkBucket(client, s3.bucket);
  return {
    files: s3FileStore({
      client,
      bucket: s3.bucket,
      prefix: s3.prefix,
      ...(s3.presignedDownloadSeconds ? { presignedDownloadSeconds: s3.presignedDownloadSeconds } : {}),
    }),
    where: `S3 bucket "${s3.bucket}"${s3.prefix ? ` under ${s3.prefix}` : ''} at ${s3.endpoint ?? `AWS ${s3.region}`}`,
    close: () => client.destroy(),
  };
}
