/**
 * The class list download (issue 30 item 1): Excel or CSV, without passwords unless the teacher
 * ticks 'include passwords', which shows at once a warning of what such a file allows.
 */
import { useId, useState } from 'react';
import type { Student } from '../../api/contracts';
import { ExportButtons } from '../../components/ExportButtons';
import { useT } from '../../i18n/text';
import { useServices } from '../../lib/services';
import { rosterTable } from './rosterExport';

export function RosterExport(props: {
  readonly eduClassId: number;
  readonly classTitle: string | undefined;
  readonly students: readonly Student[];
}) {
  const t = useT();
  const { api } = useServices();
  const [withPasswords, setWithPasswords] = useState(false);
  const boxId = useId();
  const warningId = useId();
  const tables = async () => {
    if (!withPasswords) return [rosterTable(t, props.students)];
    const passwords = new Map<string, string>();
    for (const s of props.students)
      passwords.set(s.id, (await api.credentials(props.eduClassId, s.id)).password);
    return [rosterTable(t, props.students, passwords)];
  };
  return (
    <ExportButtons
      what={t('export.roster')}
      tables={tables}
      fileName={[props.classTitle ?? '', t('export.roster')]}
      testId="export-roster"
    >
      <span className="export-option">
        <input
          id={boxId}
          type="checkbox"
          checked={withPasswords}
          onChange={(e) => setWithPasswords(e.target.checked)}
          aria-describedby={withPasswords ? warningId : undefined}
          data-testid="export-roster-passwords"
        />
        <label htmlFor={boxId}>{t('export.withPasswords')}</label>
      </span>
      {withPasswords ? (
        <p id={warningId} className="warning export-warning" role="alert" data-testid="export-roster-warning">
          {t('export.passwordWarning')}
        </p>
      ) : null}
    </ExportButtons>
  );
}
