/** The landing page (classroom.md §1, §2): headline, subtitle and the login button. */
import { Link } from 'react-router';
import { hasStoredSession } from '../../auth/storedSession';
import { Logo } from '../../components/Logo';
import { useT } from '../../i18n/text';

export default function LandingPage() {
  const t = useT();
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
