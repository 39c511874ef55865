/**
 * The answer messages of the analytics routes (`/edu/v1/math/...`; the server's own wording; 'The
 * class does not exist.' is the education API's). Clients find each by {@link analyticsMessageKey}
 * with its values, so the classroom shows every one in ko, en, ja and zh-TW.
 */
import { EduMessage } from './eduMessages';

export const AnalyticsMessage = {
  classNotFound: EduMessage.classNotFound,
  studentNotInClass: 'The student is not a pupil of this class.',
  lectureNotOfClass: 'The lecture does not exist for this class.',
  notOwnMaterial: "Units can be set only for a teacher's own material (POD).",
  unitOutside: (title: string, start: number, end: number, first: number, last: number) =>
    `The unit '${title}' (pages ${start}–${end}) is outside the material's pages ${first}–${last}.`,
} as const;

/** The keys a client tells apart ('The class does not exist.' is found as the education API's). */
export type AnalyticsMessageKey = Exclude<keyof typeof AnalyticsMessage, 'classNotFound'>;

const FIXED: ReadonlyMap<string, AnalyticsMessageKey> = new Map(
  (['studentNotInClass', 'lectureNotOfClass', 'notOwnMaterial'] as const).map((k) => [
    AnalyticsMessage[k],
    k,
  ]),
);

/** The key of a message the analytics routes answered, with its values, or undefined. */
export function analyticsMessageKey(
  message: string,
):
  | { readonly key: AnalyticsMessageKey; readonly params: Readonly<Record<string, string | number>> }
  | undefined {
  const fixed = FIXED.get(message);
  if (fixed) return { key: fixed, params: {} };
  const m = /^The unit '([\s\S]*)' \(pages (\d+)–(\d+)\) is outside the material's pages (\d+)–(\d+)\.$/.exec(
    message,
  );
  if (!m) return undefined;
  const [start, end, first, last] = m.slice(2).map(Number);
  return {
    key: 'unitOutside',
    params: { title: m[1]!, start: start!, end: end!, first: first!, last: last! },
  };
}
