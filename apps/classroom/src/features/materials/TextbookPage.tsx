/**
 * textbook (classroom.md §2): the learning materials of a lecture (query curriculumId,
 * curriculumTitle, eduClassId) in a table of number, type, material name, registered date and
 * material print, paged 5/10/25/All (default 25), and 'add new learning material'.
 */
import type { Textbook } from '@dotink/contracts/edu';
import { useLanguage } from '@dotink/view/i18n';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { useClassParam } from '../../hooks/useClassParam';
import { type T, useT } from '../../i18n/text';
import { errorText } from '../../lib/services';
import { AddMaterialDialog } from './AddMaterialDialog';
import { MaterialPrintButton } from './print/MaterialPrintButton';
import { useMaterialList } from './useMaterials';

const positiveInt = (v: string | null): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export default function TextbookPage() {
  const t = useT();
  const language = useLanguage();
  const [params] = useSearchParams();
  const curriculumId = positiveInt(params.get('curriculumId'));
  const curriculumTitle = params.get('curriculumTitle') ?? '';
  // the lecture's class becomes the selected class (the top bar's lecture menu follows it)
  useClassParam();
  const list = useMaterialList(curriculumId);
  const [adding, setAdding] = useState(false);
  const columns = useMemo(() => materialColumns(t, language), [t, language]);
  return (
    <section className="page" data-testid="textbook-page">
      <h1>
        {t('materials.title')}
        {curriculumTitle ? ` · ${curriculumTitle}` : ''}
      </h1>
      <div className="toolbar">
        <Button
          className="button primary"
          onPress={() => setAdding(true)}
          isDisabled={curriculumId === undefined}
          data-testid="material-add"
        >
          {t('materials.add')}
        </Button>
      </div>
      {list.isError ? (
        <p className="error-text" role="alert">
          {errorText(t, list.error)}
        </p>
      ) : null}
      <DataTable
        label={t('materials.title')}
        columns={columns}
        data={list.data ?? []}
        rowId={(m) => String(m.id)}
        defaultPageSize={25}
        testId="materials-table"
        empty={list.isLoading ? t('common.loading') : t('materials.empty')}
      />
      {adding && curriculumId !== undefined ? (
        <AddMaterialDialog
          curriculumId={curriculumId}
          curriculumTitle={curriculumTitle}
          registered={list.data ?? []}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </section>
  );
}

const typeKey = (m: Textbook) =>
  m.type === 'REGULAR'
    ? 'materials.typeREGULAR'
    : m.type === 'POD'
      ? 'materials.typePOD'
      : 'materials.typeOther';

function materialColumns(t: T, language: string): TableColumn<Textbook>[] {
  const date = new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return [
    { id: 'number', header: t('materials.number'), cell: ({ row }) => row.index + 1, enableSorting: false },
    { id: 'type', accessorFn: (m) => t(typeKey(m)), header: t('materials.type') },
    { accessorKey: 'title', header: t('materials.name') },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: t('materials.registered'),
      cell: ({ row }) => date.format(new Date(row.original.createdAt)),
    },
    {
      id: 'print',
      header: t('materials.print'),
      enableSorting: false,
      cell: ({ row }) => <MaterialPrintButton textbook={row.original} />,
    },
  ];
}
