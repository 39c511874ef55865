/** math/categories, per-unit progress per pupil (classroom.md §2): placeholder until issue 15 builds it. */
import { useT } from '../../../i18n/text';

export default function CategoriesPage() {
  const t = useT();
  return (
    <section className="page" data-testid="math-categories-page">
      {t('analytics.loading')}
    </section>
  );
}
