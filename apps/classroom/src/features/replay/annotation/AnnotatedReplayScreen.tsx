/**
 * The replay screen with the teacher's annotation (classroom.md §2 replay, §4 annotation upload):
 * the replay helper's {@link ReplayScreen} given the annotation's controls at the end of its bar
 * (connect pen, upload), the teacher's live ink (`live`, drawn in the other-writer colour) and the
 * strokes not uploaded yet (`extraStrokes`). A successful upload reloads the pupil's writing.
 */
import { useRef, useState } from 'react';
import { ReplayScreen, type ReplayScreenContext } from '../../../components/replay/ReplayScreen';
import { AnnotationControls } from './AnnotationControls';
import { useAnnotation } from './useAnnotation';

export function AnnotatedReplayScreen() {
  const [context, setContext] = useState<ReplayScreenContext>();
  const reload = useRef<(() => Promise<void>) | undefined>(undefined);
  reload.current = context?.reload;
  const annotation = useAnnotation({
    studentId: context?.query.studentId,
    eduClassId: context?.query.eduClassId,
    onUploaded: () => void reload.current?.(),
  });
  return (
    <ReplayScreen
      barExtra={() => <AnnotationControls annotation={annotation} />}
      extraStrokes={annotation.strokes}
      live={annotation.feed}
      onContext={setContext}
    />
  );
}
