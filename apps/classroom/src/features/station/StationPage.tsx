/** The pen station (issue 16): placeholder, built by branch live-station. */
import { useT } from '../../i18n/text';

export default function StationPage() {
  const t = useT();
  return (
    <main id="main" className="station">
      <h1>{t('station.title')}</h1>
    </main>
  );
}
