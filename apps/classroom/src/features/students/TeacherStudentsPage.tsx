/**
 * The teacher's student page (classroom.md §2): 'student management' with the class name, the
 * QR code print button, select-all and per-row checkboxes, inline editing and apply per row.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useStudents } from '../../api/queries';
import { useServices } from '../../app/services';
import { AlertDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';
import { useQrLabels } from '../labels/useQrLabels';
import { StudentTable } from './StudentTable';
import { useClassParam } from './useClassParam';
import { useStudentEditing } from './useStudentEditing';

export default function TeacherStudentsPage() {
  const t = useT();
  const { api } = useServices();
  const { eduClassId, klass } = useClassParam();
  const students = useStudents(eduClassId);
  const editing = useStudentEditing(eduClassId, api.saveStudents);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const qr = useQrLabels(eduClassId);
  if (eduClassId === undefined) return <p>{t('students.chooseClass')}</p>;
  return (
    <section className="page">
      <h1>{t('students.title')}</h1>
      <p className="muted" data-testid="class-title">
        {klass?.className}
      </p>
      <div className="toolbar">
        <Button
          className="button primary"
          data-testid="qr-print"
          onPress={() => void qr.print((students.data ?? []).filter((s) => checked.has(s.id)))}
        >
          {t('students.qr')}
        </Button>
      </div>
      <StudentTable
        students={students.data ?? []}
        selection={{ checked, onChange: setChecked }}
        {...editing}
      />
      <AlertDialog
        title={t('qr.noStudentTitle')}
        message={qr.noStudent ? t('qr.noStudent') : undefined}
        confirm={t('common.confirm')}
        onClose={qr.closeNoStudent}
        testId="no-student-dialog"
      />
    </section>
  );
}
