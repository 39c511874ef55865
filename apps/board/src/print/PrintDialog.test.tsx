// @vitest-environment jsdom
import { I18nProvider } from '@dotink/view';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrintDialog } from './PrintDialog';
import { PrintProgressDialog, type PrintProgressView } from './PrintProgressDialog';
import type { CodeAvailability } from './printOptions';

afterEach(cleanup);

const signedIn: CodeAvailability = { signedIn: true, pagesWithCodes: new Set() };
const signedOut: CodeAvailability = { signedIn: false, pagesWithCodes: new Set() };

function dialog(codes = signedIn, numPages = 5) {
  const onPrint = vi.fn();
  const onCancel = vi.fn();
  render(<PrintDialog numPages={numPages} codes={codes} onPrint={onPrint} onCancel={onCancel} />);
  return { onPrint, onCancel };
}

const submit = () => screen.getByTestId('print-submit') as HTMLButtonElement;

describe('PrintDialog', () => {
  it('opens simple: plain paper, all pages, the colour note; detailed adds size, density (normal) and outline (off)', () => {
    dialog();
    expect((screen.getByTestId('print-paper-plainPaper') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('print-range-summary').textContent).toBe('5 of 5 pages');
    expect(screen.getByTestId('print-colour-note').textContent).toContain('without black toner');
    expect(screen.queryByTestId('print-paper-size')).toBeNull();
    fireEvent.click(screen.getByTestId('print-mode-detailed'));
    expect((screen.getByTestId('print-paper-size') as HTMLSelectElement).value).toBe('A4');
    expect(
      [...(screen.getByTestId('print-paper-size') as HTMLSelectElement).options].map((o) => o.value),
    ).toEqual(['A4', 'A3', 'B4', 'B5', 'Letter']);
    expect((screen.getByTestId('print-density-normal') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Normal (recommended)')).toBeTruthy();
    expect(screen.getByText('Dark (only if the code is not recognised at normal or light)')).toBeTruthy();
    expect((screen.getByTestId('print-outline') as HTMLInputElement).checked).toBe(false);
  });

  it('filters and normalises the page range, and disables Print while it selects nothing', () => {
    const { onPrint } = dialog();
    const range = screen.getByTestId('print-range') as HTMLInputElement;
    fireEvent.change(range, { target: { value: '5,1,2,3x' } });
    expect(range.value).toBe('5,1,2,3');
    fireEvent.blur(range);
    expect(range.value).toBe('1-3, 5');
    fireEvent.change(range, { target: { value: '9' } });
    expect(screen.getByTestId('print-range-invalid').textContent).toContain('between 1 and 5');
    expect(submit().disabled).toBe(true);
    fireEvent.change(range, { target: { value: '2-' } });
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    expect(onPrint).toHaveBeenCalledWith(
      expect.objectContaining({ rangeText: '2-5', paperChoice: 'plainPaper' }),
    );
  });

  it("says which pages of the range do not exist ('1, 2, 4' on 3 pages prints 1-2)", () => {
    dialog(signedIn, 3);
    const range = screen.getByTestId('print-range') as HTMLInputElement;
    fireEvent.change(range, { target: { value: '1, 2, 4' } });
    fireEvent.blur(range);
    expect(range.value).toBe('1-2');
    expect(screen.getByTestId('print-range-beyond').textContent).toBe(
      'The document has 3 pages: page 4 does not exist and is left out.',
    );
    fireEvent.change(range, { target: { value: '1-3' } });
    expect(screen.queryByTestId('print-range-beyond')).toBeNull();
    // an open range ends at the last page
    fireEvent.change(range, { target: { value: '1-' } });
    expect(screen.queryByTestId('print-range-beyond')).toBeNull();
    fireEvent.change(range, { target: { value: '1-, 5-6' } });
    expect(screen.getByTestId('print-range-beyond').textContent).toBe(
      'The document has 3 pages: pages 5-6 do not exist and are left out.',
    );
  });

  it('asks to sign in for the pattern choices; pre-printed Ncode A4 paper prints signed out, always on A4', () => {
    const { onPrint } = dialog(signedOut);
    expect(screen.getByTestId('print-needs-sign-in')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('print-paper-savePdf'));
    expect(submit().textContent).toBe('Save PDF');
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('print-paper-ncodeA4'));
    expect(screen.queryByTestId('print-needs-sign-in')).toBeNull();
    fireEvent.click(screen.getByTestId('print-mode-detailed'));
    const size = screen.getByTestId('print-paper-size') as HTMLSelectElement;
    expect([size.value, size.disabled]).toEqual(['A4', true]);
    expect(screen.queryByTestId('print-density-normal')).toBeNull();
    fireEvent.click(submit());
    expect(onPrint).toHaveBeenCalledWith(
      expect.objectContaining({ paperChoice: 'ncodeA4', mode: 'detailed' }),
    );
  });

  it('speaks Korean, Japanese and Traditional Chinese', () => {
    for (const [language, title] of [
      ['ko', '인쇄'],
      ['ja', '印刷'],
      ['zh-TW', '列印'],
    ] as const) {
      render(
        <I18nProvider language={language}>
          <PrintDialog numPages={2} codes={signedIn} onPrint={() => {}} onCancel={() => {}} />
        </I18nProvider>,
      );
      expect(screen.getByRole('heading').textContent).toBe(title);
      cleanup();
    }
  });
});

describe('PrintProgressDialog', () => {
  const view = (v: Partial<PrintProgressView>): PrintProgressView => ({
    state: 'processing',
    pagesDone: 1,
    pagesTotal: 4,
    paperChoice: 'plainPaper',
    ...v,
  });
  const show = (v: Partial<PrintProgressView>) => {
    const handlers = {
      onCancel: vi.fn(),
      onClose: vi.fn(),
      onPrinted: vi.fn(),
      onDownloadNproj: vi.fn(),
      onDownloadPdf: vi.fn(),
    };
    render(<PrintProgressDialog view={view(v)} {...handlers} />);
    return handlers;
  };
  const status = () => screen.getByTestId('print-status').textContent;

  it('shows each state, with Cancel while processing', () => {
    const h = show({});
    expect(status()).toBe('Processing page 2 of 4');
    fireEvent.click(screen.getByTestId('print-progress-cancel'));
    expect(h.onCancel).toHaveBeenCalled();
    cleanup();
    show({ state: 'preparing', pagesDone: 0 });
    expect(status()).toBe('Preparing');
    cleanup();
    show({ state: 'waitingForCancel' });
    expect(status()).toBe('The program is running');
    expect(screen.queryByTestId('print-wait-longer')).toBeNull();
    expect((screen.getByTestId('print-progress-cancel') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    show({ state: 'waitingForCancel', slow: true });
    expect(screen.getByTestId('print-wait-longer').textContent).toBe('Please wait a little longer');
    cleanup();
    const waiting = show({ state: 'waitingForPrint' });
    expect(status()).toBe('Waiting for printing to finish');
    fireEvent.click(screen.getByTestId('print-handoff-done'));
    expect(waiting.onPrinted).toHaveBeenCalled();
    cleanup();
    const done = show({ state: 'complete', canDownloadNproj: true, canDownloadPdf: true });
    expect(status()).toBe('Printing is complete.');
    fireEvent.click(screen.getByTestId('print-download-nproj'));
    expect(done.onDownloadNproj).toHaveBeenCalled();
    cleanup();
    show({ state: 'complete', paperChoice: 'savePdf' });
    expect(status()).toBe('The PDF is saved.');
    expect(screen.getByTestId('print-reprint-note').textContent).toBe(
      'A reprint PDF must be printed at original size with no scaling.',
    );
  });

  it('shows why a print failed: the code-issue alert as is, the server unreachable, the job message', () => {
    show({
      state: 'failed',
      failure: { kind: 'codes', status: 401, alert: '401 (error) Unauthorized message: expired' },
    });
    expect(screen.getByTestId('print-failure').textContent).toBe('401 (error) Unauthorized message: expired');
    cleanup();
    show({ state: 'failed', failure: { kind: 'codes', status: -1 } });
    expect(screen.getByTestId('print-failure').textContent).toBe(
      'Ncode codes could not be issued: the server could not be reached.',
    );
    cleanup();
    const h = show({
      state: 'failed',
      failure: { kind: 'job', name: 'CodePageError', message: 'Cannot print…' },
    });
    expect(screen.getByTestId('print-failure').textContent).toBe('Cannot print…');
    fireEvent.click(screen.getByTestId('print-close'));
    expect(h.onClose).toHaveBeenCalled();
  });
});
