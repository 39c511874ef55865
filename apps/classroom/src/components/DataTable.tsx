/**
 * The app's table (TanStack Table): sorting per column (asc/desc toggle), paging of 5, 10, 25 or
 * All with each table's default (classroom.md §9), the page reset to the first when its size
 * changes (§4). Configured by columns, never hand-drawn per screen.
 */
import {
  type ColumnDef,
  type ColumnDefTemplate,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/text';

/** Page sizes of classroom.md §9 (-1: All). */
export const PAGE_SIZES = [5, 10, 25, -1] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * A column of a {@link DataTable}: each column's value type differs (text, numbers, none), which
 * TanStack's `ColumnDef<Row, Value>` cannot say of a list; this alias is the one place that says so.
 */
// biome-ignore lint/suspicious/noExplicitAny: a list of columns holds many value types
export type TableColumn<T> = ColumnDef<T, any>;

export interface DataTableProps<T> {
  readonly label: string;
  readonly columns: TableColumn<T>[];
  readonly data: readonly T[];
  readonly rowId: (row: T) => string;
  readonly defaultPageSize: PageSize;
  readonly testId: string;
  readonly empty?: string;
  /**
   * On a phone (≤ 700 px) each row is drawn as a card, each cell under its column's name, so the
   * row's actions stay on screen without a sideways scroll (issue 28 item 9).
   */
  readonly phoneCards?: boolean;
}

/**
 * A header or cell of a column, rendered by calling it rather than mounting it as a component
 * (flexRender does the latter): the column definitions are rebuilt when the rows change, and a new
 * component type would remount the cell, so a checkbox toggled with Space or a field being typed
 * in would lose the keyboard focus. Cells therefore must not use hooks.
 */
function renderPart<P extends object>(part: ColumnDefTemplate<P> | undefined, props: P): ReactNode {
  return typeof part === 'function' ? (part(props) as ReactNode) : (part ?? null);
}

export function DataTable<T>(props: DataTableProps<T>) {
  const t = useT();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pageSize, setPageSize] = useState<PageSize>(props.defaultPageSize);
  const [pageIndex, setPageIndex] = useState(0);
  const size = pageSize === -1 ? Math.max(1, props.data.length) : pageSize;
  const table = useReactTable({
    data: props.data as T[],
    columns: props.columns,
    state: { sorting, pagination: { pageIndex, pageSize: size } },
    onSortingChange: setSorting,
    getRowId: props.rowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });
  const count = props.data.length;
  const from = count === 0 ? 0 : pageIndex * size + 1;
  const to = Math.min(count, (pageIndex + 1) * size);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: axe: a scrollable region must be reachable by keyboard
    <section className="table-wrap" data-testid={props.testId} aria-label={props.label} tabIndex={0}>
      <table className={props.phoneCards ? 'table phone-cards' : 'table'} aria-label={props.label}>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => {
                const sorted = h.column.getIsSorted();
                const label = renderPart(h.column.columnDef.header, h.getContext());
                return (
                  <th
                    key={h.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {h.column.getCanSort() ? (
                      <button type="button" className="sort" onClick={h.column.getToggleSortingHandler()}>
                        {label}
                        <span aria-hidden="true">
                          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid={`${props.testId}-row`}>
              {row.getVisibleCells().map((cell) => {
                const header = cell.column.columnDef.header;
                return (
                  <td
                    key={cell.id}
                    data-label={props.phoneCards && typeof header === 'string' ? header : undefined}
                  >
                    {renderPart(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
          {count === 0 && props.empty ? (
            <tr>
              <td colSpan={props.columns.length} className="empty">
                {props.empty}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <div className="pager">
        <label>
          {t('common.rowsPerPage')}{' '}
          <select
            value={pageSize}
            data-testid={`${props.testId}-page-size`}
            onChange={(e) => {
              setPageSize(Number(e.target.value) as PageSize);
              setPageIndex(0);
            }}
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s === -1 ? t('common.all') : s}
              </option>
            ))}
          </select>
        </label>
        <span>{t('common.pageOf', { from, to, count })}</span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.previousPage')}
          disabled={pageIndex === 0}
          onClick={() => setPageIndex((i) => i - 1)}
        >
          ‹
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.nextPage')}
          disabled={to >= count}
          onClick={() => setPageIndex((i) => i + 1)}
        >
          ›
        </button>
      </div>
    </section>
  );
}
