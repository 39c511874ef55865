/**
 * `/main`, the loading gate (classroom.md §4): without a token back to the landing page; a
 * teacher with no office code sees 'no school registration info' (confirm → school
 * registration); an unapproved one goes to notApproval; the rest to the curriculum page. A
 * teacher approved since her sign-in first gets tokens with her new scopes (RenewingAccess).
 */
import { Button } from 'react-aria-components';
import { Navigate, useNavigate } from 'react-router';
import { useTeacher } from '../../api/queries';
import { AppDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';
import { useServices } from '../../lib/services';
import { decideGate, PATHS } from './gate';
import { RenewingAccess } from './RenewingAccess';

export default function GatePage() {
  const t = useT();
  const { session } = useServices();
  const navigate = useNavigate();
  const teacher = useTeacher();
  if (!session.isSignedIn())
    return <Navigate to={session.endedBy === 'unauthorized' ? '/login' : '/'} replace />;
  if (!teacher.data) {
    return (
      <main className="center" id="main">
        <p role="status">{t('gate.loading')}</p>
      </main>
    );
  }
  const decision = decideGate({
    hasToken: true,
    scopes: session.scopes(),
    teacher: teacher.data,
    path: '/main',
    canRenew: session.canRenewSilently(),
  });
  if (decision.kind === 'renew') return <RenewingAccess to="/main" />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  const toSchool = () => navigate(PATHS.school, { replace: true });
  return (
    <main className="center" id="main">
      <AppDialog
        title={t('gate.noSchoolTitle')}
        isOpen
        role="alertdialog"
        dismissable={false}
        testId="no-school-dialog"
        onClose={toSchool}
        actions={
          <Button className="button primary" onPress={toSchool} data-testid="no-school-confirm">
            {t('common.confirm')}
          </Button>
        }
      >
        <p>{t('gate.noSchoolBody')}</p>
      </AppDialog>
    </main>
  );
}
