/**
 * Adding students from a spreadsheet (classroom.md §4, §5, §8): choose the file, see its rows
 * with '(auto number)', '(no name)' and the address marks, the file's problems with advice, then
 * add — after the confirmation to add anyway when rows have wrong or duplicated addresses.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Student } from '../../api/contracts';
import { type T, useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { AppDialog } from '../Dialog';
import { FileImportDialog } from '../FileImportDialog';
import { MAX_IMPORT_ROWS, type ParsedSheet, parseSheet, SheetError } from './parseSheet';
import { type ReadResult, SheetReader } from './readWorkbook';

export interface ImportDialogProps {
  readonly eduClassId: number;
  readonly existing: readonly Student[];
  readonly onClose: () => void;
  readonly onSaved: (students: Student[]) => void;
}

/**
 * The problems of a read file, as messages (with advice), or none. A reader's own text (jszip's
 * "Can't find end of central directory…") is never shown: the user reads the catalogue's words,
 * the console keeps the reason.
 */
export function problemsOf(t: T, read: ReadResult, parsed: ParsedSheet | undefined): string[] {
  if (read.kind === 'error') return [t('import.badFormat'), t('import.corrupt')];
  if (read.kind === 'tooMany')
    return [t('import.tooLarge', { count: Number.isNaN(read.rows) ? '…' : read.rows, max: MAX_IMPORT_ROWS })];
  if (!parsed) return [];
  if (parsed.tooMany) return [t('import.tooLarge', { count: parsed.tooMany, max: MAX_IMPORT_ROWS })];
  if (parsed.error & SheetError.THERE_IS_NO_SHEET1) return [t('import.noSheet'), t('import.templateAdvice')];
  if (parsed.error & SheetError.NO_HEADER_FIELDS) return [t('import.noHeader'), t('import.templateAdvice')];
  const out: string[] = [];
  if (parsed.refusedRows.length > 0)
    out.push(t('import.refusedRows', { rows: parsed.refusedRows.join(', ') }));
  if (parsed.error & SheetError.SYNTAXERROR) out.push(t('import.penWrong'));
  if (parsed.error & SheetError.DUPLICATED) out.push(t('import.penDuplicated'));
  return out;
}

let reader: SheetReader | undefined;

/** One reading worker for the tab: started when the dialog first opens, warm for the next file. */
function sharedReader(): SheetReader {
  reader ??= new SheetReader();
  return reader;
}

export function ImportDialog(props: ImportDialogProps) {
  const t = useT();
  const { api, ui } = useServices();
  const [read, setRead] = useState<ReadResult>();
  const [parsed, setParsed] = useState<ParsedSheet>();
  const [help, setHelp] = useState(false);
  const reader = sharedReader();
  const choose = async (file: File) => {
    setParsed(undefined);
    const job = reader.read(file);
    ui.progress({ title: t('import.reading'), percent: 50, cancel: job.cancel });
    const r = await job.result.finally(() => ui.progress(undefined));
    setRead(r);
    if (r.kind === 'error') console.warn('the spreadsheet could not be read:', r.reason);
    if (r.kind === 'sheet')
      setParsed(
        parseSheet(
          r.sheet,
          props.existing.map((s) => s.num),
        ),
      );
  };
  const save = useMutation({
    mutationFn: (addAnyway: boolean) =>
      api.saveStudentsAdmin(
        props.eduClassId,
        (parsed?.rows ?? []).map((r) => ({ num: r.num, name: r.name, macAddress: r.mac })),
        addAnyway,
      ),
    onSuccess: (students) => {
      toast(t('students.updated'), 'success');
      props.onSaved(students);
    },
    onError: (error) => toast(errorText(t, error), 'error'),
  });
  const problems = read && read.kind !== 'cancelled' ? problemsOf(t, read, parsed) : [];
  const canAdd =
    parsed !== undefined &&
    !parsed.tooMany &&
    parsed.rows.length > 0 &&
    parsed.refusedRows.length === 0 &&
    !(parsed.error & (SheetError.THERE_IS_NO_SHEET1 | SheetError.NO_HEADER_FIELDS));
  const rowErrors = (parsed?.error ?? 0) & (SheetError.SYNTAXERROR | SheetError.DUPLICATED);
  return (
    <FileImportDialog
      title={t('import.title')}
      onClose={props.onClose}
      testIds={{
        dialog: 'import-dialog',
        file: 'import-file',
        confirm: 'import-confirm',
        anywayDialog: 'add-anyway-dialog',
        anywayConfirm: 'add-anyway-confirm',
      }}
      chooseLabel={t('import.choose')}
      accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
      onFile={(file) => void choose(file)}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('import.confirm')}
      canConfirm={canAdd}
      pending={save.isPending}
      anyway={{ needed: rowErrors !== 0, title: t('import.addAnywayTitle'), text: t('import.addAnyway') }}
      onConfirm={(anyway) => save.mutate(anyway)}
      extraActions={
        <Button className="button" onPress={() => setHelp(true)} data-testid="import-help">
          {t('import.help')}
        </Button>
      }
    >
      {problems.length > 0 ? (
        <div role="alert" data-testid="import-problems">
          {problems.map((p) => (
            <p key={p} className="warning">
              {p}
            </p>
          ))}
        </div>
      ) : null}
      {parsed && parsed.rows.length > 0 ? <SheetPreview t={t} parsed={parsed} /> : null}
      <AppDialog
        title={t('import.helpTitle')}
        isOpen={help}
        onClose={() => setHelp(false)}
        testId="import-help-dialog"
      >
        <p>{t('import.helpBody')}</p>
      </AppDialog>
    </FileImportDialog>
  );
}

function SheetPreview(props: { t: T; parsed: ParsedSheet }) {
  const { t, parsed } = props;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: axe: a scrollable region must be reachable by keyboard
    <section className="table-wrap" aria-label={t('import.title')} tabIndex={0}>
      <p className="hint">{t('import.rows', { count: parsed.rows.length })}</p>
      <table className="table" aria-label={t('import.title')} data-testid="import-preview">
        <thead>
          <tr>
            <th scope="col">{t('students.num')}</th>
            <th scope="col">{t('students.name')}</th>
            <th scope="col">{t('students.mac')}</th>
          </tr>
        </thead>
        <tbody>
          {parsed.rows.slice(0, 200).map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file have no id
            <tr key={i}>
              <td>
                {r.autoNumber ? t('import.autoNumber') : r.num}{' '}
                {r.problem === 'numberTwice' ? (
                  <span className="pen-invalid" data-testid="import-row-refused">
                    {t('import.numberTwice')}
                  </span>
                ) : null}
              </td>
              <td>
                {r.name || t('import.noName')}{' '}
                {r.problem === 'nameTooLong' ? (
                  <span className="pen-invalid" data-testid="import-row-refused">
                    {t('import.nameTooLong')}
                  </span>
                ) : null}
              </td>
              <td>
                {r.mac}{' '}
                {r.error & SheetError.SYNTAXERROR ? (
                  <span className="pen-invalid">{t('students.error')}</span>
                ) : r.error & SheetError.DUPLICATED ? (
                  <span className="pen-duplicate">{t('students.duplicate')}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
