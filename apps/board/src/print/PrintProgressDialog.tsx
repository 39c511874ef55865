/**
 * Print progress (board spec §2, §4): preparing → processing (Cancel) → waiting for cancel ('The
 * program is running', then also 'Please wait a little longer' when it is slow) → waiting for print
 * to finish → complete; and the ends a print may have instead (cancelled, failed with the reason:
 * sign-in, the code-issue alert, or the print job's own message).
 */
import type { PaperChoice, PrintJobState } from '@dotink/print';
import { Dialog } from '../ui/Dialog';
import { CODES_DAILY_LIMIT_STATUS, CODES_NOT_SET_UP_STATUS } from './codeIssue';
import type { PrintFailure } from './printFlow';
import type { PrintTranslate } from './printMessages';
import { usePrintText } from './usePrintText';
import './print.css';

/** What the progress dialog shows. */
export interface PrintProgressView {
  readonly state: PrintJobState;
  readonly pagesDone: number;
  readonly pagesTotal: number;
  readonly paperChoice: PaperChoice;
  /** Waiting for cancel has lasted long: ask the user to wait a little longer. */
  readonly slow?: boolean;
  readonly failure?: PrintFailure;
  /** Offered downloads, when the print is complete. */
  readonly canDownloadPdf?: boolean;
  readonly canDownloadNproj?: boolean;
  /** The browser cannot print the PDF itself: it was downloaded to print from a PDF reader. */
  readonly downloaded?: boolean;
}

export interface PrintProgressDialogProps {
  readonly view: PrintProgressView;
  onCancel(): void;
  onClose(): void;
  /** The user says printing (or saving) is done: ends "waiting for print to finish". */
  onPrinted?(): void;
  onDownloadPdf?(): void;
  onDownloadNproj?(): void;
}

/** The status line of a state. */
function statusText(t: PrintTranslate, v: PrintProgressView): string {
  switch (v.state) {
    case 'preparing':
      return t('progress.preparing');
    case 'processing':
      return t('progress.processing', { done: Math.min(v.pagesDone + 1, v.pagesTotal), total: v.pagesTotal });
    case 'waitingForCancel':
      return t('print.running');
    case 'waitingForPrint':
      return v.paperChoice === 'savePdf' ? t('progress.waitingForSave') : t('progress.waitingForPrint');
    case 'complete':
      return v.paperChoice === 'savePdf' ? t('progress.completeSaved') : t('progress.complete');
    case 'cancelled':
      return t('progress.cancelled');
    case 'failed':
      return t('progress.failed');
  }
}

/** The reason of a failure, as shown. */
export function failureText(t: PrintTranslate, f: PrintFailure, pagesTotal: number): string {
  switch (f.kind) {
    case 'invalidRange':
      return t('print.range.invalid', { total: pagesTotal });
    case 'signIn':
      return t('print.needsSignIn');
    case 'codes':
      // the server has no code data, or the account's daily quota is used up: said in the
      // user's language; other failures show engine spec §8's alert as is (a thrown call was
      // only warned)
      if (f.status === CODES_NOT_SET_UP_STATUS) return t('codes.notSetUp');
      if (f.status === CODES_DAILY_LIMIT_STATUS) return t('codes.dailyLimit');
      return f.alert ?? t('codes.unreachable');
    case 'job':
      // a code page the server does not have: printing with the pattern is not set up there
      if (f.name === 'MissingCodePageError') return t('codes.notSetUp');
      return f.message;
  }
}

export function PrintProgressDialog(props: PrintProgressDialogProps) {
  const t = usePrintText();
  const v = props.view;
  const ended = v.state === 'complete' || v.state === 'cancelled' || v.state === 'failed';
  const cancellable = v.state === 'preparing' || v.state === 'processing';
  const fraction = v.pagesTotal > 0 ? v.pagesDone / v.pagesTotal : 0;
  return (
    <Dialog
      title={t('progress.title')}
      onCancel={ended ? props.onClose : props.onCancel}
      testId="print-progress"
    >
      <p
        className="print-status"
        role="status"
        aria-live="polite"
        data-testid="print-status"
        data-state={v.state}
      >
        {statusText(t, v)}
      </p>
      {v.state === 'waitingForCancel' && v.slow && (
        <p className="print-status" data-testid="print-wait-longer">
          {t('print.waitLonger')}
        </p>
      )}
      {!ended && (
        <div
          className="print-progress-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={v.pagesTotal}
          aria-valuenow={v.pagesDone}
        >
          <div style={{ width: `${Math.round(fraction * 100)}%` }} />
        </div>
      )}
      {v.state === 'failed' && v.failure && (
        <p className="print-alert" role="alert" data-testid="print-failure">
          {failureText(t, v.failure, v.pagesTotal)}
        </p>
      )}
      {(v.state === 'complete' || v.state === 'waitingForPrint') && v.downloaded && (
        <p className="print-note warning" role="alert" data-testid="print-download-hint">
          {t('handOff.downloaded')}
        </p>
      )}
      {v.state === 'complete' && v.paperChoice === 'savePdf' && (
        <p className="print-note" data-testid="print-reprint-note">
          {t('print.paper.savePdf.hint')}
        </p>
      )}
      {v.state === 'complete' && (v.canDownloadPdf || v.canDownloadNproj) && (
        <div className="print-links">
          {v.canDownloadPdf && props.onDownloadPdf && (
            <button type="button" onClick={props.onDownloadPdf} data-testid="print-download-pdf">
              {t('progress.downloadPdf')}
            </button>
          )}
          {v.canDownloadNproj && props.onDownloadNproj && (
            <button type="button" onClick={props.onDownloadNproj} data-testid="print-download-nproj">
              {t('progress.downloadNproj')}
            </button>
          )}
        </div>
      )}
      {/* Each button has its own key: a press begun on Printed or Cancel (which also gives the
          page the focus back, ending the wait) must never be released on the Close button that
          takes its place, closing the dialog before the user sees the print complete. */}
      <div className="dialog-buttons">
        {ended ? (
          <button
            key="close"
            type="button"
            className="primary"
            onClick={props.onClose}
            data-autofocus
            data-testid="print-close"
          >
            {t('print.close')}
          </button>
        ) : v.state === 'waitingForPrint' && props.onPrinted ? (
          <button
            key="printed"
            type="button"
            className="primary"
            onClick={props.onPrinted}
            data-testid="print-handoff-done"
          >
            {t('progress.printed')}
          </button>
        ) : (
          <button
            key="cancel"
            type="button"
            onClick={props.onCancel}
            disabled={!cancellable}
            data-testid="print-progress-cancel"
          >
            {v.state === 'waitingForCancel' ? t('progress.cancelling') : t('print.cancel')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
