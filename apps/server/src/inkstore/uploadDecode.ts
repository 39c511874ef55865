/**
 * Reading the body of POST /inkstore/v1/data (engine.md §3 "Stroke upload payload") into the
 * rows the ink store keeps. The payload's layers are read with the ink codecs (`readStrokePage`,
 * `readServerStroke`, the server dot forms); dots end up in the 17-byte form, as stored.
 *
 * Rules (decided here):
 * - a record's `mimeType` must name strokes (our `application/vnd.dotink.strokes.v3+json`, or any
 *   type containing "stroke"); the version inside `data` must be 3;
 * - `writer` must be the signed-in student (the upload is grouped per student, classroom.md §7);
 *   a stroke's `writeId` may be empty (= the writer), the student, or someone else — others are
 *   returned in `foreignWriters` for the caller to check (a teacher's annotation);
 * - page fields must be non-negative integers; a stroke's instants (`startTime`, `updated` and its
 *   last dot's time) lie from 2000-01-01 to the server's clock + 1 day (`strokeInstantInWindow`; a
 *   stroke of the year 287,000 once made every summary of its page answer 500); colours 32-bit;
 *   dots in any form the codec reads (17- or 16-byte base64, JSON dots), normalised to 17 bytes.
 */

import { InkMessage, type StrokeTimeField } from '@dotink/contracts/inkMessages';
import type { UploadRecord } from '@dotink/contracts/inkstore';
import {
  decodeServerDots,
  encodeServerDotBytes,
  readStrokePage,
  SERVER_DOT_BYTES,
  type ServerStroke,
  STROKE_UPLOAD_MIME_TYPE,
  STROKE_UPLOAD_VERSION,
} from '@dotink/ink';
import { decodeBase64, type PageAddress } from '@dotink/ncode';
import { instantInRange, STROKE_FUTURE_MS, strokeInstantInWindow } from '../http/fields';
import { strokeFacts } from './strokeFacts';

export type { UploadRecord };

/** A stroke as stored (dots in the 17-byte form). */
export interface StoredStroke {
  readonly writerId: string;
  readonly mac: string;
  readonly startTime: number;
  readonly color: number;
  readonly penTipType: number;
  readonly strokeType: number;
  readonly thickness: number;
  readonly updated: number;
  readonly deleteFlag: number;
  readonly dotCount: number;
  readonly dots: Uint8Array;
  /** The analytics facts of the dots (`strokeFacts.ts`): last dot time (null: no times), length in nu. */
  readonly endTime: number | null;
  readonly distanceNu: number;
}

/** One page record read. */
export interface UploadPage {
  readonly page: PageAddress;
  /** The category as JSON text (`0`, `"math"`). */
  readonly category: string;
  readonly createdMs: number;
  readonly strokes: readonly StoredStroke[];
}

/** A body read: its pages and the stroke writers other than the student. */
export interface DecodedUpload {
  readonly pages: readonly UploadPage[];
  readonly strokeCount: number;
  readonly foreignWriters: ReadonlySet<string>;
}

/** A body that cannot be stored: 400 (malformed) or 403 (someone else's ink). */
export class UploadRejected extends Error {
  constructor(
    readonly statusCode: 400 | 403,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejected';
  }
}

const MAX_INT32 = 2 ** 31 - 1;
/** Longest writer id or pen address kept (they are part of the stroke key's index). */
const MAX_ID_LENGTH = 128;
// Stryker disable next-line StringLiteral: another encoding name throws when the module loads (a static mutant the test runner does not reload for)
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The bytes of base64 text, with the meaning of `@dotink/ncode`'s `decodeBase64` (used for
 * anything but canonical padded base64; it throws on a bad character); Node's native decoder does
 * the common case about five times faster.
 */
