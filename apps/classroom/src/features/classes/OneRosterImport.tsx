/**
 * The OneRoster import and export of the classes page (issue 30 item 3, school administrator):
 * choose a OneRoster 1.2 CSV zip → the server's preview (what the import does to classes, class
 * teachers and pupils, every problem by file, row and column, as the spreadsheet import shows its
 * flags) → import, after the confirmation to leave the problem rows out → a toast; and the
 * school's roster downloaded as a OneRoster zip. The zip is read on the server, so the tab only
 * sends it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OneRosterImportData } from '../../api/oneRoster';
import { eduKeys } from '../../api/queries';
import { downloadBytes } from '../../components/download';
import { FileImportDialog } from '../../components/FileImportDialog';
import { type OneRosterKey, type OneRosterT, oneRosterText } from '../../i18n/oneRoster';
import { useTWith } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import { changesAnything, problemText, summaryRows } from './oneRosterPreview';

export const ONE_ROSTER_FILE_NAME = 'oneroster.zip';

/** The export button's action: the school's roster as a OneRoster zip, through the API layer. */
export function useOneRosterExport(): () => void {
  const t = useTWith(oneRosterText);
  const { api, ui } = useServices();
  return () => {
    const done = ui.busy();
    api
      .oneRosterExport()
      .then((zip) => {
        downloadBytes(zip, ONE_ROSTER_FILE_NAME, 'application/zip');
        toast(t('oneRoster.exported'), 'success');
      })
      .catch((error: unknown) => toast(errorText(t, error), 'error'))
      .finally(done);
  };
}

export function OneRosterImportDialog(props: { readonly onClose: () => void }) {
  const t = useTWith(oneRosterText);
  const { api, ui } = useServices();
  const queryClient = useQueryClient();
  const [zip, setZip] = useState<Uint8Array>();
  const preview = useMutation({
    mutationFn: async (file: File) => {
      ui.progress({ title: t('oneRoster.reading'), percent: 50 });
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        setZip(bytes);
        return await api.oneRosterImport(bytes, false);
      } finally {
        ui.progress(undefined);
      }
    },
  });
  const apply = useMutation({
    mutationFn: () => api.oneRosterImport(zip!, true),
    onSuccess: (done) => {
      const c = done.counts;
      toast(
        t('oneRoster.done', {
          classes: c.classesNew + c.classesUpdated,
          pupils: c.pupilsNew + c.pupilsUpdated + c.pupilsRemoved,
        }),
        'success',
      );
      void queryClient.invalidateQueries({ queryKey: eduKeys.classes });
      void queryClient.invalidateQueries({ queryKey: eduKeys.allStudents });
      props.onClose();
    },
    onError: (error) => toast(errorText(t, error), 'error'),
  });
  const data = preview.data;
  const canImport = data !== undefined && changesAnything(data) && !preview.isPending;
  return (
    <FileImportDialog
      title={t('oneRoster.title')}
      onClose={props.onClose}
      testIds={{
        dialog: 'oneroster-dialog',
        file: 'oneroster-file',
        confirm: 'oneroster-confirm',
        anywayDialog: 'oneroster-anyway-dialog',
        anywayConfirm: 'oneroster-anyway-confirm',
      }}
      chooseLabel={t('oneRoster.choose')}
      accept=".zip,application/zip"
      onFile={(file) => preview.mutate(file)}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('oneRoster.confirm')}
      canConfirm={canImport}
      pending={apply.isPending}
      anyway={{
        needed: data !== undefined && data.problems.length > 0,
        title: t('oneRoster.anywayTitle'),
        text: t('oneRoster.anyway'),
      }}
      onConfirm={() => apply.mutate()}
    >
      {preview.error ? (
        <div role="alert" data-testid="oneroster-error">
          <p className="warning">{errorText(t, preview.error)}</p>
        </div>
      ) : null}
      {data ? <Preview t={t} data={data} /> : null}
    </FileImportDialog>
  );
}

function Preview(props: { t: OneRosterT; data: OneRosterImportData }) {
  const { t, data } = props;
  return (
    <>
      <p className="hint" data-testid="oneroster-school">
        {t('oneRoster.school', { name: data.school })}
      </p>
      {data.problems.length > 0 ? (
        <div role="alert" data-testid="oneroster-problems">
          <p className="warning">{t('oneRoster.problems', { count: data.problems.length })}</p>
          <ul>
            {data.problems.map((p) => (
              <li key={`${p.file}-${p.row}-${p.code}-${p.column ?? ''}`} className="pen-invalid">
                {problemText(t, p)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {changesAnything(data) ? null : (
        <p role="status" className="hint" data-testid="oneroster-nothing">
          {t('oneRoster.nothing')}
        </p>
      )}
      <table className="table" aria-label={t('oneRoster.summary')} data-testid="oneroster-counts">
        <thead>
          <tr>
            <th scope="col">{t('oneRoster.what')}</th>
            <th scope="col">{t('oneRoster.new')}</th>
            <th scope="col">{t('oneRoster.updated')}</th>
            <th scope="col">{t('oneRoster.unchanged')}</th>
            <th scope="col">{t('oneRoster.removed')}</th>
          </tr>
        </thead>
        <tbody>
          {summaryRows(t, data).map((r) => (
            <tr key={r.what}>
              <th scope="row">{r.what}</th>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">{t('oneRoster.teachers')}</th>
            <td colSpan={4}>
              {t('oneRoster.assigned')}: {data.counts.teachersAssigned}
            </td>
          </tr>
        </tbody>
      </table>
      {data.classes.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: axe: a scrollable region must be reachable by keyboard
        <section className="table-wrap" aria-label={t('oneRoster.classes')} tabIndex={0}>
          <table className="table" aria-label={t('oneRoster.classes')} data-testid="oneroster-classes">
            <thead>
              <tr>
                <th scope="col">{t('classes.className')}</th>
                <th scope="col">{t('classes.year')}</th>
                <th scope="col">{t('classes.grade')}</th>
                <th scope="col">{t('classes.classNum')}</th>
                <th scope="col">{t('classes.teacher')}</th>
                <th scope="col">{t('oneRoster.pupils')}</th>
                <th scope="col">{t('oneRoster.change')}</th>
              </tr>
            </thead>
            <tbody>
              {data.classes.slice(0, 200).map((c) => (
                <tr key={c.sourcedId}>
                  <td>{c.title}</td>
                  <td>{c.year}</td>
                  <td>{c.grade}</td>
                  <td>{c.classNum}</td>
                  <td>{c.teacherName ?? t('classes.noTeacher')}</td>
                  <td>{c.pupils}</td>
                  <td>{t(`oneRoster.action.${c.action}` as OneRosterKey)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
