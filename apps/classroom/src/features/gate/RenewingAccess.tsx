/**
 * A teacher approved since her sign-in (issue 28 item 2): her tokens lack the scopes her account
 * now holds, so the app asks the server for new ones without a page (`prompt=none`, over the
 * server's sign-in) and comes back to `to`; a reload is enough after the administrator approves.
 */
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { PATHS } from './gate';

export function RenewingAccess(props: { readonly to: string }) {
  const t = useT();
  const { session } = useServices();
  const started = useRef(false);
  // from the not-approved page the gate chooses the page (the curriculum, once approved)
  const to = props.to.startsWith(PATHS.notApproval) ? '/main' : props.to;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    session.renewSilently(to).catch((error: unknown) => toast(errorText(t, error), 'error'));
  }, [session, to, t]);
  return (
    <main className="center" id="main">
      <p role="status" data-testid="renewing-access">
        {t('gate.renewing')}
      </p>
    </main>
  );
}
