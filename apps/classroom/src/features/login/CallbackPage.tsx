/**
 * `/callback.html` (classroom.md §2, §4): exchanges the code for a token, loads the teacher
 * (toasts 'fetching teacher information' and 'finished') and goes to the redirect path, or to
 * notApproval when the granted scope lacks edu.read. A failure shows 'login failed', clears the
 * credentials and returns to /login. A teacher without a school goes to the gate first (its
 * 'no school registration info' dialog leads to registration, §4).
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { eduKeys } from '../../api/queries';
import { AppDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';

export default function CallbackPage() {
  const t = useT();
  const services = useServices();
  const navigate = useNavigate();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { session, api, queryClient } = services;
    (async () => {
      toast(t('login.fetchingTeacher'));
      const redirect = await session.completeLogin(window.location.href);
      const teacher = await queryClient.fetchQuery({ queryKey: eduKeys.teacher, queryFn: api.teacher });
      toast(t('login.finished'), 'success');
      // no school yet: the gate's 'no school registration info' leads to registration first
      const next =
        teacher.eduSchoolId === null
          ? '/main'
          : session.scopes().includes('edu.read')
            ? redirect
            : '/main/notApproval';
      navigate(next, { replace: true });
    })().catch((error: unknown) => {
      services.session.clear();
      toast(errorText(t, error), 'error');
      setFailed(true);
    });
  }, [services, navigate, t]);
  return (
    <main className="center" id="main">
      <p role="status">{t('login.loggingIn')}</p>
      <AppDialog
        title={t('login.failed')}
        isOpen={failed}
        role="alertdialog"
        testId="login-failed"
        onClose={() => navigate('/login', { replace: true })}
        actions={
          <Button className="button primary" onPress={() => navigate('/login', { replace: true })}>
            {t('common.confirm')}
          </Button>
        }
      >
        <p>{t('login.failed')}</p>
      </AppDialog>
    </main>
  );
}
