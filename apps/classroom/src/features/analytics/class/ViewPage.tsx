/** math/view, the pupil selection list (classroom.md §2): placeholder until issue 15 builds it. */
import { useT } from '../../../i18n/text';

export default function ViewPage() {
  const t = useT();
  return (
    <section className="page" data-testid="math-view-page">
      {t('analytics.loading')}
    </section>
  );
}
