// @vitest-environment jsdom
/**
 * Printing where the browser cannot print PDFs itself (issue 12, item 19): Firefox's pdf.js
 * viewer prints at 150 dpi and smudges the pattern, and phones have no PDF viewer to print from,
 * so the PDF is downloaded with a 'print at 100 %, no fit to page' hint instead.
 */

import { pdfPrintMethod } from '@dotink/print-web';
import { I18nProvider } from '@dotink/view';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrintProgressDialog } from './PrintProgressDialog';
import { browserHandOff } from './printHandOff';
import type { PrintOptions } from './printOptions';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const options = { paperChoice: 'plainPaper' } as PrintOptions;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('handing the PDF to the printer', () => {
  it('prints through the browser only where it prints PDFs natively (Chromium, Safari on a desktop)', () => {
    expect(pdfPrintMethod({ userAgent: CHROME, pdfViewerEnabled: true })).toBe('frame');
    expect(pdfPrintMethod({ userAgent: SAFARI, pdfViewerEnabled: true })).toBe('frame');
    expect(pdfPrintMethod({ userAgent: FIREFOX, pdfViewerEnabled: true })).toBe('download');
    expect(pdfPrintMethod({ userAgent: ANDROID, pdfViewerEnabled: false })).toBe('download');
    expect(pdfPrintMethod({ userAgent: IPHONE, pdfViewerEnabled: true })).toBe('download');
    expect(pdfPrintMethod({ userAgent: CHROME, pdfViewerEnabled: false })).toBe('download');
  });

  it('downloads the PDF in Firefox instead of printing it through pdf.js', async () => {
    vi.stubGlobal('navigator', { userAgent: FIREFOX, pdfViewerEnabled: true });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    URL.createObjectURL = () => 'blob:pdf';
    URL.revokeObjectURL = () => {};
    const how = await browserHandOff(new Blob(['%PDF']), options, 'Board-print.pdf');
    expect(how).toBe('downloaded');
    expect(clicked).toEqual(['Board-print.pdf']);
    expect(document.querySelector('iframe')).toBeNull();
    click.mockRestore();
  });

  it.each([
    ['en', 'print at 100 % (actual size), without “fit to page”'],
    ['ko', '100 %(실제 크기)로, ‘페이지에 맞추기’ 없이 인쇄하세요'],
    ['ja', '100 %（実際のサイズ）で「用紙に合わせる」を使わずに印刷してください'],
    ['zh-TW', '以 100 %（實際大小）列印，不要選擇「符合頁面大小」'],
  ] as const)('tells the user how to print the downloaded PDF (%s)', (language, text) => {
    render(
      <I18nProvider language={language}>
        <PrintProgressDialog
          view={{
            state: 'complete',
            pagesDone: 2,
            pagesTotal: 2,
            paperChoice: 'plainPaper',
            downloaded: true,
          }}
          onCancel={() => {}}
          onClose={() => {}}
        />
      </I18nProvider>,
    );
    expect(screen.getByTestId('print-download-hint').textContent).toContain(text);
  });
});
