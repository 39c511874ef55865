import { PenConnectButton, usePenStatus } from '@dotink/view/pens';
import { Button, ProgressBar } from 'react-aria-components';
import { AppDialog } from '../../components/Dialog';
import { PenDialogs } from '../../components/PenDialogs';
import { type T, useT } from '../../i18n/text';
import { errorText } from '../../lib/services';
import type { CollectLesson } from '../../lib/slots';
import type { CollectModel, PenCollection } from './collectFlow';
import { type CollectPens, useCollectPens } from './useCollectPens';
import './collect.css';

export type { CollectLesson };

const RUNNING = new Set(['reading', 'downloading', 'uploading', 'deleting']);

/** 0–100: half for the download, half for the upload of what was downloaded. */
export function collectPercent(p: PenCollection): number {
  if (p.phase === 'done') return 100;
  if (p.downloaded === 0) return 0;
  return Math.min(100, Math.round((50 * (p.downloaded + p.uploaded)) / p.downloaded));
}

/** Why a pen was not collected, in the teacher's language. */
function failureText(t: T, p: PenCollection): string | undefined {
  const f = p.failure;
  if (!f) return undefined;
  const step = t(`collect.failed.${f.step}`);
  // the server's or the network's reason (an ApiError) is told too; a pen's is its step alone
  const api = (f.error as { name?: unknown } | undefined)?.name === 'ApiError';
  return api ? `${step} ${errorText(t, f.error)}` : step;
}

function PenRow(props: { readonly p: PenCollection; readonly model: CollectModel; readonly t: T }) {
  const { p, model, t } = props;
  const running = RUNNING.has(p.phase);
  const why = failureText(t, p);
  return (
    <li
      className={`collect-pen phase-${p.phase}`}
      data-testid="collect-pen"
      data-phase={p.phase}
      data-mac={p.mac}
    >
      <div className="collect-pen-head">
        <strong data-testid="collect-pen-name">{p.name}</strong>
        <span className={p.pupil ? 'collect-pupil' : 'collect-pupil error-text'} data-testid="collect-pupil">
          {p.pupil ? t('collect.pupil', { num: p.pupil.num, name: p.pupil.name }) : t('collect.notInClass')}
        </span>
      </div>
      <p className="collect-phase" data-testid="collect-phase" role="status">
        {t(`collect.phase.${p.phase}`)}
      </p>
      {p.pupil ? (
        <>
          <ProgressBar
            value={collectPercent(p)}
            aria-label={t('collect.progressLabel', { name: p.name })}
            className="progress"
          >
            <div className="progress-track">
              <div className="progress-fill" style={{ width: `${collectPercent(p)}%` }} />
            </div>
          </ProgressBar>
          <p className="collect-counts" data-testid="collect-counts">
            {t('collect.progress', { done: p.notesDone, notes: p.notes, downloaded: p.downloaded })}
          </p>
          <p className="collect-counts" data-testid="collect-result">
            {t('collect.result', { fresh: p.fresh, already: p.already })}
            {p.otherDays > 0 ? ` ${t('collect.otherDays', { count: p.otherDays })}` : ''}
          </p>
        </>
      ) : null}
      {why ? (
        <p className="error-text" data-testid="collect-why">
          {why}
        </p>
      ) : null}
      <div className="collect-pen-actions">
        {running ? (
          <Button
            className="button small"
            aria-label={t('collect.cancelPen', { name: p.name })}
            onPress={() => model.cancel(p.mac)}
            data-testid="collect-cancel"
          >
            {t('collect.cancel')}
          </Button>
        ) : null}
        {p.phase === 'failed' || p.phase === 'cancelled' ? (
          <Button
            className="button small primary"
            aria-label={t('collect.retryPen', { name: p.name })}
            onPress={() => void model.retry(p.mac)}
            data-testid="collect-retry"
          >
            {t('collect.retry')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function CollectBody(props: { readonly c: CollectPens }) {
  const { c } = props;
  const t = useT();
  if (c.classList.loading) return <p role="status">{t('collect.loadingClass')}</p>;
  if (c.classList.error)
    return (
      <p className="error-text" role="alert" data-testid="collect-class-failed">
        {t('collect.classFailed', { reason: errorText(t, c.classList.error) })}
      </p>
    );
  const model = c.model;
  if (!model) return null;
  return c.collections.length === 0 ? (
    <p className="muted" data-testid="collect-none">
      {t('collect.noPens')}
    </p>
  ) : (
    <ul className="collect-pens" aria-label={t('collect.pens')} data-testid="collect-pens">
      {c.collections.map((p) => (
        <PenRow key={p.mac} p={p} model={model} t={t} />
      ))}
    </ul>
  );
}

/** The dialog; the pens disconnect when it closes. */
export function CollectPensDialog(props: { readonly lesson: CollectLesson; readonly onClose: () => void }) {
  const t = useT();
  const c = useCollectPens(props.lesson.eduClassId, props.lesson.startMs);
  const pen = usePenStatus(c.penStatus);
  return (
    <>
      <AppDialog
        title={`${t('collect.title')} · ${props.lesson.title}`}
        isOpen
        onClose={props.onClose}
        dismissable={false}
        testId="collect-dialog"
        actions={
          <>
            {/* a pen is matched to its pupil: connecting waits for the class list */}
            {c.model ? (
              <PenConnectButton
                className="button primary"
                connecting={pen.connecting}
                onConnect={() => void c.pens.connect()}
              />
            ) : null}
            <Button className="button" onPress={props.onClose} data-testid="collect-close">
              {t('collect.close')}
            </Button>
          </>
        }
      >
        <p className="collect-intro">{t('collect.intro')}</p>
        <CollectBody c={c} />
      </AppDialog>
      <PenDialogs status={c.penStatus} pen={pen} title={t('collect.title')} confirm={t('common.confirm')} />
    </>
  );
}
