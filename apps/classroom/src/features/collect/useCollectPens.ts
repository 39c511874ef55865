/**
 * The pens and the collection of one 'collect pens' dialog: the class list (the pupils and their
 * pen addresses, `eduApi.students`), the shared pen runtime (`@dotink/view/pens`: Web Bluetooth,
 * the password of a locked pen, pen messages) and a {@link CollectModel} that collects each pen
 * as soon as it is connected. The pupil's password comes from the class's credentials, as for the
 * annotation upload. The pens disconnect, and any run is cancelled, when the dialog closes.
 */
import { DEFAULT_BRUSH } from '@dotink/ink';
import type { BluetoothLike, OfflineProgress } from '@dotink/pen';
import { PenSession } from '@dotink/pen';
import { createPenStatus, PenConnection, type PenStatus, penName } from '@dotink/view/pens';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { studentInkCalls } from '../../api/annotation';
import { useStudents } from '../../api/queries';
import { useServices } from '../../lib/services';
import { publishPenCount } from '../../stores/penCount';
import { type ClassPupil, type CollectablePen, CollectModel, type PenCollection } from './collectFlow';

/** The collect-pens state of a dialog. */
export interface CollectPens {
  readonly pens: PenConnection;
  readonly penStatus: PenStatus;
  /** Undefined until the class list is read. */
  readonly model: CollectModel | undefined;
  readonly collections: readonly PenCollection[];
  readonly classList: { readonly loading: boolean; readonly error: unknown };
}

/** Strokes received so far, from the bytes received of the total the pen announced. */
export function strokesReceived(p: OfflineProgress): number {
  if (p.totalBytes <= 0) return 0;
  return Math.min(p.strokeCount, Math.round((p.strokeCount * p.receivedBytes) / p.totalBytes));
}

/** A connected pen session as the flow uses it (notes are downloaded and kept, then deleted). */
export function collectablePen(session: PenSession, mac: string, name: string): CollectablePen {
  return {
    mac,
    name,
    listNotes: () => session.listOfflineNotes('all'),
    download: (note, onStrokes) =>
      session.downloadOfflineNote(note, { onProgress: (p) => onStrokes(strokesReceived(p)) }),
    async deleteNote(note) {
      const books = await session.deleteOfflineNotes(note.section, note.owner, [note.book]);
      if (!books.includes(note.book)) throw new Error(`the pen did not delete note ${note.book}`);
    },
  };
}

const NO_COLLECTIONS: readonly PenCollection[] = [];

/** Whether two epoch times fall on the same local calendar day. */
export function sameLocalDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
}

/**
 * The collection of the dialog of a class's lesson; `lessonStartMs` (when known) tells strokes of
 * the lesson's day from those of other days.
 */
export function useCollectPens(eduClassId: number, lessonStartMs?: number): CollectPens {
  const { api } = useServices();
  // the class list of the students pages (one cache entry: an edit there reaches this dialog)
  const students = useStudents(eduClassId);
  const pupils = useMemo<readonly ClassPupil[] | undefined>(
    () => students.data?.map((s) => ({ studentId: s.id, num: s.num, name: s.name, mac: s.macAddress })),
    [students.data],
  );
  const calls = useMemo(
    () => studentInkCalls({ serverUrl: window.location.origin, fetch: (...a) => fetch(...a) }),
    [],
  );
  const model = useMemo(
    () =>
      pupils &&
      new CollectModel(pupils, {
        // the pupil's calls, not the teacher's (their token; a 401 is no teacher logout)
        signIn: async (studentId) => {
          const c = await api.credentials(eduClassId, studentId);
          return calls.login(c.studentId, c.password);
        },
        upload: (token, records) => calls.upload(token, records),
        clock: { nowMs: () => Date.now() },
        ...(lessonStartMs === undefined
          ? {}
          : { onLessonDay: (timeMs: number) => sameLocalDay(timeMs, lessonStartMs) }),
      }),
    [pupils, api, eduClassId, calls, lessonStartMs],
  );
  const current = useRef(model);
  current.current = model;
  const [parts] = useState(() => {
    const penStatus = createPenStatus();
    const pens = new PenConnection({
      bluetooth: () => (navigator as unknown as { bluetooth?: BluetoothLike }).bluetooth,
      host: penStatus.host,
      brushFor: (penId) => ({ ...DEFAULT_BRUSH, mac: penId }),
      // strokes written while connected are not this dialog's business
      ink: {},
    });
    pens.manager.onStateChange((change, pen) => {
      if (change.state !== 'connected' || !(pen instanceof PenSession)) return;
      void current.current?.collect(collectablePen(pen, change.penId, penName(pen)));
    });
    return { penStatus, pens };
  });
  useEffect(() => {
    // the shell's pen icon counts these pens too (classroom.md §2, §4)
    const stop = parts.penStatus.subscribe(() => publishPenCount(parts, parts.penStatus.get().pens.length));
    return () => {
      stop();
      current.current?.cancelAll();
      parts.pens.close();
      publishPenCount(parts, 0);
    };
  }, [parts]);
  const subscribe = useMemo(() => model?.subscribe ?? (() => () => undefined), [model]);
  const get = useMemo(() => model?.get ?? (() => NO_COLLECTIONS), [model]);
  const collections = useSyncExternalStore(subscribe, get, get);
  return {
    ...parts,
    model,
    collections,
    classList: { loading: students.isLoading, error: students.error ?? undefined },
  };
}
