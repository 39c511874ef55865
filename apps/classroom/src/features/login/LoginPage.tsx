/**
 * `/login`, the account chooser (classroom.md §2): the Google button when the server has an
 * upstream sign-in, and the provider-account button. Both start the authorization code + PKCE
 * sign-in at the server with the redirect query (default /main). After 'log in with another
 * account' (`?account=other`, once the server's sign-out is done) the server's account chooser
 * opens at once (`prompt=login`).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Navigate, useSearchParams } from 'react-router';
import { fetchWebConfig, webConfigKeys } from '../../api/webConfig';
import { Logo } from '../../components/Logo';
import { useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';

export default function LoginPage() {
  const t = useT();
  const { session } = useServices();
  const [params] = useSearchParams();
  const [starting, setStarting] = useState(false);
  const config = useQuery({
    queryKey: webConfigKeys.config,
    queryFn: () => fetchWebConfig(window.location.origin),
  });
  const redirect = params.get('redirect') ?? '/main';
  const otherAccount = params.get('account') === 'other';
  const start = (prompt?: 'login') => {
    setStarting(true);
    session.startLogin(redirect, prompt).catch((error: unknown) => {
      setStarting(false);
      toast(`${t('login.failed')}: ${errorText(t, error)}`, 'error');
    });
  };
  const chooserOpened = useRef(false);
  useEffect(() => {
    if (!otherAccount || chooserOpened.current || session.isSignedIn()) return;
    chooserOpened.current = true;
    start('login');
  });
  if (session.isSignedIn()) return <Navigate to="/main" replace />;
  const upstream = config.data?.upstreamName;
  return (
    <div className="landing">
      <header className="landing-bar">
        <Logo to="/index" />
      </header>
      <main className="login-card" id="main">
        <h1>{t('login.title')}</h1>
        {upstream ? (
          <Button
            className="button large"
            onPress={() => start()}
            isDisabled={starting}
            data-testid="login-google"
          >
            {t('login.google', { name: upstream })}
          </Button>
        ) : null}
        <Button
          className="button primary large"
          onPress={() => start()}
          isDisabled={starting}
          data-testid="login-provider"
        >
          {starting ? t('login.loggingIn') : t('login.provider')}
        </Button>
      </main>
    </div>
  );
}
