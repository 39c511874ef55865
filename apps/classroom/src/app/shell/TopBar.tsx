/**
 * The top bar (classroom.md §2): menu toggle (admin area), logo home, breadcrumb (hidden on
 * small screens), school name, pen icon with the connected-pen count, the lecture dropdown inside
 * a selected class, admin-teachers and home buttons on the class list and school pages, the
 * pending-teachers badge for school admins, a staging label, and logout.
 */
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TeacherInfo } from '../../api/contracts';
import { readLectureQuery, textbookPath } from '../../api/lectureLinks';
import { useLectureTextbooks } from '../../api/lecturesQueries';
import { resultsPath } from '../../api/mathLinks';
import { useTeachers } from '../../api/queries';
import { useLogout } from '../../auth/useLogout';
import { Logo } from '../../components/Logo';
import { useT } from '../../i18n/text';
import { livePath } from '../../lib/liveLinks';
import { useServices } from '../../lib/services';
import { useConnectedPenCount } from '../../stores/penCount';
import { useUi } from '../../stores/uiStore';
import { breadcrumbOf } from './breadcrumb';

/** Shown when the build says so (VITE_DOTINK_ENV other than production) or in development. */
const STAGING = import.meta.env.DEV || (import.meta.env.VITE_DOTINK_ENV ?? 'production') !== 'production';

export function TopBar(props: { teacher: TeacherInfo; showMenu: boolean; onMenu: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  const { teacher } = props;
  const logout = useLogout();
  const approved = teacher.status === 'ACTIVE';
  const onSchool = pathname === '/main/school';
  const onClassList = pathname === '/main/curriculum' || onSchool;
  return (
    <header className="topbar">
      {props.showMenu ? (
        <Button
          className="icon-button"
          aria-label={t('shell.menu')}
          onPress={props.onMenu}
          data-testid="menu-toggle"
        >
          ☰
        </Button>
      ) : null}
      <Logo to={onSchool ? '/' : '/main/curriculum'} />
      {STAGING ? <span className="staging">{t('app.staging')}</span> : null}
      <nav aria-label={t('shell.breadcrumb')} className="breadcrumb">
        {breadcrumbOf(pathname).map((k, i) => (
          <span key={k}>
            {i > 0 ? ' › ' : ''}
            {t(k)}
          </span>
        ))}
      </nav>
      <span className="spacer" />
      <span className="school-name" data-testid="school-name">
        {teacher.schoolName}
      </span>
      {approved && !onClassList ? <LectureMenu /> : null}
      {teacher.isSchoolAdmin && approved ? <PendingBadge /> : null}
      {onClassList && approved ? (
        <>
          {teacher.isSchoolAdmin ? (
            <Link className="button small" to="/main/admin/teachers" data-testid="admin-teachers-button">
              {t('shell.adminTeachers')}
            </Link>
          ) : null}
          <Link className="button small" to="/main/curriculum">
            {t('shell.home')}
          </Link>
        </>
      ) : null}
      <PenIcon />
      <Button className="button small" onPress={logout} data-testid="logout">
        {t('logout')}
      </Button>
    </header>
  );
}

/** The pen-connection icon with the count of connected pens (green when at least one). */
function PenIcon() {
  const t = useT();
  const count = useConnectedPenCount();
  return (
    <span className={`pen-icon${count > 0 ? ' on' : ''}`} role="img" aria-label={t('shell.pens', { count })}>
      ✎<span className="badge">{count}</span>
    </span>
  );
}

/** The count of teachers awaiting approval, linking to admin/teachers. */
function PendingBadge() {
  const t = useT();
  const teachers = useTeachers(true);
  const count = teachers.data?.filter((x) => x.status !== 'ACTIVE').length ?? 0;
  if (count === 0) return null;
  return (
    <Link
      to="/main/admin/teachers"
      className="pending-badge"
      data-testid="pending-badge"
      aria-label={t('shell.pendingBadge', { count })}
    >
      {count}
    </Link>
  );
}

/** The lecture-management dropdown of the selected class. */
function LectureMenu() {
  const t = useT();
  const { ui } = useServices();
  const navigate = useNavigate();
  const classId = useUi(ui, (s) => s.selectedClassId);
  // inside a lecture (its pages carry curriculumId, curriculumTitle, eduClassId): its screens too
  const lecture = readLectureQuery(useSearchParams()[0]);
  // 'check learning results' opens the analysis of the lecture's material (the lessons while loading)
  const textbooks = useLectureTextbooks(lecture?.id);
  if (classId === undefined) return null;
  const to = (key: unknown) =>
    key === 'students'
      ? `/main/student?eduClassId=${classId}`
      : lecture && key === 'materials'
        ? textbookPath(lecture)
        : lecture && key === 'results'
          ? resultsPath(lecture, textbooks.data ?? [])
          : lecture && key === 'lesson'
            ? livePath(lecture)
            : '/main/curriculum';
  return (
    <MenuTrigger>
      <Button className="button small" data-testid="lecture-menu">
        {t('shell.lectureMenu')} ▾
      </Button>
      <Popover className="popover">
        <Menu className="menu" onAction={(key) => navigate(to(key))}>
          <MenuItem id="students" className="menu-item">
            {t('curriculum.manageStudents')}
          </MenuItem>
          <MenuItem id="classes" className="menu-item">
            {t('shell.classList')}
          </MenuItem>
          {lecture ? (
            <>
              <MenuItem id="results" className="menu-item">
                {t('lectures.checkResults')}
              </MenuItem>
              <MenuItem id="lesson" className="menu-item">
                {t('lectures.liveLesson')}
              </MenuItem>
              <MenuItem id="materials" className="menu-item">
                {t('lectures.registerMaterial')}
              </MenuItem>
            </>
          ) : null}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
