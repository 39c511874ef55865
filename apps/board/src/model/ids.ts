/** Random ids for boards, pages and PDFs (UUID v4 from the browser's random source). */
import { uuidV4FromBytes } from '@dotink/ink';

/** Makes ids. */
export type IdSource = () => string;

/** UUID v4s from `crypto.getRandomValues`. */
export const randomIds: IdSource = () => uuidV4FromBytes(crypto.getRandomValues(new Uint8Array(16)));

/** Readable ids `prefix1`, `prefix2`, … (tests). */
export function counterIds(prefix = 'id'): IdSource {
  let n = 0;
  return () => `${prefix}${++n}`;
}
