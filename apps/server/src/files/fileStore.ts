/**
 * Content-addressed file storage: a file's name is the sha256 of its bytes (lower-case hex), so
 * the same PDF uploaded twice is stored once. The disk store lives in `diskFileStore.ts`; a cloud
 * store (S3, GCS) implements the same interface.
 */
import type { Readable } from 'node:stream';

/** What {@link FileStore.put} stored. */
export interface StoredFile {
  /** Lower-case hex sha256 of the content: the file's address. */
  readonly sha256: string;
  readonly sizeBytes: number;
}

/**
 * Content written to the store but not yet addressable (an upload still to be checked): either
 * {@link StagedFile.commit} it or {@link StagedFile.discard} it, so nothing is left behind.
 */
export interface StagedFile extends StoredFile {
  /** At most the first `maxBytes` bytes (a format check without reading the whole file). */
  head(maxBytes: number): Promise<Uint8Array>;
  /**
   * At most `length` bytes from `offset` (fewer only at the end of the content): random access
   * for checks that must not hold the whole file (the bounded PDF reader, `pdf/boundedPdf.ts`).
   */
  range(offset: number, length: number): Promise<Uint8Array>;
  /** The whole content (only for files small enough to hold, such as a .nproj). */
  bytes(): Promise<Uint8Array>;
  /** Makes the content addressable by its sha256, as {@link FileStore.put} does. */
  commit(): Promise<StoredFile>;
  /** Removes the staged content; does nothing once committed or discarded. */
  discard(): Promise<void>;
}

export interface FileStore {
  /** Stores bytes (or a stream of chunks) and returns their address; idempotent. */
  put(content: Uint8Array | AsyncIterable<Uint8Array>): Promise<StoredFile>;
  /**
   * Writes bytes (or a stream of chunks, written as they arrive) aside. When the stream throws,
   * the partly written content is removed and the error rethrown.
   */
  stage(content: Uint8Array | AsyncIterable<Uint8Array>): Promise<StagedFile>;
  /** The whole content, or undefined when no file has this address. */
  get(sha256: string): Promise<Uint8Array | undefined>;
  has(sha256: string): Promise<boolean>;
  /** A stream of the content (for HTTP answers), or undefined when absent. */
  stream(sha256: string): Promise<Readable | undefined>;
  /**
   * Only on stores the clients can fetch from themselves (object storage with presigned
   * downloads): a short-lived address answering the content with `answer`'s headers, so that
   * the bytes never pass through the server; undefined when absent. Without it, callers stream.
   */
  downloadUrl?(sha256: string, answer: DownloadAnswer): Promise<string | undefined>;
  /** Resolves when the storage answers; rejects with its reason otherwise (readiness). */
  check(): Promise<void>;
}

/** The headers a {@link FileStore.downloadUrl} answers with. */
export interface DownloadAnswer {
  readonly contentType: string;
  readonly contentDisposition: string;
  readonly cacheControl: string;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** True when `text` is a well-formed content address. */
export function isSha256(text: string): boolean {
  return SHA256_HEX.test(text);
}
