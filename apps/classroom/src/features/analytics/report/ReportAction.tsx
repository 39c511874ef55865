/**
 * 'Report (PDF)' (issue 30 item 2) on the pupil page (one pupil) and the class page (every
 * pupil): the paper (A4 or Letter), the button, then the progress — reading the figures and the
 * writing, then making the PDF in a worker — with a cancel button; the file downloads at the end,
 * and a failure or a cancel stays beside the button in the user's language. The report's code
 * (pdf-lib, fontkit, the fonts) loads on the first press, never with the screens.
 */
import type { MathSummaryData } from '@dotink/contracts/eduAnalytics';
import { useLanguage } from '@dotink/view/i18n';
import { useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { errorText } from '../../../api/errorText';
import { downloadBytes } from '../../../components/download';
import { reportText } from '../../../i18n/report';
import { useTWith } from '../../../i18n/text';
import { useServices } from '../../../lib/services';
import type { MathQuery } from '../summaryQueries';
import type { Paper, ReportFailure, ReportLanguage } from './reportModel';

const LANGUAGES: readonly ReportLanguage[] = ['ko', 'en', 'ja', 'zh-TW'];

type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'reading' | 'drawing'; readonly done: number; readonly total: number }
  | { readonly kind: 'done'; readonly pupils: number }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly message: string };

export interface ReportActionProps {
  readonly query: MathQuery;
  readonly summary: MathSummaryData;
  /** One pupil, or the class. */
  readonly scope: 'pupil' | 'class';
  readonly studentIds: readonly string[];
  /** The file name's parts (joined with ' - '). */
  readonly fileName: readonly string[];
  /** The pupil's name (scope 'pupil'). */
  readonly pupilName?: string;
  readonly testId: string;
}

export function ReportAction(props: ReportActionProps) {
  const t = useTWith(reportText);
  const services = useServices();
  const language = useLanguage();
  const paperId = useId();
  const [paper, setPaper] = useState<Paper>(() =>
    /^en-(US|CA)$/.test(navigator.language) ? 'letter' : 'a4',
  );
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController | undefined>(undefined);
  const busy = phase.kind === 'reading' || phase.kind === 'drawing';
  const what =
    props.scope === 'pupil' ? t('report.pupilWhat', { name: props.pupilName ?? '' }) : t('report.classWhat');

  const failureText = (error: unknown): string =>
    error instanceof Error && error.name === 'ReportFailure'
      ? t((error as ReportFailure).kind === 'font' ? 'report.fontFailed' : 'report.textbookFailed', {
          reason: (error as ReportFailure).reason,
        })
      : errorText(t, error);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'reading', done: 0, total: props.studentIds.length });
    try {
      const [{ makeReport }, { exportFileName }] = await Promise.all([
        import('./makeReport'),
        import('../../../lib/tableExport/table'),
      ]);
      const { bytes, pupils } = await makeReport(
        services,
        {
          query: props.query,
          summary: props.summary,
          studentIds: props.studentIds,
          paper,
          language: LANGUAGES.includes(language as ReportLanguage) ? (language as ReportLanguage) : 'en',
          t,
        },
        (kind, done, total) => setPhase({ kind, done, total }),
        controller.signal,
      );
      downloadBytes(
        bytes,
        exportFileName([...props.fileName, paper.toUpperCase()], 'pdf'),
        'application/pdf',
      );
      setPhase({ kind: 'done', pupils });
    } catch (error) {
      if (controller.signal.aborted) setPhase({ kind: 'cancelled' });
      else setPhase({ kind: 'failed', message: t('report.failed', { message: failureText(error) }) });
    } finally {
      abort.current = undefined;
    }
  };

  const share = busy && phase.total > 0 ? phase.done / phase.total : 0;
  return (
    <div className="export-buttons report-action" data-testid={props.testId} data-phase={phase.kind}>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of controls, not a form's fieldset */}
      <div role="group" aria-label={what} className="export-row" aria-busy={busy}>
        <label className="export-option" htmlFor={paperId}>
          {t('report.paper')}
          <select
            id={paperId}
            value={paper}
            disabled={busy}
            onChange={(e) => setPaper(e.target.value === 'letter' ? 'letter' : 'a4')}
            data-testid={`${props.testId}-paper`}
          >
            <option value="a4">{t('report.a4')}</option>
            <option value="letter">{t('report.letter')}</option>
          </select>
        </label>
        <Button
          className="button small"
          isDisabled={busy}
          onPress={() => void run()}
          aria-label={`${props.scope === 'pupil' ? t('report.pupilAction') : t('report.classAction')}: ${what}`}
          data-testid={`${props.testId}-make`}
        >
          {props.scope === 'pupil' ? t('report.pupilAction') : t('report.classAction')}
        </Button>
        {busy ? (
          <Button
            className="button small"
            onPress={() => abort.current?.abort()}
            data-testid={`${props.testId}-cancel`}
          >
            {t('report.cancel')}
          </Button>
        ) : null}
      </div>
      {busy ? (
        <div className="report-progress" data-testid={`${props.testId}-progress`}>
          <div
            className="progress-track"
            role="progressbar"
            aria-label={what}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share * 100)}
          >
            <div className="progress-fill" style={{ width: `${Math.round(share * 100)}%` }} />
          </div>
          <span className="muted progress-text" role="status">
            {t(phase.kind === 'reading' ? 'report.reading' : 'report.drawing', {
              done: phase.done,
              total: phase.total,
            })}
          </span>
        </div>
      ) : phase.kind === 'done' ? (
        <p className="muted" role="status" data-testid={`${props.testId}-done`}>
          {t('report.done', { pages: phase.pupils })}
        </p>
      ) : phase.kind === 'cancelled' ? (
        <p className="muted" role="status" data-testid={`${props.testId}-cancelled`}>
          {t('report.cancelled')}
        </p>
      ) : phase.kind === 'failed' ? (
        <p role="alert" className="error-text" data-testid={`${props.testId}-error`}>
          {phase.message}
        </p>
      ) : null}
    </div>
  );
}
