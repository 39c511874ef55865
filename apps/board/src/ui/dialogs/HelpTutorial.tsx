/** The help tutorial (board.md §2): skip, start, previous, next, done, download. */
import { useState } from 'react';
import { useBoardApp } from '../../app/boardApp';
import { type TextKey, useText } from '../../i18n/text';
import { Dialog } from '../Dialog';

const STEPS: readonly (readonly [TextKey, TextKey])[] = [
  ['help.step1.title', 'help.step1.text'],
  ['help.step2.title', 'help.step2.text'],
  ['help.step3.title', 'help.step3.text'],
  ['help.step4.title', 'help.step4.text'],
  ['help.step5.title', 'help.step5.text'],
];

export function HelpTutorial() {
  const app = useBoardApp();
  const t = useText();
  const [step, setStep] = useState(0);
  const close = () => app.deps.editor.getState().closeDialog();
  const [title, text] = STEPS[step]!;
  const last = step === STEPS.length - 1;
  const download = () => {
    const guide = [t('help.title'), '', ...STEPS.flatMap(([h, b]) => [t(h), t(b), ''])].join('\n');
    app.deps.deliver('dotink-board-guide.txt', new TextEncoder().encode(guide), 'text/plain');
  };
  return (
    <Dialog title={t('help.title')} onCancel={close} testId="help-dialog" wide>
      <div className="tutorial" aria-live="polite">
        <p className="step-count">
          {step + 1} / {STEPS.length}
        </p>
        <h3 data-testid="help-step-title">{t(title)}</h3>
        <p>{t(text)}</p>
      </div>
      <div className="dialog-buttons">
        {step === 0 ? (
          <>
            <button type="button" data-testid="help-skip" onClick={close}>
              {t('help.skip')}
            </button>
            <button
              type="button"
              className="primary"
              data-autofocus
              data-testid="help-start"
              onClick={() => setStep(1)}
            >
              {t('help.start')}
            </button>
          </>
        ) : (
          <>
            <button type="button" data-testid="help-previous" onClick={() => setStep(step - 1)}>
              {t('help.previous')}
            </button>
            {last ? (
              <>
                <button type="button" data-testid="help-download" onClick={download}>
                  {t('help.download')}
                </button>
                <button
                  type="button"
                  className="primary"
                  data-autofocus
                  data-testid="help-done"
                  onClick={close}
                >
                  {t('help.done')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="primary"
                data-autofocus
                data-testid="help-next"
                onClick={() => setStep(step + 1)}
              >
                {t('help.next')}
              </button>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
