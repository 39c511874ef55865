/** The class display of a live lesson (issue 16): placeholder, built by branch live-teacher. */
import { useT } from '../../i18n/text';

export default function DisplayPage() {
  const t = useT();
  return (
    <main id="main">
      <h1>{t('live.title')}</h1>
    </main>
  );
}
