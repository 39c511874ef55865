/**
 * The teacher's student page (classroom.md §2): 'student management' with the class name, the
 * QR code print button, select-all and per-row checkboxes, inline editing and apply per row.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useServices } from '../../app/services';
import { AlertDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';
import { useQrLabels } from '../labels/useQrLabels';
import { StudentsPageFrame, useClassStudents } from './StudentsPageFrame';
import { StudentTable } from './StudentTable';

export default function TeacherStudentsPage() {
  const t = useT();
  const { api } = useServices();
  const { eduClassId, klass, students, editing } = useClassStudents(api.saveStudents);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const qr = useQrLabels(eduClassId);
  if (eduClassId === undefined) return <p>{t('students.chooseClass')}</p>;
  return (
    <StudentsPageFrame
      classTitle={klass?.className}
      toolbar={
        <Button
          className="button primary"
          data-testid="qr-print"
          onPress={() => void qr.print(students.filter((s) => checked.has(s.id)))}
        >
          {t('students.qr')}
        </Button>
      }
    >
      <StudentTable students={students} selection={{ checked, onChange: setChecked }} {...editing} />
      <AlertDialog
        title={t('qr.noStudentTitle')}
        message={qr.noStudent ? t('qr.noStudent') : undefined}
        confirm={t('common.confirm')}
        onClose={qr.closeNoStudent}
        testId="no-student-dialog"
      />
    </StudentsPageFrame>
  );
}
