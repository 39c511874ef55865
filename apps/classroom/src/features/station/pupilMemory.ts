/**
 * The pupils signed in on a station, remembered across a reload of the tab.
 *
 * Where and what (a choice, documented in the station's README section): `sessionStorage`, per
 * lesson — it lives as long as the tab (a reload keeps it, closing the tab forgets it) and is not
 * shared with other tabs or with the next user of the browser, as `localStorage` would be. It
 * holds each pupil's id, name, pen address and **access token**, never the password: a token
 * expires by itself and the server can revoke it; a password stays valid. The password (the id
 * itself unless a teacher reset it, classroom.md §7) is kept in memory only, to sign in again
 * after a 401 while the page lives; after a reload an expired token means the pupil scans the
 * label again (the queued strokes wait meanwhile).
 */
import type { LiveLesson } from '@dotink/contracts/eduLive';

/** What is remembered of one pupil. */
export interface RememberedPupil {
  readonly studentId: string;
  readonly name: string;
  /** The pupil's pen address (normalised), when known. */
  readonly mac: string | undefined;
  readonly token: string;
}

/** What is remembered of a station's lesson. */
export interface RememberedStation {
  readonly lesson: LiveLesson | undefined;
  readonly pupils: readonly RememberedPupil[];
}

/** The key of a lesson's station. */
export const memoryKey = (courseId: number) => `dotink-station.pupils.${courseId}`;

/** Reads what a station of this lesson remembered; empty when nothing (or nothing readable). */
export function recall(storage: Pick<Storage, 'getItem'> | undefined, courseId: number): RememberedStation {
  const empty: RememberedStation = { lesson: undefined, pupils: [] };
  const text = storage?.getItem(memoryKey(courseId));
  if (!text) return empty;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // written by another version or damaged: start with no pupils (they sign in again)
    return empty;
  }
  const v = value as Partial<RememberedStation> | null;
  if (!v || !Array.isArray(v.pupils)) return empty;
  const pupils = v.pupils.filter(
    (p): p is RememberedPupil =>
      typeof p?.studentId === 'string' && typeof p.name === 'string' && typeof p.token === 'string',
  );
  return { lesson: v.lesson ?? undefined, pupils };
}

/** Remembers the station's pupils (an empty list forgets the key). */
export function remember(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  courseId: number,
  station: RememberedStation,
): void {
  if (!storage) return;
  if (station.pupils.length === 0) storage.removeItem(memoryKey(courseId));
  else {
    // only these four fields, whatever else the caller's records carry (a password never)
    const pupils = station.pupils.map(({ studentId, name, mac, token }) => ({ studentId, name, mac, token }));
    storage.setItem(memoryKey(courseId), JSON.stringify({ lesson: station.lesson, pupils }));
  }
}
