/** math/all, the whole-textbook class analysis (classroom.md §2): placeholder until issue 15 builds it. */
import { useT } from '../../../i18n/text';

export default function AllPage() {
  const t = useT();
  return (
    <section className="page" data-testid="math-all-page">
      {t('analytics.loading')}
    </section>
  );
}
