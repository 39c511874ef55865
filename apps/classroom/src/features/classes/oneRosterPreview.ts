/** How the OneRoster preview words the server's answer (issue 30 item 3). */
import type { OneRosterImportData, OneRosterImportProblem } from '../../api/oneRoster';
import type { OneRosterKey, OneRosterT } from '../../i18n/oneRoster';

/** One problem as the user reads it: file, row, column, what is wrong and the value. */
export function problemText(t: OneRosterT, p: OneRosterImportProblem): string {
  const what = t(`oneRoster.p.${p.code}` as OneRosterKey);
  const problem =
    p.value !== undefined && p.value !== ''
      ? t('oneRoster.problemValue', { problem: what, value: p.value })
      : what;
  return p.column !== undefined
    ? t('oneRoster.problemAt', { file: p.file, row: p.row, column: p.column, problem })
    : t('oneRoster.problemRow', { file: p.file, row: p.row, problem });
}

/** Whether applying the roster would change anything. */
export function changesAnything(data: OneRosterImportData): boolean {
  const c = data.counts;
  return c.classesNew + c.classesUpdated + c.pupilsNew + c.pupilsUpdated + c.pupilsRemoved > 0;
}

/** The summary table's rows: what, then new / updated / unchanged / hidden (blank where it does not apply). */
export function summaryRows(
  t: OneRosterT,
  data: OneRosterImportData,
): { what: string; cells: (number | '')[] }[] {
  const c = data.counts;
  return [
    { what: t('oneRoster.classes'), cells: [c.classesNew, c.classesUpdated, c.classesUnchanged, ''] },
    {
      what: t('oneRoster.pupils'),
      cells: [c.pupilsNew, c.pupilsUpdated, c.pupilsUnchanged, c.pupilsRemoved],
    },
  ];
}
