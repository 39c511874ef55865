/**
 * The teacher's student page (classroom.md §2): 'student management' with the class name, the
 * QR code print button, select-all and per-row checkboxes, inline editing and apply per row.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { useCurriculums } from '../../api/lecturesQueries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AlertDialog } from '../../components/Dialog';
import { useT } from '../../i18n/text';
import { useServices } from '../../lib/services';
import { useQrLabels } from './labels/useQrLabels';
import { RosterExport } from './RosterExport';
import { StudentsPageFrame, useClassStudents } from './StudentsPageFrame';
import { StudentTable } from './StudentTable';

export default function TeacherStudentsPage() {
  const t = useT();
  const { api } = useServices();
  const { eduClassId, klass, students, editing } = useClassStudents(api.saveStudents);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const qr = useQrLabels(eduClassId);
  const [params] = useSearchParams();
  const lectures = useCurriculums();
  // the lecture it was opened from, else the class's lecture
  const lectureTitle =
    params.get('curriculumTitle') ?? lectures.data?.find((c) => c.eduClassId === eduClassId)?.title;
  if (eduClassId === undefined) return <p>{t('students.chooseClass')}</p>;
  return (
    <StudentsPageFrame
      classTitle={klass?.className}
      lectureTitle={lectureTitle}
      toolbar={
        <Button
          className="button primary"
          data-testid="qr-print"
          onPress={() =>
            qr.print(
              students.filter((s) => checked.has(s.id)),
              students,
            )
          }
        >
          {t('students.qr')}
        </Button>
      }
    >
      <p className="muted" data-testid="qr-password-note">
        {t('qr.passwordNote')}
      </p>
      <RosterExport eduClassId={eduClassId} classTitle={klass?.className} students={students} />
      <StudentTable students={students} selection={{ checked, onChange: setChecked }} {...editing} />
      <AlertDialog
        title={t('qr.noStudentTitle')}
        message={qr.noStudent ? t('qr.noStudent') : undefined}
        confirm={t('common.confirm')}
        onClose={qr.closeNoStudent}
        testId="no-student-dialog"
      />
      <ConfirmDialog
        title={t('qr.warningTitle')}
        message={
          qr.warning
            ? `${t('qr.warning')} ${qr.warning.list
                .map(
                  (w) =>
                    `${w.num} ${w.name} ${w.status === 'invalid' ? t('students.error') : t('students.duplicate')}`,
                )
                .join(', ')}`
            : undefined
        }
        confirm={t('qr.printAnyway')}
        cancel={t('common.cancel')}
        onConfirm={() => qr.warning?.go()}
        onCancel={qr.closeWarning}
        testId="qr-warning"
      />
    </StudentsPageFrame>
  );
}
