/**
 * The limits of a material upload (one PDF and one .nproj), enforced while the files stream in:
 * {@link limitedChunks} passes a file part on chunk by chunk and throws 413 as soon as the file,
 * or all files of the request together, grow past their limit, so an oversized upload is never
 * read to its end, let alone held in memory.
 */
import { ApiError } from '../../http/errors';
import { EduMessage } from '../messages';

/** Each file at most 200 MiB. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;
/**
 * The largest .nproj the upload parses (it is XML, read whole): 32 MiB, about 60 times a
 * 21-page notebook's 275 KB, room for 500 pages with their symbols. A larger one is refused as
 * unreadable without being read (issue 17: no upload is held whole in memory).
 */
export const MAX_NPROJ_BYTES = 32 * 1024 * 1024;
/** All files of one upload together (two files of the largest size). */
export const MAX_UPLOAD_FILE_BYTES = 2 * MAX_FILE_BYTES;
/** The largest request body: the files plus room for the form fields and part headers. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_FILE_BYTES + 1024 * 1024;

/** What one request may still upload; shared by its file parts. */
export interface UploadBudget {
  readonly fileBytes: number;
  readonly totalBytes: number;
  /** File bytes received so far over all parts. */
  usedBytes: number;
}

/** A fresh budget for one request. */
export function uploadBudget(fileBytes = MAX_FILE_BYTES, totalBytes = MAX_UPLOAD_FILE_BYTES): UploadBudget {
  return { fileBytes, totalBytes, usedBytes: 0 };
}

/** 413 with the message saying which limit was passed. */
export const fileTooLarge = () => new ApiError(413, EduMessage.fileTooLarge);
export const uploadTooLarge = () => new ApiError(413, EduMessage.uploadTooLarge);

/** The chunks of one file part; throws 413 past the file's or the request's limit. */
export async function* limitedChunks(
  file: AsyncIterable<Uint8Array>,
  budget: UploadBudget,
): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of file) {
    size += chunk.byteLength;
    budget.usedBytes += chunk.byteLength;
    if (size > budget.fileBytes) throw fileTooLarge();
    if (budget.usedBytes > budget.totalBytes) throw uploadTooLarge();
    yield chunk;
  }
}

/** True when the request announces a body larger than an upload may be (refused unread). */
export function announcedTooLarge(contentLength: string | undefined): boolean {
  if (contentLength === undefined || !/^\d+$/.test(contentLength)) return false;
  return Number(contentLength) > MAX_UPLOAD_BODY_BYTES;
}
