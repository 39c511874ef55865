/** notApproval (classroom.md §2): the approval-incomplete message and 'log in with another account'. */
import { Button } from 'react-aria-components';
import { useLogout } from '../../auth/useLogout';
import { useT } from '../../i18n/text';

export default function NotApprovalPage() {
  const t = useT();
  const logout = useLogout('otherAccount');
  return (
    <section className="page narrow" data-testid="not-approval">
      <h1>{t('notApproval.title')}</h1>
      <p>{t('notApproval.body')}</p>
      <Button className="button primary" onPress={logout} data-testid="other-account">
        {t('notApproval.otherAccount')}
      </Button>
    </section>
  );
}
