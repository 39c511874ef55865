/**
 * The replay route `/main/replay` (classroom.md §2): the {@link ReplayScreen} with nothing added.
 * An annotation pen extends the screen through its props (see ReplayScreen's doc comment).
 */
import { ReplayScreen } from './ReplayScreen';

export default function ReplayPage() {
  return <ReplayScreen />;
}
