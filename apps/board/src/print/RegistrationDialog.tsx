/**
 * The page-order registration dialog (board spec §2, §4; fact sheet §6), one per printed page: a
 * picture of the page with the mark to tap (top-left, then bottom-right on page 1; anywhere on the
 * following pages), what to do, the steps done, and the overlap / not-the-same-page alerts.
 */
import { useContext } from 'react';
import { useStore } from 'zustand';
import { type BoardApp, BoardAppContext } from '../app/boardApp';
import { useText } from '../i18n/text';
import { Dialog } from '../ui/Dialog';
import { CROSS_FRACTIONS, currentPageIndex, currentTarget, type RegistrationState } from './registration';
import { usePrintText } from './usePrintText';
import './print.css';

export interface RegistrationDialogProps {
  readonly state: RegistrationState;
  /** A small image of the page being registered (data or object URL), if any. */
  readonly pageImage?: string;
  /** The print was downloaded (the browser cannot print it): say how to print it. */
  readonly downloaded?: boolean;
  onCancel(): void;
}

/** A cross drawn at (cx, cy) in a 0–100 box. */
function Cross(props: { cx: number; cy: number; active: boolean; testId: string }) {
  const arm = 5;
  return (
    <g
      className={props.active ? 'registration-target' : undefined}
      stroke={props.active ? '#d32f2f' : '#9aa0a6'}
      strokeWidth={props.active ? 1.6 : 0.8}
      data-testid={props.testId}
      data-active={props.active}
    >
      <line x1={props.cx - arm} y1={props.cy} x2={props.cx + arm} y2={props.cy} />
      <line x1={props.cx} y1={props.cy - arm} x2={props.cx} y2={props.cy + arm} />
      {props.active && <circle cx={props.cx} cy={props.cy} r={arm + 1.5} fill="none" />}
    </g>
  );
}

export function RegistrationDialog(props: RegistrationDialogProps) {
  const t = usePrintText();
  const s = props.state;
  const index = currentPageIndex(s);
  const page = s.pages[index]!;
  const target = currentTarget(s);
  const total = s.pages.length;
  const w = 100;
  const h = (100 * page.sizePt.heightPt) / page.sizePt.widthPt;
  const instruction =
    target === 'topLeft'
      ? t('registration.topLeft')
      : target === 'bottomRight'
        ? t('registration.bottomRight')
        : t('registration.anywhere', { page: index + 1 });
  const doneCount = Math.max(0, s.step - 1);
  return (
    <Dialog
      title={t('registration.title', { page: index + 1, total })}
      onCancel={props.onCancel}
      testId="registration-dialog"
      wide
    >
      <div className="registration-body" data-page={index + 1} data-target={target}>
        <svg
          className="registration-page"
          viewBox={`-2 -2 ${w + 4} ${h + 4}`}
          role="img"
          aria-label={t('registration.title', { page: index + 1, total })}
        >
          <rect x={0} y={0} width={w} height={h} fill="#fff" stroke="#5f6670" strokeWidth={0.6} />
          {props.pageImage && (
            <image href={props.pageImage} x={0} y={0} width={w} height={h} opacity={0.55} />
          )}
          {index === 0 ? (
            <>
              <Cross
                cx={CROSS_FRACTIONS.topLeft * w}
                cy={CROSS_FRACTIONS.topLeft * h}
                active={target === 'topLeft'}
                testId="registration-mark-top-left"
              />
              <Cross
                cx={CROSS_FRACTIONS.bottomRight * w}
                cy={CROSS_FRACTIONS.bottomRight * h}
                active={target === 'bottomRight'}
                testId="registration-mark-bottom-right"
              />
            </>
          ) : (
            <circle
              className="registration-target"
              cx={w / 2}
              cy={h / 2}
              r={8}
              fill="none"
              stroke="#d32f2f"
              strokeWidth={1.6}
            />
          )}
          <text x={w / 2} y={h - 6} textAnchor="middle" fontSize={12} fill="#5f6670">
            {index + 1}
          </text>
        </svg>
        <div>
          <p className="print-status" data-testid="registration-instruction">
            {instruction}
          </p>
          <p className="print-summary" data-testid="registration-progress">
            {t('registration.progress', { done: doneCount, total })}
          </p>
          <ol className="registration-steps" aria-hidden="true">
            {s.pages.map((p, k) => (
              <li key={p.pdfPageNo} data-done={k < doneCount} />
            ))}
          </ol>
          {props.downloaded && (
            <p className="print-note warning" data-testid="print-download-hint">
              {t('handOff.downloaded')}
            </p>
          )}
          {s.alert && (
            <p className="print-alert" role="alert" data-testid="registration-alert" data-alert={s.alert}>
              {s.alert === 'overlap' ? t('page.overlap') : t('page.notSame')}
            </p>
          )}
        </div>
      </div>
      <div className="dialog-buttons">
        <ConnectPen />
        <button type="button" onClick={props.onCancel} data-testid="registration-cancel">
          {t('registration.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Connecting a pen from the registration dialog (the dialog is modal: the top bar's button cannot
 * be reached while it is open), with the count of connected pens. Only inside the board app.
 */
function ConnectPen() {
  const app = useContext(BoardAppContext);
  return app ? <ConnectPenButton app={app} /> : null;
}

function ConnectPenButton(props: { app: BoardApp }) {
  const t = useText();
  const editor = props.app.deps.editor;
  const count = useStore(editor, (s) => s.connectedPens.length);
  const connecting = useStore(editor, (s) => s.connecting);
  return (
    <>
      <span className="pen-count registration-pens" data-testid="registration-pen-count" aria-live="polite">
        {t('pen.count', { count })}
      </span>
      <button
        type="button"
        className={count === 0 ? 'primary' : undefined}
        data-testid="registration-connect-pen"
        disabled={connecting}
        onClick={() => void props.app.deps.pens.connect()}
      >
        {connecting ? t('pen.connecting') : t('pen.connect')}
      </button>
    </>
  );
}
