/**
 * The side drawer of the admin area (classroom.md §2, 310 px): manage teachers, register/manage
 * classes, and 'class student management' with one entry per class; the current item marked.
 */
import { Link, NavLink, useSearchParams } from 'react-router';
import { useClasses } from '../../api/queries';
import { useT } from '../../i18n/text';

export function Drawer() {
  const t = useT();
  const classes = useClasses();
  const [params] = useSearchParams();
  const current = params.get('eduClassId');
  return (
    <nav className="drawer" aria-label={t('shell.drawer')} data-testid="drawer">
      <ul>
        <li>
          <NavLink to="/main/admin/teachers">{t('shell.adminTeachers')}</NavLink>
        </li>
        <li>
          <NavLink to="/main/admin/eduClass">{t('classes.title')}</NavLink>
        </li>
        <li>
          <span className="drawer-group">{t('shell.classStudents')}</span>
          <ul>
            {(classes.data ?? []).map((c) => (
              <li key={c.eduClassId}>
                <Link
                  to={`/main/admin/students?eduClassId=${c.eduClassId}`}
                  className={current === String(c.eduClassId) ? 'active' : ''}
                  aria-current={current === String(c.eduClassId) ? 'page' : undefined}
                >
                  {c.className}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}
