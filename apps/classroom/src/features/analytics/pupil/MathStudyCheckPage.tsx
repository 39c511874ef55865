/** mathStudyCheck, the live and study review of a teacher's own material (classroom.md §2): placeholder until issue 15 builds it. */
import { useT } from '../../../i18n/text';

export default function MathStudyCheckPage() {
  const t = useT();
  return (
    <section className="page" data-testid="math-study-check-page">
      {t('analytics.loading')}
    </section>
  );
}
