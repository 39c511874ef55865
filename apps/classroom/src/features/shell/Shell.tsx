/**
 * The main shell under `/main/…` (classroom.md §2): the gate of §4 for the page asked for, the
 * top bar, the side drawer of the admin area or of the books area (math/… and replay), and the page.
 */
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTeacher } from '../../api/queries';
import { useServices } from '../../app/services';
import { useT } from '../../i18n/text';
import { useEarlyClassSummary } from '../analytics/class/earlySummary';
import { decideGate } from '../gate/gate';
import { RenewingAccess } from '../gate/RenewingAccess';
import { BooksDrawer } from './BooksDrawer';
import { Drawer } from './Drawer';
import { TopBar } from './TopBar';

/** Where the books drawer starts closed (the stylesheet's phone width). */
const PHONE = '(max-width: 700px)';

export default function Shell() {
  const t = useT();
  const { session } = useServices();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const teacher = useTeacher();
  useEarlyClassSummary(pathname, search, session.isSignedIn());
  const [drawerOpen, setDrawerOpen] = useState(true);
  // the books drawer is closed on a phone, where it would push the charts below the fold
  const [booksOpen, setBooksOpen] = useState(() => !window.matchMedia?.(PHONE).matches);
  useEffect(() => {
    const phone = window.matchMedia?.(PHONE);
    const follow = () => setBooksOpen(!phone.matches);
    phone?.addEventListener('change', follow);
    return () => phone?.removeEventListener('change', follow);
  }, []);
  const decision =
    session.isSignedIn() && teacher.data
      ? decideGate({
          hasToken: true,
          scopes: session.scopes(),
          teacher: teacher.data,
          path: pathname,
          canRenew: session.canRenewSilently(),
        })
      : undefined;
  useEffect(() => {
    if (decision?.kind !== 'notAdmin') return;
    const id = window.setTimeout(() => (window.history.length > 1 ? navigate(-1) : navigate('/main')), 800);
    return () => window.clearTimeout(id);
  }, [decision?.kind, navigate]);
  if (!session.isSignedIn())
    return <Navigate to={session.endedBy === 'unauthorized' ? '/login' : '/'} replace />;
  if (!teacher.data || !decision) {
    return (
      <main className="center" id="main">
        <p role="status">{t('gate.loading')}</p>
      </main>
    );
  }
  if (decision.kind === 'renew') return <RenewingAccess to={pathname + search} />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'noSchoolDialog') return <Navigate to="/main" replace />;
  const admin = pathname.startsWith('/main/admin');
  const books = pathname.startsWith('/main/math') || pathname === '/main/replay';
  const open = admin ? drawerOpen : books && booksOpen;
  return (
    <div className={`shell${open ? ' with-drawer' : ''}`}>
      <a className="skip" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopBar
        teacher={teacher.data}
        showMenu={admin || books}
        onMenu={() => (admin ? setDrawerOpen((o) => !o) : setBooksOpen((o) => !o))}
      />
      {open ? admin ? <Drawer /> : <BooksDrawer /> : null}
      <main className="shell-main" id="main">
        {decision.kind === 'notAdmin' ? (
          <p role="status" data-testid="checking-permission">
            {t('teachers.checking')}
          </p>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
