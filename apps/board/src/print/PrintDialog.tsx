/**
 * The print dialog (board spec §2): paper choice, page range, and in the detailed mode paper size,
 * Ncode density and page outline; the colour-change note; Print disabled while the range selects
 * nothing or codes cannot be had (not signed in).
 */
import { filterPageRangeInput, formatPageRange } from '@dotink/ncode';
import { useId, useState } from 'react';
import { useText } from '../i18n/text';
import { Dialog } from '../ui/Dialog';
import {
  type CodeAvailability,
  checkPrintOptions,
  DEFAULT_PRINT_OPTIONS,
  DENSITY_CHOICES,
  PAPER_CHOICES,
  PAPER_SIZE_CHOICES,
  type PrintOptions,
  pagesBeyond,
  rangeTextOnBlur,
} from './printOptions';
import { usePrintText } from './usePrintText';
import './print.css';

export interface PrintDialogProps {
  /** Pages of the board. */
  readonly numPages: number;
  readonly codes: CodeAvailability;
  readonly initial?: PrintOptions;
  onPrint(options: PrintOptions): void;
  onCancel(): void;
}

export function PrintDialog(props: PrintDialogProps) {
  const t = usePrintText();
  const boardT = useText();
  const [o, setO] = useState<PrintOptions>(props.initial ?? DEFAULT_PRINT_OPTIONS);
  const set = (change: Partial<PrintOptions>) => setO((prev) => ({ ...prev, ...change }));
  const check = checkPrintOptions(o, props.numPages, props.codes);
  // pages named that the document lacks: said while typed, and after the field drops them
  const [beyond, setBeyond] = useState<number[]>([]);
  const ids = { range: useId(), rangeNote: useId(), size: useId() };
  const detailed = o.mode === 'detailed';
  const submit = () => {
    if (check.canPrint) props.onPrint({ ...o, rangeText: rangeTextOnBlur(o.rangeText, props.numPages) });
  };

  return (
    <Dialog title={t('print.title')} onCancel={props.onCancel} testId="print-dialog" wide>
      <form
        className="print-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="print-modes" aria-label={t('print.title')}>
          {(['simple', 'detailed'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={o.mode === mode}
              data-testid={`print-mode-${mode}`}
              onClick={() => set({ mode })}
            >
              {t(`print.mode.${mode}`)}
            </button>
          ))}
        </fieldset>

        <fieldset>
          <legend>{t('print.paper')}</legend>
          {PAPER_CHOICES.map((choice) => (
            <label key={choice} className="print-choice">
              <input
                type="radio"
                name="paperChoice"
                value={choice}
                checked={o.paperChoice === choice}
                data-testid={`print-paper-${choice}`}
                onChange={() => set({ paperChoice: choice })}
              />
              <span>{t(`print.paper.${choice}`)}</span>
              <span className="print-hint">{t(`print.paper.${choice}.hint`)}</span>
            </label>
          ))}
        </fieldset>

        <div className="field">
          <label className="print-label" htmlFor={ids.range}>
            {t('print.range')}
          </label>
          <input
            id={ids.range}
            value={o.rangeText}
            inputMode="numeric"
            placeholder={t('print.range.placeholder')}
            aria-invalid={!check.range.valid}
            aria-describedby={ids.rangeNote}
            data-testid="print-range"
            onChange={(e) => {
              const rangeText = filterPageRangeInput(e.target.value);
              setBeyond(pagesBeyond(rangeText, props.numPages));
              set({ rangeText });
            }}
            onBlur={() => set({ rangeText: rangeTextOnBlur(o.rangeText, props.numPages) })}
          />
          {beyond.length > 0 ? (
            <p className="field-warning" role="status" data-testid="print-range-beyond">
              {boardT('print.rangeBeyond', {
                pages: formatPageRange(beyond),
                total: props.numPages,
                count: beyond.length,
              })}
            </p>
          ) : null}
          {check.range.valid ? (
            <p id={ids.rangeNote} className="print-summary" data-testid="print-range-summary">
              {t('print.range.summary', { count: check.range.pages.length, total: props.numPages })}
            </p>
          ) : (
            <p id={ids.rangeNote} className="field-error" role="alert" data-testid="print-range-invalid">
              {t('print.range.invalid', { total: props.numPages })}
            </p>
          )}
        </div>

        {detailed && (
          <>
            <div className="print-row">
              <label className="print-label" htmlFor={ids.size}>
                {t('print.paperSize')}
              </label>
              <select
                id={ids.size}
                value={check.effectivePaperSize}
                disabled={o.paperChoice === 'ncodeA4'}
                data-testid="print-paper-size"
                onChange={(e) => set({ paperSize: e.target.value as PrintOptions['paperSize'] })}
              >
                {PAPER_SIZE_CHOICES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
              {o.paperChoice === 'ncodeA4' && (
                <span className="print-hint">{t('print.paperSize.fixed')}</span>
              )}
            </div>
            {o.paperChoice !== 'ncodeA4' && (
              <fieldset className="print-density">
                <legend>{t('print.density')}</legend>
                {DENSITY_CHOICES.map((density) => (
                  <label key={density}>
                    <input
                      type="radio"
                      name="density"
                      value={density}
                      checked={o.density === density}
                      data-testid={`print-density-${density}`}
                      onChange={() => set({ density })}
                    />
                    {t(`print.density.${density}`)}
                  </label>
                ))}
              </fieldset>
            )}
            <label className="check">
              <input
                type="checkbox"
                checked={o.outline}
                data-testid="print-outline"
                onChange={(e) => set({ outline: e.target.checked })}
              />
              {t('print.outline')}
            </label>
          </>
        )}

        <p className="print-note" data-testid="print-colour-note">
          {t('print.colourNote')}
        </p>
        {check.blocks.includes('needsSignIn') && (
          <p className="print-note warning" role="alert" data-testid="print-needs-sign-in">
            {t('print.needsSignIn')}
          </p>
        )}

        <div className="dialog-buttons">
          <button type="button" onClick={props.onCancel} data-testid="print-cancel">
            {t('print.cancel')}
          </button>
          <button type="submit" className="primary" disabled={!check.canPrint} data-testid="print-submit">
            {o.paperChoice === 'savePdf' ? t('print.savePdf') : t('print.print')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
