/**
 * 'edit units' of a teacher's own material (issue 15 "Units must exist"): title, start page and
 * end page per unit (the material's own page numbers, 1 = its first page), add and remove;
 * the problems of each row in the user's language; saved with `saveMaterialUnits`, the
 * server's refusal (400) shown as it answers. Sub-units of an existing unit are kept.
 */
import type { UnitDefinition } from '@dotink/contracts/eduAnalytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { AppDialog } from '../../../components/Dialog';
import { type T, useT } from '../../../i18n/text';
import { errorText, useServices } from '../../../lib/services';
import { analyticsKeys } from '../summaryQueries';
import { type UnitDraft, type UnitProblem, unitDrafts, unitProblems, unitsOfDrafts } from './pupilFigures';

const problemText = (t: T, p: UnitProblem, count: number) =>
  p === 'title'
    ? t('analyticsPupil.err.title')
    : p === 'start'
      ? t('analyticsPupil.err.start', { count })
      : p === 'end'
        ? t('analyticsPupil.err.end', { count })
        : t('analyticsPupil.err.order');

export function UnitsDialog(props: {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly curriculumId: number;
  readonly textbookId: number;
  readonly units: readonly UnitDefinition[];
  /** The material's first Ncode page and its page count. */
  readonly firstPage: number;
  readonly numPages: number;
  readonly onSaved: () => void;
}) {
  const t = useT();
  const { api } = useServices();
  const client = useQueryClient();
  const [rows, setRows] = useState<UnitDraft[]>(() => unitDrafts(props.units, props.firstPage));
  const [tried, setTried] = useState(false);
  const problems = unitProblems(rows, props.numPages);
  const save = useMutation({
    mutationFn: (units: UnitDefinition[]) =>
      api.saveMaterialUnits(props.curriculumId, props.textbookId, units),
    onSuccess: async (data) => {
      client.setQueryData(analyticsKeys.units(props.curriculumId, props.textbookId), data);
      await client.invalidateQueries({ queryKey: analyticsKeys.summaries });
      await client.invalidateQueries({ queryKey: analyticsKeys.pupils });
      props.onSaved();
    },
  });
  const set = (i: number, patch: Partial<UnitDraft>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = () => {
    setTried(true);
    if (problems.some((p) => p.length > 0)) return;
    save.mutate(unitsOfDrafts(rows, props.firstPage));
  };
  const baseId = useId();
  return (
    <AppDialog
      title={t('analyticsPupil.editUnits')}
      isOpen={props.isOpen}
      onClose={props.onClose}
      testId="units-dialog"
      actions={
        <>
          <Button className="button" onPress={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            className="button primary"
            onPress={submit}
            isDisabled={save.isPending}
            data-testid="units-save"
          >
            {t('analyticsPupil.save')}
          </Button>
        </>
      }
    >
      <p className="hint">{t('analyticsPupil.pageRange', { count: props.numPages })}</p>
      <div className="units-editor">
        {rows.map((r, i) => {
          const id = `${baseId}-${i}`;
          const shown = tried ? (problems[i] ?? []) : [];
          const errId = `${id}-err`;
          const invalid = (p: UnitProblem) => shown.includes(p) || (p !== 'title' && shown.includes('order'));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
            <div className="units-row" key={i} data-testid="units-row">
              <div className="field">
                <label htmlFor={`${id}-title`}>{t('analyticsPupil.unitTitle')}</label>
                <input
                  id={`${id}-title`}
                  value={r.title}
                  maxLength={200}
                  aria-invalid={invalid('title') || undefined}
                  aria-describedby={shown.length ? errId : undefined}
                  onChange={(e) => set(i, { title: e.target.value })}
                  data-testid="unit-title"
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-start`}>{t('analyticsPupil.startPage')}</label>
                <input
                  id={`${id}-start`}
                  inputMode="numeric"
                  value={r.start}
                  aria-invalid={invalid('start') || undefined}
                  aria-describedby={shown.length ? errId : undefined}
                  onChange={(e) => set(i, { start: e.target.value })}
                  data-testid="unit-start"
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-end`}>{t('analyticsPupil.endPage')}</label>
                <input
                  id={`${id}-end`}
                  inputMode="numeric"
                  value={r.end}
                  aria-invalid={invalid('end') || undefined}
                  aria-describedby={shown.length ? errId : undefined}
                  onChange={(e) => set(i, { end: e.target.value })}
                  data-testid="unit-end"
                />
              </div>
              <button
                type="button"
                className="button small"
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                aria-label={t('analyticsPupil.removeUnit', { n: i + 1 })}
                data-testid="unit-remove"
              >
                ✕
              </button>
              {shown.length > 0 && (
                <p id={errId} className="error-text" data-testid="unit-error">
                  {shown.map((p) => problemText(t, p, props.numPages)).join(' ')}
                </p>
              )}
            </div>
          );
        })}
        <div>
          <button
            type="button"
            className="button small"
            onClick={() => {
              const last = rows.at(-1);
              const next =
                last && /^\d+$/.test(last.end) ? Math.min(Number(last.end) + 1, props.numPages) : 1;
              setRows((rs) => [
                ...rs,
                { title: '', start: String(next), end: String(props.numPages), subCategories: [] },
              ]);
            }}
            data-testid="unit-add"
          >
            {t('analyticsPupil.addUnit')}
          </button>
        </div>
        {save.isError && (
          <p className="error-text" role="alert" data-testid="units-save-error">
            {errorText(t, save.error)}
          </p>
        )}
      </div>
    </AppDialog>
  );
}