export function decodeBase64Fast(text: string): Uint8Array {
  const n = text.length;
  // Stryker disable all: speed only. The native answer is taken only when its byte count is that of
  // a valid padded text of this length; a mutant here can only take it less often, and then
  // decodeBase64 gives the same bytes (the property test 'decodeBase64Fast' checks that the two agree
  // on any text). docs/mutation-equivalents.md, server-ink-decode.
  if (n % 4 === 0) {
    // Node skips characters it does not know, so any such character (or white space, or an `=`
    // inside) gives fewer bytes than a padded text of this length holds: then ours decides.
    const pads = n === 0 ? 0 : text.charCodeAt(n - 1) !== 61 ? 0 : text.charCodeAt(n - 2) !== 61 ? 1 : 2;
    const b = Buffer.from(text, 'base64');
    if (b.length === (n / 4) * 3 - pads) return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  // Stryker restore all
  return decodeBase64(text);
}

/** Where in the body: a record, or one of its strokes. */
interface Where {
  readonly record: number;
  readonly stroke?: number;
}

/** An instant outside the window of `strokeInstantInWindow` at `nowMs` (clients name the field). */
const outOfWindow = (field: StrokeTimeField, nowMs: number, at: Where & { readonly stroke: number }) =>
  new UploadRejected(
    400,
    InkMessage.strokeTimeOutside(field, nowMs + STROKE_FUTURE_MS, at.record, at.stroke),
  );

/** A malformed payload: `@dotink/ink`'s `INVALID_STROKE_UPLOAD`, where and why. */
const invalid = (at: Where, why: string) =>
  new UploadRejected(400, InkMessage.invalidUpload(why, at.record, at.stroke));

/** True for a mime type this endpoint accepts: one that names strokes (ours does). */
export function isStrokeMimeType(mimeType: string): boolean {
  return /stroke/i.test(mimeType);
}

/**
 * Reads every record of a body for `studentId`, with stroke instants checked against `nowMs` (the
 * injected clock). Throws {@link UploadRejected}.
 */
export function decodeUpload(
  records: readonly UploadRecord[],
  studentId: string,
  nowMs: number,
): DecodedUpload {
  const pages: UploadPage[] = [];
  const foreignWriters = new Set<string>();
  let strokeCount = 0;
  records.forEach((record, i) => {
    const page = decodeRecord(record, i, studentId, foreignWriters, nowMs);
    strokeCount += page.strokes.length;
    pages.push(page);
  });
  return { pages, strokeCount, foreignWriters };
}

function decodeRecord(
  record: UploadRecord,
  index: number,
  studentId: string,
  foreignWriters: Set<string>,
  nowMs: number,
): UploadPage {
  const where: Where = { record: index };
  if (record.writer !== studentId)
    throw new UploadRejected(403, InkMessage.recordWriter(index, record.writer));
  if (!isStrokeMimeType(record.mimeType)) {
    throw invalid(where, `mimeType ${JSON.stringify(record.mimeType)} is not ${STROKE_UPLOAD_MIME_TYPE}`);
  }
  const createdMs = Date.parse(record.createDate);
  if (!instantInRange(createdMs)) throw invalid(where, 'createDate is not an ISO time between 1900 and 2999');

  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(decodeBase64Fast(record.data)));
  } catch {
    throw invalid(where, 'data is not base64 of JSON');
  }
  // null and anything not an object (a number, a text, true) have no version
  const root = json as { version?: unknown; page?: unknown } | null;
  if (root?.version !== STROKE_UPLOAD_VERSION) {
    throw invalid(where, `data.version must be ${STROKE_UPLOAD_VERSION}`);
  }
  let read: ReturnType<typeof readStrokePage>;
  try {
    read = readStrokePage(root.page, 'bookCode');
  } catch (error) {
    throw invalid(where, `data.page: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { page } = read;
  for (const [name, v] of Object.entries(page)) {
    if (v < 0 || v > MAX_INT32) throw invalid(where, `page ${name} ${v} is out of range`);
  }
  const strokes = read.strokes.map((r, k) =>
    storedStroke(r, { record: index, stroke: k }, studentId, foreignWriters, nowMs),
  );
  return { page, category: JSON.stringify(read.category), createdMs, strokes };
}

function storedStroke(
  r: ServerStroke,
  where: Where & { readonly stroke: number },
  studentId: string,
  foreignWriters: Set<string>,
  nowMs: number,
): StoredStroke {
  if (!strokeInstantInWindow(r.startTime, nowMs)) throw outOfWindow('startTime', nowMs, where);
  if (!strokeInstantInWindow(r.updated, nowMs)) throw outOfWindow('updated', nowMs, where);
  if (!Number.isInteger(r.strokeType) || r.strokeType < 0 || r.strokeType > MAX_INT32)
    throw invalid(where, 'strokeType is not an integer');
  // the thickness: the codec (readServerStroke) refuses one that is not a finite number
  const writerId = r.writeId === '' ? studentId : r.writeId;
  if (writerId.length > MAX_ID_LENGTH) throw invalid(where, `writeId is longer than ${MAX_ID_LENGTH}`);
  if (r.mac.length > MAX_ID_LENGTH) throw invalid(where, `mac is longer than ${MAX_ID_LENGTH}`);
  // The database's text holds no NUL character.
  if (writerId.includes('\u0000')) throw invalid(where, 'writeId holds a NUL character');
  if (r.mac.includes('\u0000')) throw invalid(where, 'mac holds a NUL character');
  if (writerId !== studentId) foreignWriters.add(writerId);
  const dots = dotBytes(r, where);
  const facts = strokeFacts(dots, r.startTime);
  if (facts.endTime !== null && !strokeInstantInWindow(facts.endTime, nowMs))
    throw outOfWindow('lastDot', nowMs, where);
  return {
    writerId,
    mac: r.mac,
    startTime: r.startTime,
    color: r.color | 0,
    penTipType: r.penTipType,
    strokeType: r.strokeType,
    thickness: r.thickness,
    updated: r.updated,
    deleteFlag: r.deleteFlag,
    dotCount: dots.length / SERVER_DOT_BYTES,
    dots,
    ...facts,
  };
}

/**
 * The 17-byte form of a record's dots. The common case (base64 of exactly `dotCount` 17-byte
 * dots) is used as it is; anything else goes through the codec and is re-encoded.
 */
function dotBytes(r: ServerStroke, where: Where): Uint8Array {
  // Stryker disable next-line EqualityOperator,ConditionalExpression,BlockStatement: speed only. Taken less often (or, as `dotCount >= 0`, also for an empty text), the codec below gives the same bytes
  if (typeof r.dots === 'string' && r.dotCount > 0) {
    let bytes: Uint8Array | undefined;
    // Stryker disable BlockStatement: speed only, as above (a text the fast decoder refuses, the codec refuses too)
    try {
      bytes = decodeBase64Fast(r.dots);
    } catch {
      bytes = undefined;
    }
    // Stryker restore BlockStatement
    // A binary run ends with a zero spare byte; `]` last would be base64 of JSON dots.
    // Stryker disable next-line ArithmeticOperator,BlockStatement: speed only, as above (the fast path taken less often)
    if (bytes && bytes.length === r.dotCount * SERVER_DOT_BYTES && bytes[bytes.length - 1] !== 0x5d) {
      return bytes;
    }
  }
  try {
    return encodeServerDotBytes(decodeServerDots(r.dots, r.startTime, r.dotCount), r.startTime);
  } catch (error) {
    throw invalid(where, error instanceof Error ? error.message : String(error));
  }
}
