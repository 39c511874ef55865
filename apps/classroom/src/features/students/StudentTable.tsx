import { useMemo } from 'react';
import { Button } from 'react-aria-components';
import type { Student } from '../../api/contracts';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { type T, useT } from '../../i18n/text';
import { type Edit, type Edits, hasWrongPens, type RowView, rowViews, tidyAddress } from './studentEdits';

export interface StudentTableProps {
  readonly students: readonly Student[];
  readonly edits: Edits;
  readonly onEdit: (id: string, edit: Edit | undefined) => void;
  readonly onApply: (row: RowView) => void;
  readonly applying: ReadonlySet<string>;
  /** The teacher's page: checkboxes for QR labels. */
  readonly selection?: {
    readonly checked: ReadonlySet<string>;
    readonly onChange: (ids: Set<string>) => void;
  };
  /** The admin page: the student unique id column. */
  readonly showId?: boolean;
  /** The admin page: a 'remove' button per row. */
  readonly onRemove?: (row: RowView) => void;
}

/** A fully typed address (12 hex digits, or six 2-digit parts) is put in canonical form at once. */
function completeAddress(typed: string): string {
  return /^\s*([0-9a-f]{12}|[0-9a-f]{2}([:\-. ][0-9a-f]{2}){5})\s*$/i.test(typed)
    ? tidyAddress(typed)
    : typed;
}

export function StudentTable(props: StudentTableProps) {
  const t = useT();
  const rows = useMemo(() => rowViews(props.students, props.edits), [props.students, props.edits]);
  const columns = useMemo(() => studentColumns(t, props, rows), [t, props, rows]);
  const marks = new Set(rows.map((r) => r.mark));
  return (
    <>
      {hasWrongPens(rows) ? (
        <div role="alert" data-testid="pen-warnings">
          <p className="warning">{t('students.wrongPens')}</p>
          <p className="warning">
            {marks.has('duplicate') ? t('students.errorDuplicate') : t('students.errorInvalid')} ·{' '}
            {t('students.escUndo')}
          </p>
        </div>
      ) : null}
      <DataTable
        label={t('students.title')}
        columns={columns}
        data={rows}
        rowId={(r) => r.student.id}
        defaultPageSize={-1}
        testId="students-table"
        phoneCards
        empty={t('students.none')}
      />
    </>
  );
}

function studentColumns(t: T, p: StudentTableProps, rows: readonly RowView[]): TableColumn<RowView>[] {
  const edit = (r: RowView, next: Partial<Edit>) => {
    const s = r.student;
    const e = { name: r.name, mac: r.mac, ...next };
    p.onEdit(s.id, e.name === s.name && e.mac === s.macAddress ? undefined : e);
  };
  /** ESC restores the original value of the field being edited (classroom.md §4). */
  const onKey = (r: RowView, field: keyof Edit) => (ev: React.KeyboardEvent<HTMLInputElement>) => {
    if (ev.key !== 'Escape') return;
    ev.preventDefault();
    edit(r, field === 'name' ? { name: r.student.name } : { mac: r.student.macAddress });
  };
  const cols: TableColumn<RowView>[] = [];
  if (p.selection) {
    const sel = p.selection;
    const all = rows.length > 0 && rows.every((r) => sel.checked.has(r.student.id));
    cols.push({
      id: 'select',
      enableSorting: false,
      header: () => (
        <input
          type="checkbox"
          aria-label={t('students.selectAll')}
          checked={all}
          data-testid="select-all"
          onChange={() => sel.onChange(all ? new Set() : new Set(rows.map((r) => r.student.id)))}
        />
      ),
      cell: ({ row }) => {
        const id = row.original.student.id;
        return (
          <input
            type="checkbox"
            aria-label={t('students.selectRow', { name: row.original.name })}
            checked={sel.checked.has(id)}
            data-testid="select-row"
            onChange={() => {
              const next = new Set(sel.checked);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              sel.onChange(next);
            }}
          />
        );
      },
    });
  }
  cols.push(
    { id: 'num', accessorFn: (r) => r.student.num, header: t('students.num') },
    {
      id: 'name',
      accessorFn: (r) => r.name,
      header: t('students.name'),
      cell: ({ row }) => (
        <input
          type="text"
          aria-label={t('students.nameOf', { num: row.original.student.num })}
          value={row.original.name}
          data-testid="student-name"
          onChange={(e) => edit(row.original, { name: e.target.value })}
          onKeyDown={onKey(row.original, 'name')}
        />
      ),
    },
    {
      id: 'mac',
      accessorFn: (r) => r.mac,
      header: p.showId ? t('students.mac') : t('students.mac'),
      cell: ({ row }) => {
        const r = row.original;
        return (
          <span className="mac-cell">
            <input
              type="text"
              aria-label={t('students.macOf', { num: r.student.num })}
              aria-invalid={r.mark !== 'none'}
              value={r.mac}
              data-testid="student-mac"
              onChange={(e) => edit(r, { mac: completeAddress(e.target.value) })}
              onBlur={() => {
                const tidy = tidyAddress(r.mac);
                if (tidy !== r.mac) edit(r, { mac: tidy });
              }}
              onKeyDown={onKey(r, 'mac')}
            />
            {r.mark === 'invalid' ? (
              <span className="pen-invalid" data-testid="mark-error">
                {t('students.error')}
              </span>
            ) : r.mark === 'duplicate' ? (
              <span className="pen-duplicate" data-testid="mark-duplicate">
                {t('students.duplicate')}
              </span>
            ) : null}
          </span>
        );
      },
    },
  );
  if (p.showId) cols.push({ id: 'id', accessorFn: (r) => r.student.id, header: t('students.id') });
  cols.push({
    id: 'apply',
    enableSorting: false,
    header: p.showId ? t('students.apply') : t('students.applyEdit'),
    cell: ({ row }) => {
      const r = row.original;
      return (
        <Button
          className="button small primary"
          isDisabled={!r.changed || r.mark !== 'none' || p.applying.has(r.student.id)}
          onPress={() => p.onApply(r)}
          aria-label={t('students.applyRow', { name: r.name })}
          data-testid="student-apply"
        >
          {t('students.apply')}
        </Button>
      );
    },
  });
  const onRemove = p.onRemove;
  if (onRemove)
    cols.push({
      id: 'remove',
      enableSorting: false,
      header: t('students.remove'),
      cell: ({ row }) => (
        <Button
          className="button small"
          onPress={() => onRemove(row.original)}
          aria-label={t('students.removeRow', { name: row.original.student.name })}
          data-testid="student-remove"
        >
          {t('students.remove')}
        </Button>
      ),
    });
  return cols;
}
