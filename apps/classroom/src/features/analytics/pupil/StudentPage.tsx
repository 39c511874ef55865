/** math/student, one pupil's charts (classroom.md §2): placeholder until issue 15 builds it. */
import { useT } from '../../../i18n/text';

export default function StudentPage() {
  const t = useT();
  return (
    <section className="page" data-testid="math-student-page">
      {t('analytics.loading')}
    </section>
  );
}
