/**
 * The 'material print' cell of the textbook table (classroom.md §2, §4, §5, §8): a Print button,
 * enabled for POD materials created on or after 2021-09-06 09:00 KST. Pressing it runs the
 * material print (materialPrintFlow.ts, loaded on demand) with the shell's progress dialog
 * (stage, percent, cancel → 'Print cancelled' at once) and tells the end in an alert.
 */
import type { Textbook } from '@dotink/contracts/eduLectures';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { AlertDialog, AppDialog } from '../../../components/Dialog';
import { useT } from '../../../i18n/text';
import { useServices } from '../../../lib/services';
import { toast } from '../../../lib/toasts';
import type { MaterialPrintOutcome, MaterialPrintStage } from './materialPrintFlow';
import { isPrintableMaterial } from './printEligibility';
import { outcomeMessage, stageProgress } from './printMessages';
import './materialPrint.css';

export function MaterialPrintButton(props: { readonly textbook: Textbook }) {
  const services = useServices();
  const t = useT();
  const [running, setRunning] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  /** Waiting for the browser's print dialog: 'Done' ends the wait. */
  const [waiting, setWaiting] = useState<AbortController | undefined>();
  const printable = isPrintableMaterial(props.textbook);

  const start = async () => {
    if (running) return;
    setRunning(true);
    const controller = new AbortController();
    const printClosed = new AbortController();
    const cancel = () => controller.abort();
    const show = (s: MaterialPrintStage) => {
      if (s.stage === 'printing') {
        // the browser's print dialog is up: the progress dialog gives way to 'Done'
        services.ui.progress(undefined);
        setWaiting(printClosed);
      } else services.ui.progress({ ...stageProgress(t, s), cancel });
    };
    show({ stage: 'getting' });
    let outcome: MaterialPrintOutcome;
    try {
      const { browserMaterialPrintDeps, printMaterial } = await import('./browserPrint');
      outcome = await printMaterial(browserMaterialPrintDeps(services, printClosed.signal), props.textbook, {
        onStage: (s) => {
          if (!controller.signal.aborted) show(s);
        },
        signal: controller.signal,
      });
    } catch (e) {
      // the print code itself could not load (e.g. offline): said, not swallowed
      outcome = {
        status: 'failed',
        failure: { kind: 'job', reason: e instanceof Error ? e.message : String(e) },
      };
    } finally {
      services.ui.progress(undefined);
      setWaiting(undefined);
      setRunning(false);
    }
    const text = outcomeMessage(t, outcome);
    if (text !== undefined) setMessage(text);
    else toast(t('materialPrint.sent', { pages: outcome.pages ?? 0 }), 'success');
  };

  return (
    <>
      <Button
        className="button"
        isDisabled={!printable || running}
        onPress={() => void start()}
        aria-label={t('materialPrint.buttonLabel', { title: props.textbook.title })}
        data-testid="material-print"
        data-textbook-id={props.textbook.id}
        {...(!printable ? { 'aria-describedby': `material-print-note-${props.textbook.id}` } : {})}
      >
        {t('materialPrint.button')}
      </Button>
      {!printable ? (
        <span
          className="material-print-note"
          id={`material-print-note-${props.textbook.id}`}
          data-testid="material-print-note"
        >
          {t('materialPrint.notPrintable')}
        </span>
      ) : null}
      <AppDialog
        title={t('materialPrint.printing')}
        isOpen={waiting !== undefined}
        onClose={() => waiting?.abort()}
        dismissable={false}
        testId="material-print-waiting"
        actions={
          <Button
            className="button primary"
            onPress={() => waiting?.abort()}
            data-testid="material-print-done"
          >
            {t('materialPrint.done')}
          </Button>
        }
      >
        <p>{t('materialPrint.waitingText')}</p>
      </AppDialog>
      <AlertDialog
        title={t('materialPrint.title')}
        message={message}
        confirm={t('common.confirm')}
        onClose={() => setMessage(undefined)}
        testId="material-print-alert"
      />
    </>
  );
}
