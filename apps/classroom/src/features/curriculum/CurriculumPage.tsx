/**
 * The curriculum page (classroom.md §2): the grid of lecture cards, the first being 'create new
 * lecture'. Part 1 shows the cards with 'manage students' (which selects the card's class);
 * courses, materials and lessons come with part 2.
 */
import { Link } from 'react-router';
import { useTeacher } from '../../api/queries';
import { useServices } from '../../app/services';
import { useT } from '../../i18n/text';

/** Card descriptions are cut at 18 characters (classroom.md §2). */
export function truncateDescription(text: string): string {
  const chars = [...text];
  return chars.length > 18 ? `${chars.slice(0, 18).join('')}…` : text;
}

export default function CurriculumPage() {
  const t = useT();
  const { ui } = useServices();
  const teacher = useTeacher();
  const curris = teacher.data?.curris ?? [];
  return (
    <section className="page">
      <h1>{t('curriculum.title')}</h1>
      <ul className="card-grid" data-testid="curriculum-grid">
        <li className="card create-card" aria-disabled="true">
          <span aria-hidden="true">＋</span> {t('curriculum.create')}
        </li>
        {curris.map((c) => (
          <li className="card" key={c.id} data-testid="curriculum-card">
            <h2>{c.title}</h2>
            <p>{truncateDescription(c.description)}</p>
            <p className="muted">
              {c.className} · {t('common.persons', { count: c.totalStudents })}
            </p>
            <Link
              className="button small"
              to={`/main/student?eduClassId=${c.eduClassId}`}
              onClick={() => ui.selectClass(c.eduClassId)}
            >
              {t('curriculum.manageStudents')}
            </Link>
          </li>
        ))}
      </ul>
      {curris.length === 0 ? <p className="muted">{t('curriculum.empty')}</p> : null}
    </section>
  );
}
