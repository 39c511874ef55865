/**
 * 'Download … Excel (.xlsx) | CSV' beside a table (issue 30 item 1): two keyboard buttons named
 * with what they download, in the user's language. `tables` gives the tables as the screen shows
 * them (the same formatting functions, never a second rounding); the file is made on demand
 * (lib/tableExport, loaded on the first press; exceljs in a worker), and a failure stays beside
 * the buttons as an alert in the user's language.
 */
import { type ReactNode, useState } from 'react';
import { Button } from 'react-aria-components';
import { errorText } from '../api/errorText';
import { useT } from '../i18n/text';
import type { ExportTable } from '../lib/tableExport/table';
import { downloadBytes } from './download';

export interface ExportButtonsProps {
  /** What is downloaded ('whole textbook', 'class list'): names the buttons. */
  readonly what: string;
  /** The tables, as the screen shows them (may fetch what the screen fetches). */
  readonly tables: () => readonly ExportTable[] | Promise<readonly ExportTable[]>;
  /** The file name without extension: parts joined with ' - '. */
  readonly fileName: readonly string[];
  readonly testId: string;
  /** Extra controls inside the group (the roster's password choice). */
  readonly children?: ReactNode;
}

export function ExportButtons({ what, tables, fileName, testId, children }: ExportButtonsProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const run = async (format: 'xlsx' | 'csv') => {
    setBusy(true);
    setFailure(undefined);
    try {
      const [{ exportBytes }, { exportFileName }] = await Promise.all([
        import('../lib/tableExport/exportFile'),
        import('../lib/tableExport/table'),
      ]);
      const file = await exportBytes(format, await tables());
      downloadBytes(file.bytes, exportFileName(fileName, format), file.type);
    } catch (error) {
      setFailure(t('export.failed', { message: errorText(t, error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="export-buttons" data-testid={testId}>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset */}
      <div role="group" aria-label={t('export.group', { what })} className="export-row" aria-busy={busy}>
        {children}
        <Button
          className="button small"
          isDisabled={busy}
          onPress={() => void run('xlsx')}
          aria-label={t('export.xlsxOf', { label: t('export.xlsx'), what })}
          data-testid={`${testId}-xlsx`}
        >
          {t('export.xlsx')}
        </Button>
        <Button
          className="button small"
          isDisabled={busy}
          onPress={() => void run('csv')}
          aria-label={t('export.csvOf', { label: t('export.csv'), what })}
          data-testid={`${testId}-csv`}
        >
          {t('export.csv')}
        </Button>
        {busy ? (
          <span className="muted" role="status">
            {t('export.working')}
          </span>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="error-text" data-testid={`${testId}-error`}>
          {failure}
        </p>
      ) : null}
    </div>
  );
}
