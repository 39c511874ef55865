/**
 * The main shell under `/main/…` (classroom.md §2): the gate of §4 for the page asked for, the
 * top bar, the side drawer of the admin area or of the books area (math/… and replay), and the page.
 */
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTeacher } from '../../api/queries';
import { useEarlyClassSummary } from '../../features/analytics/class/earlySummary';
import { decideGate } from '../../features/gate/gate';
import { RenewingAccess } from '../../features/gate/RenewingAccess';
import { useT } from '../../i18n/text';
import { useServices } from '../../lib/services';
import { BooksDrawer } from './BooksDrawer';
import { Drawer } from './Drawer';
import { TopBar } from './TopBar';

/**
 * The stylesheet's phone width: there the drawers start closed, open as an overlay above the page
 * (never pushing it down), and close when a link in them is followed.
 */
const PHONE = '(max-width: 700px)';
const isPhone = () => window.matchMedia?.(PHONE).matches === true;

export default function Shell() {
  const t = useT();
  const { session } = useServices();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const teacher = useTeacher();
  useEarlyClassSummary(pathname, search, session.isSignedIn());
  // on a phone the drawers start closed: open, they would cover the page
  const [drawerOpen, setDrawerOpen] = useState(() => !isPhone());
  const [booksOpen, setBooksOpen] = useState(() => !isPhone());
  useEffect(() => {
    const phone = window.matchMedia?.(PHONE);
    const follow = () => {
      setDrawerOpen(!phone.matches);
      setBooksOpen(!phone.matches);
    };
    phone?.addEventListener('change', follow);
    return () => phone?.removeEventListener('change', follow);
  }, []);
  // a link followed in the overlay drawer closes it (pathname and search are the trigger)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => {
    if (!isPhone()) return;
    setDrawerOpen(false);
    setBooksOpen(false);
  }, [pathname, search]);
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
