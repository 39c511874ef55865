/**
 * admin/students (classroom.md §2): the class's students with number, name, pen address, the
 * unique id and apply; the Excel template and adding or editing students from a spreadsheet; one
 * pupil added by hand under the table, or removed by its row's button (hidden: deleteYn 'Y').
 */
import { useLanguage } from '@dotink/view/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import type { Student, StudentRowInput } from '../../api/contracts';
import { eduKeys } from '../../api/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useTemplateDownload } from '../../components/spreadsheet/useTemplateDownload';
import { useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { AddPupilForm } from './AddPupilForm';
import { RosterExport } from './RosterExport';
import { StudentsPageFrame, useClassStudents } from './StudentsPageFrame';
import { StudentTable } from './StudentTable';

const ImportDialog = lazy(async () => ({
  default: (await import('../../components/spreadsheet/ImportDialog')).ImportDialog,
}));

export default function AdminStudentsPage() {
  const t = useT();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { eduClassId, klass, students, editing } = useClassStudents(api.saveStudentsAdmin);
  const download = useTemplateDownload(useLanguage());
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<Student>();
  if (eduClassId === undefined) return <p>{t('students.chooseClass')}</p>;
  /** Saves rows of the class and shows the class's pupils the server answers. */
  const saveRows = async (rows: readonly StudentRowInput[]) => {
    const list = await api.saveStudentsAdmin(eduClassId, rows);
    queryClient.setQueryData(
      eduKeys.students(eduClassId),
      list.filter((s) => s.deleteYn === 'N'),
    );
    void queryClient.invalidateQueries({ queryKey: eduKeys.classes });
  };
  const remove = async (s: Student) => {
    setRemoving(undefined);
    try {
      await saveRows([{ id: s.id, num: s.num, deleteYn: 'Y' }]);
      toast(t('students.removed', { name: s.name }), 'success');
    } catch (error) {
      toast(errorText(t, error), 'error');
    }
  };
  return (
    <StudentsPageFrame
      classTitle={klass?.className}
      toolbar={
        <>
          <Button className="button" onPress={download} data-testid="template-download">
            {t('classes.template')}
          </Button>
          <Button className="button primary" onPress={() => setImporting(true)} data-testid="import-open">
            {t('students.excel')}
          </Button>
        </>
      }
    >
      <RosterExport eduClassId={eduClassId} classTitle={klass?.className} students={students} />
      <StudentTable students={students} showId onRemove={(r) => setRemoving(r.student)} {...editing} />
      <AddPupilForm students={students} save={saveRows} />
      <ConfirmDialog
        title={t('students.removeTitle')}
        message={
          removing ? t('students.removeConfirm', { num: removing.num, name: removing.name }) : undefined
        }
        confirm={t('students.remove')}
        cancel={t('common.cancel')}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(undefined)}
        testId="remove-pupil"
      />
      {importing ? (
        <Suspense fallback={null}>
          <ImportDialog
            eduClassId={eduClassId}
            existing={students}
            onClose={() => setImporting(false)}
            onSaved={(list) => {
              queryClient.setQueryData(
                eduKeys.students(eduClassId),
                list.filter((s) => s.deleteYn === 'N'),
              );
              void queryClient.invalidateQueries({ queryKey: eduKeys.classes });
              setImporting(false);
            }}
          />
        </Suspense>
      ) : null}
    </StudentsPageFrame>
  );
}
