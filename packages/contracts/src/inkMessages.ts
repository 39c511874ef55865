/**
 * The answer messages of the ink store (`POST /inkstore/v1/data`, `GET
 * /admin/v1/inkstore/search/{studentId}`). 'The student does not exist.' and 'The lesson does not
 * exist.' are the education API's; the others are the server's own wording for cases the
 * specification leaves open. The server answers with them, and clients find each by
 * {@link inkMessageKey} (with its values), so the classroom shows every one in ko, en, ja and
 * zh-TW; the free text some carry (a library's reason why a payload cannot be read) is dropped.
 */
import { EduMessage } from './eduMessages';
import { InkQueryMessage } from './inkstore';

/** The start of every malformed-payload message: `@dotink/ink`'s `INVALID_STROKE_UPLOAD`. */
export const INVALID_UPLOAD = 'invalid stroke upload payload';

/** The stroke instants an upload's window checks, as the messages name them. */
export const StrokeTimeField = {
  startTime: 'startTime',
  updated: 'updated',
  lastDot: 'the last dot time',
} as const;
export type StrokeTimeField = keyof typeof StrokeTimeField;

const where = (record: number, stroke?: number) =>
  stroke === undefined ? `record ${record}` : `record ${record}, stroke ${stroke}`;

export const InkMessage = {
  ...InkQueryMessage,
  studentNotFound: EduMessage.noStudents,
  lessonNotFound: EduMessage.courseNotFound,
  onlyStudents: 'Forbidden: only a student may upload writing (sign in as the student)',
  onlyTeachers: 'Forbidden: only a teacher with a school may read writing',
  otherSchool: 'Forbidden: the student is not in one of your classes',
  otherSchoolLesson: 'Forbidden: the lesson is not in your school',
  notJson: 'the body is not valid JSON',
  foreignWriter: (writer: string) =>
    `Forbidden: strokes written by ${JSON.stringify(writer)} cannot be uploaded for this student`,
  recordWriter: (record: number, writer: string) =>
    `Forbidden: ${where(record)} is written by ${JSON.stringify(writer)}, not by the signed-in student`,
  tooManyStrokes: (n: number, max: number) => `too many strokes in one upload: ${n} (at most ${max})`,
  /** A record (or one of its strokes) that cannot be read, and why (a library's words: not shown). */
  invalidUpload: (why: string, record: number, stroke?: number) =>
    `${INVALID_UPLOAD} (${where(record, stroke)}: ${why})`,
  /** A stroke instant outside the upload's window (2000-01-01 to `untilMs`). */
  strokeTimeOutside: (field: StrokeTimeField, untilMs: number, record: number, stroke: number) =>
    `${INVALID_UPLOAD} (${where(record, stroke)}: ${StrokeTimeField[field]} is not an epoch ms from 2000-01-01 to ${new Date(untilMs).toISOString()})`,
} as const;

/**
 * The keys a client tells apart (the two messages worded as the education API's are found as
 * its); a malformed payload is a record, a stroke, or a stroke's instant (one key for each of
 * the three instants).
 */
export type InkMessageKey =
  | Exclude<
      keyof typeof InkMessage,
      'studentNotFound' | 'lessonNotFound' | 'invalidUpload' | 'strokeTimeOutside'
    >
  | 'invalidRecord'
  | 'invalidStroke'
  | `${StrokeTimeField}Outside`;

type Params = Readonly<Record<string, string | number>>;

/** The messages without values. */
const FIXED_KEYS = [
  'tooManyPageNumbers',
  'badTag',
  'badPointer',
  'badDate',
  'onlyStudents',
  'onlyTeachers',
  'otherSchool',
  'otherSchoolLesson',
  'notJson',
] as const satisfies readonly InkMessageKey[];

const FIXED: ReadonlyMap<string, InkMessageKey> = new Map(FIXED_KEYS.map((k) => [InkMessage[k], k]));

const UPLOAD = /^invalid stroke upload payload \(record (\d+)(?:, stroke (\d+))?: ([\s\S]*)\)$/;
const OUTSIDE = /^(startTime|updated|the last dot time) is not an epoch ms from 2000-01-01 to (\S+)$/;

/** A JSON string's value (the writer ids the messages quote), or the text itself. */
function unquote(text: string): string {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' ? v : text;
  } catch {
    return text;
  }
}

/**
 * The key of a message the ink store answered, with its values, or undefined for any other text.
 * A query refusal may come after the field it names (`querystring/pageNumber: …`).
 */
export function inkMessageKey(
  message: string,
): { readonly key: InkMessageKey; readonly params: Params } | undefined {
  const fixed = FIXED.get(message) ?? FIXED.get(message.replace(/^[\w/.[\]-]+: /, ''));
  if (fixed) return { key: fixed, params: {} };
  let m = /^too many strokes in one upload: (\d+) \(at most (\d+)\)$/.exec(message);
  if (m) return { key: 'tooManyStrokes', params: { count: Number(m[1]), max: Number(m[2]) } };
  m = /^Forbidden: strokes written by (".*") cannot be uploaded for this student$/.exec(message);
  if (m) return { key: 'foreignWriter', params: { writer: unquote(m[1]!) } };
  m = /^Forbidden: record (\d+) is written by (".*"), not by the signed-in student$/.exec(message);
  if (m) return { key: 'recordWriter', params: { record: Number(m[1]), writer: unquote(m[2]!) } };
  m = UPLOAD.exec(message);
  if (!m) return undefined;
  const record = Number(m[1]);
  if (m[2] === undefined) return { key: 'invalidRecord', params: { record } };
  const stroke = Number(m[2]);
  const outside = OUTSIDE.exec(m[3]!);
  if (!outside) return { key: 'invalidStroke', params: { record, stroke } };
  const field = (Object.keys(StrokeTimeField) as StrokeTimeField[]).find(
    (f) => StrokeTimeField[f] === outside[1],
  )!;
  return { key: `${field}Outside`, params: { record, stroke, until: outside[2]! } };
}
