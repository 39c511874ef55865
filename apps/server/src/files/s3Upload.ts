/**
 * A stream written to one S3 object with a fixed amount of memory: chunks are copied into one of
 * two part buffers (5 MiB each by default); a full buffer is sent as a multipart part while the
 * next one fills, and is reused once S3 has it. Content smaller than one part is a single PUT.
 * (`@aws-sdk/lib-storage` joins each part with `Buffer.concat`, a fresh 5 MiB buffer a part: for
 * a 100 MB upload about 100 MB of garbage on top of the socket's own, which the 50 MB budget of
 * issue 17 did not leave room for.)
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';

/** Where and how to write. */
export interface StreamUploadTarget {
  readonly client: S3Client;
  readonly bucket: string;
  readonly key: string;
  /** Bytes a part (≥ 5 MiB but the last, S3's rule). */
  readonly partSize: number;
}

/** True when the store answered that it does not implement the operation (s3rver: abort). */
function notImplemented(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotImplemented' ||
      error.name === 'MethodNotAllowed' ||
      error.$metadata.httpStatusCode === 405 ||
      error.$metadata.httpStatusCode === 501)
  );
}

/**
 * Writes `chunks` to `target.key`. When the source or the store fails, an open multipart
 * upload is aborted (its parts dropped) and the first error is rethrown as it is; no object is
 * created under the key. A store that does not implement the abort leaves the parts to the
 * bucket's lifecycle rule (see the README); any other failure of the abort is thrown with the
 * first error.
 */
export async function uploadStream(target: StreamUploadTarget, chunks: AsyncIterable<Buffer>): Promise<void> {
  const { client, bucket: Bucket, key: Key, partSize } = target;
  const buffers: Buffer[] = [Buffer.allocUnsafe(partSize)];
  /** The part being sent from each buffer, awaited before the buffer is written again. */
  const sending: (Promise<void> | undefined)[] = [undefined, undefined];
  const parts: { PartNumber: number; ETag: string }[] = [];
  let uploadId: string | undefined;
  let current = 0;
  let filled = 0;
  let nextPart = 1;

  const sendPart = async (buffer: Buffer, length: number, partNumber: number): Promise<void> => {
    const answer = await client.send(
      new UploadPartCommand({
        Bucket,
        Key,
        UploadId: uploadId,
        PartNumber: partNumber,
        Body: buffer.subarray(0, length),
        ContentLength: length,
      }),
    );
    if (!answer.ETag) throw new Error(`object storage: no ETag for part ${partNumber} of ${Key}`);
    parts.push({ PartNumber: partNumber, ETag: answer.ETag });
  };

  /** Sends the full current buffer and switches to the other one (waiting for it to be free). */
  const flip = async (): Promise<void> => {
    if (uploadId === undefined) {
      const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      if (!created.UploadId) throw new Error(`object storage: no upload id for ${Key}`);
      uploadId = created.UploadId;
    }
    const sent = sendPart(buffers[current]!, filled, nextPart++);
    // Awaited before the buffer is reused or at the end; a handler now, so that a failure while
    // the next part fills is not reported as unhandled.
    sent.catch(() => undefined);
    sending[current] = sent;
    current = 1 - current;
    buffers[current] ??= Buffer.allocUnsafe(partSize);
    await sending[current];
    sending[current] = undefined;
    filled = 0;
  };

  try {
    for await (const chunk of chunks) {
      let at = 0;
      while (at < chunk.byteLength) {
        const n = Math.min(partSize - filled, chunk.byteLength - at);
        chunk.copy(buffers[current]!, filled, at, at + n);
        filled += n;
        at += n;
        if (filled === partSize) await flip();
      }
    }
    if (uploadId === undefined) {
      const body = buffers[current]!.subarray(0, filled);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: filled }));
      return;
    }
    if (filled > 0) await flip();
    await Promise.all(sending);
    parts.sort((a, b) => a.PartNumber - b.PartNumber);
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    await Promise.allSettled(sending);
    if (uploadId !== undefined) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }));
      } catch (abortError) {
        if (!notImplemented(abortError))
          throw new AggregateError([error, abortError], `upload of ${Key} failed and could not be aborted`);
      }
    }
    throw error;
  }
}
