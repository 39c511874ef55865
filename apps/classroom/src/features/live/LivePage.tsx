/** The live-lesson screen (issue 16): placeholder, built by branch live-teacher. */
import { useT } from '../../i18n/text';

export default function LivePage() {
  const t = useT();
  return <h1>{t('live.title')}</h1>;
}
