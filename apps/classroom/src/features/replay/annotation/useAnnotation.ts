/**
 * The annotation of the replay screen (classroom.md §4): the teacher's pens through the shared pen
 * runtime (`@dotink/view/pens`: Web Bluetooth, the password, pen messages), each stroke written
 * by the teacher (writerId) on the pupil's page (surfaceOwnerId), collected by the
 * {@link AnnotationModel} until uploaded.
 *
 * The replay page uses it so:
 *
 * ```tsx
 * const annotation = useAnnotation({ studentId, eduClassId, onUploaded: reloadInk });
 * <ReplayPlayerView barExtra={<AnnotationControls annotation={annotation} />}
 *   extraStrokes={annotation.strokes} view={{ live: annotation.feed, … }} … />
 * ```
 */
import { DEFAULT_BRUSH, type Stroke } from '@dotink/ink';
import type { BluetoothLike } from '@dotink/pen';
import type { LiveInkFeed } from '@dotink/view';
import { createPenStatus, PenConnection, type PenStatus } from '@dotink/view/pens';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { studentInkCalls } from '../../../api/annotation';
import { useTeacher } from '../../../api/queries';
import { useServices } from '../../../lib/services';
import { publishPenCount } from '../../../stores/penCount';
import { AnnotationModel, type AnnotationState } from './annotationModel';

/** Whose page the teacher writes on. */
export interface AnnotationTarget {
  /** The pupil shown (the surface owner of the teacher's strokes). */
  readonly studentId: string | undefined;
  /** The pupil's class (its password is read there; without it the password is the id, §6). */
  readonly eduClassId: number | undefined;
  /** After a successful upload: reload the pupil's stroke data. */
  readonly onUploaded?: () => void;
}

/** What the replay page and the controls use. */
export interface Annotation {
  readonly pens: PenConnection;
  readonly penStatus: PenStatus;
  readonly model: AnnotationModel;
  readonly state: AnnotationState;
  /** The teacher's strokes not uploaded yet, to draw over the pupil's page. */
  readonly strokes: readonly Stroke[];
  /** The live ink of the teacher's pens (the page view's `live`). */
  readonly feed: LiveInkFeed;
  /** Called after a successful upload. */
  readonly onUploaded: (() => void) | undefined;
}

/** The annotation of one replay screen; the pens disconnect when the screen closes. */
export function useAnnotation(target: AnnotationTarget): Annotation {
  const { api } = useServices();
  const teacher = useTeacher().data;
  const who = useRef({ teacherId: '', studentId: '', eduClassId: undefined as number | undefined });
  who.current = {
    teacherId: teacher?.id ?? '',
    studentId: target.studentId ?? '',
    eduClassId: target.eduClassId,
  };
  const [parts] = useState(() => {
    const model = new AnnotationModel({
      signInOf: async (studentId) => {
        const eduClassId = who.current.eduClassId;
        // §6: the password is the student's id unless a teacher reset it (the class's credentials)
        if (eduClassId === undefined) return { studentId, password: studentId };
        const c = await api.credentials(eduClassId, studentId);
        return { studentId: c.studentId, password: c.password };
      },
      calls: studentInkCalls({ serverUrl: window.location.origin, fetch: (...a) => fetch(...a) }),
      clock: { nowMs: () => Date.now() },
    });
    const penStatus = createPenStatus();
    const pens = new PenConnection({
      bluetooth: () => (navigator as unknown as { bluetooth?: BluetoothLike }).bluetooth,
      host: penStatus.host,
      brushFor: (penId) => ({
        ...DEFAULT_BRUSH,
        mac: penId,
        writerId: who.current.teacherId,
        surfaceOwnerId: who.current.studentId,
      }),
      ink: {
        strokeCompleted: (stroke, role) => {
          // a stroke with no teacher or no pupil (not loaded yet) has nowhere to go
          if (role === 'ink' && stroke.surfaceOwnerId !== '' && stroke.writerId !== '') model.add(stroke);
        },
      },
    });
    return { model, penStatus, pens };
  });
  useEffect(() => {
    const publish = () => publishPenCount(parts, parts.penStatus.get().pens.length);
    const stop = parts.penStatus.subscribe(publish);
    return () => {
      stop();
      parts.pens.close();
      publishPenCount(parts, 0);
    };
  }, [parts]);
  const state = useSyncExternalStore(parts.model.subscribe, parts.model.get, parts.model.get);
  return {
    ...parts,
    state,
    strokes: state.pending,
    feed: parts.pens.feed,
    onUploaded: target.onUploaded,
  };
}
