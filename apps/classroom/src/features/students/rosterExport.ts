/**
 * The class list as it leaves the app (issue 30 item 1): registration number, name, pen address
 * (as the table shows it) and the student id (the pupil's sign-in name); the passwords only when
 * the teacher asks, read from the credentials call as the QR labels read them.
 */
import type { Student } from '../../api/contracts';
import type { T } from '../../i18n/text';
import { columnsOf, type ExportTable } from '../../lib/tableExport/table';

/** The roster table; `passwords` (by student id) adds the password column. */
export function rosterTable(
  t: T,
  students: readonly Pick<Student, 'id' | 'num' | 'name' | 'macAddress'>[],
  passwords?: ReadonlyMap<string, string>,
): ExportTable {
  const headers = [t('students.num'), t('students.name'), t('students.mac'), t('students.id')];
  return {
    title: t('export.roster'),
    columns: columnsOf(passwords ? [...headers, t('export.password')] : headers),
    rows: students.map((s) => {
      const row = [s.num, s.name, s.macAddress, s.id];
      return passwords ? [...row, passwords.get(s.id) ?? ''] : row;
    }),
  };
}
