/**
 * The landing page (classroom.md §1, §2): headline, subtitle and the login button. The server's
 * sign-out returns here with the `state` of the sign-out: the address is cleaned, and after
 * 'log in with another account' the login page starts the server's account chooser.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { forgetLogoutReturn, hasStoredSession, readLogoutReturn } from '../../auth/storedSession';
import { Logo } from '../../components/Logo';
import { useT } from '../../i18n/text';

export default function LandingPage() {
  const t = useT();
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const [afterLogout] = useState(() => readLogoutReturn(search));
  useEffect(() => {
    if (!afterLogout) return;
    forgetLogoutReturn();
    navigate(afterLogout === 'otherAccount' ? '/login?account=other' : pathname, { replace: true });
  }, [afterLogout, navigate, pathname]);
  const signedIn = hasStoredSession();
  return (
    <div className="landing">
      <header className="landing-bar">
        <Logo to="/index" />
      </header>
      <main className="landing-main" id="main">
        <h1 className="landing-headline">{t('landing.headline')}</h1>
        <p className="landing-subtitle">{t('landing.subtitle')}</p>
        <Link className="button primary large" to={signedIn ? '/main' : '/login'} data-testid="landing-login">
          {signedIn ? t('landing.goToMain') : t('landing.login')}
        </Link>
      </main>
    </div>
  );
}
