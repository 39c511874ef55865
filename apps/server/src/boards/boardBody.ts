/**
 * The board upload's body, streamed: the route's content-type parser hands over the request
 * stream unread, and {@link boardFileChunks} passes it on chunk by chunk (to the file store, on
 * disk) while enforcing the size limit and checking that it starts like a .GRIDA (zip) file. A
 * 256 MB board never sits in memory.
 */
import type { Readable } from 'node:stream';
import { looksLikeZip } from '@dotink/ink';
import { ApiError, badRequest } from '../http/errors';

/** The chunks of `body`; throws 413 past `limitBytes`, 400 when it does not start as a zip. */
export async function* boardFileChunks(
  body: AsyncIterable<Uint8Array>,
  limitBytes: number,
  notBoardFile: string,
): AsyncGenerator<Uint8Array> {
  let size = 0;
  let head = new Uint8Array(0);
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limitBytes) throw new ApiError(413, `The board file is larger than ${limitBytes} bytes`);
    if (head.length < 4) {
      head = Buffer.concat([head, chunk]);
      if (head.length >= 4 && !looksLikeZip(head)) throw badRequest(notBoardFile);
    }
    yield chunk;
  }
  if (head.length < 4) throw badRequest(notBoardFile);
}

/** True for the request stream the board's content-type parser passes on. */
export function isBodyStream(body: unknown): body is Readable {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body && 'pipe' in body;
}
