/** The live lesson with the collect-pens dialog of the collect feature. */
import { CollectPensDialog } from '../../features/collect/CollectPensDialog';
import LivePage from '../../features/live/LivePage';

export default function LiveRoute() {
  return <LivePage CollectPensDialog={CollectPensDialog} />;
}
