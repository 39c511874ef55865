/**
 * The replay route `/main/replay` (classroom.md §2): the {@link ReplayScreen} with the teacher's
 * annotation pen on its bar (classroom.md §4; see features/annotation/AnnotatedReplayScreen).
 */
import { AnnotatedReplayScreen } from './annotation/AnnotatedReplayScreen';

export default function ReplayPage() {
  return <AnnotatedReplayScreen />;
}
