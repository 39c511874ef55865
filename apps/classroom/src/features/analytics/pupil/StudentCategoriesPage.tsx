/** math/student_categories, one pupil's units (classroom.md §2): placeholder until issue 15 builds it. */
import { useT } from '../../../i18n/text';

export default function StudentCategoriesPage() {
  const t = useT();
  return (
    <section className="page" data-testid="math-student-categories-page">
      {t('analytics.loading')}
    </section>
  );
}
