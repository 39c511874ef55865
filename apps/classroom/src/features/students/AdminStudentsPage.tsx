/**
 * admin/students (classroom.md §2): the class's students with number, name, pen address, the
 * unique id and apply; the Excel template and adding or editing students from a spreadsheet.
 */
import { useLanguage } from '@dotink/view/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import { eduKeys } from '../../api/queries';
import { useServices } from '../../app/services';
import { useT } from '../../i18n/text';
import { useTemplateDownload } from '../classes/useTemplateDownload';
import { StudentsPageFrame, useClassStudents } from './StudentsPageFrame';
import { StudentTable } from './StudentTable';

const ImportDialog = lazy(async () => ({
  default: (await import('../spreadsheet/ImportDialog')).ImportDialog,
}));

export default function AdminStudentsPage() {
  const t = useT();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { eduClassId, klass, students, editing } = useClassStudents(api.saveStudentsAdmin);
  const download = useTemplateDownload(useLanguage());
  const [importing, setImporting] = useState(false);
  if (eduClassId === undefined) return <p>{t('students.chooseClass')}</p>;
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
      <StudentTable students={students} showId {...editing} />
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
