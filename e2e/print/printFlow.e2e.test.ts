/**
 * Browser test of the board's print flow (Chromium through playwright-core, like
 * e2e/pen/webBluetooth.e2e.test.ts): the harness page (harness/main.ts, built by Vite with the
 * print worker as a module worker) walks the print dialog — the three paper choices, the page
 * range, simple and detailed modes, sign-in — prints with real codes and code pages from the test
 * server, cancels a slow print, and registers a printout on pre-printed Ncode paper with taps of a
 * simulated smart pen behind the Web Bluetooth stand-in, meeting both alerts. Screenshots go to
 * reports/screenshots/print-*.png. Chromium must be at /usr/bin/chromium (or CHROMIUM_PATH); a
 * missing browser fails the test (it is never skipped).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/shared';
import type { HarnessApi } from './harness/api';
import { buildHarness, type HarnessServer, serveHarness } from './harnessServer';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = join(repoRoot, 'reports', 'screenshots');

let browser: Browser;
let server: HarnessServer;
const errors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH)`,
    );
  }
  mkdirSync(SHOTS, { recursive: true });
  server = await serveHarness(await buildHarness());
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${server.url}/?${query}`);
  await page.waitForFunction(
    () => (globalThis as unknown as { harness?: HarnessApi }).harness?.ready === true,
  );
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `print-${name}.png`) });
const byId = (page: Page, id: string) => page.getByTestId(id);
const harness = <T>(page: Page, f: (h: HarnessApi) => T | Promise<T>) =>
  page.evaluate(`(${f.toString()})((globalThis).harness)`) as Promise<T>;
/** Waits until the element shows exactly `text`. */
const textIs = (page: Page, testId: string, text: string) =>
  page.waitForFunction(
    ([id, t]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === t,
    [testId, text] as const,
    { timeout: 10_000 },
  );
const statusIs = (page: Page, state: string, timeout = 60_000) =>
  page.waitForSelector(`[data-testid="print-status"][data-state="${state}"]`, { timeout });

describe('print flow in Chromium', () => {
  it('walks the dialog signed out: three choices, sign-in note, page range, detailed mode; in four languages', async () => {
    const page = await open('signedIn=0');
    await byId(page, 'print-dialog').waitFor();
    await shot(page, 'dialog-simple-signed-out');
    for (const choice of ['plainPaper', 'ncodeA4', 'savePdf'])
      await byId(page, `print-paper-${choice}`).waitFor();
    expect(await byId(page, 'print-paper-plainPaper').isChecked()).toBe(true);
    expect(await byId(page, 'print-needs-sign-in').isVisible()).toBe(true);
    expect(await byId(page, 'print-submit').isDisabled()).toBe(true);
    await byId(page, 'print-paper-savePdf').check();
    expect(await byId(page, 'print-submit').textContent()).toBe('Save PDF');
    expect(await byId(page, 'print-submit').isDisabled()).toBe(true);
    await byId(page, 'print-paper-ncodeA4').check();
    expect(await byId(page, 'print-submit').isDisabled()).toBe(false);

    // page range: blank = all, garbage filtered, out of range disables Print, blur normalises
    expect(await byId(page, 'print-range-summary').textContent()).toBe('3 of 3 pages');
    await byId(page, 'print-range').fill('7');
    expect(await byId(page, 'print-range-invalid').isVisible()).toBe(true);
    expect(await byId(page, 'print-submit').isDisabled()).toBe(true);
    await shot(page, 'range-invalid');
    await byId(page, 'print-range').fill('');
    await byId(page, 'print-range').pressSequentially('3,2a');
    expect(await byId(page, 'print-range').inputValue()).toBe('3,2');
    await byId(page, 'print-range').blur();
    expect(await byId(page, 'print-range').inputValue()).toBe('2-3');
    expect(await byId(page, 'print-range-summary').textContent()).toBe('2 of 3 pages');

    await byId(page, 'print-mode-detailed').click();
    expect(await byId(page, 'print-paper-size').isDisabled()).toBe(true);
    await byId(page, 'print-paper-plainPaper').check();
    expect(await byId(page, 'print-paper-size').isDisabled()).toBe(false);
    expect(await byId(page, 'print-density-normal').isChecked()).toBe(true);
    expect(await byId(page, 'print-outline').isChecked()).toBe(false);
    await shot(page, 'dialog-detailed');
    await byId(page, 'print-cancel').click();
    await byId(page, 'print-dialog').waitFor({ state: 'detached' });
    await page.close();

    for (const [lang, title] of [
      ['ko', '인쇄'],
      ['ja', '印刷'],
      ['zh-TW', '列印'],
    ] as const) {
      const p = await open(`lang=${lang}&signedIn=1`);
      await byId(p, 'print-dialog').waitFor();
      expect(await p.locator('[data-testid="print-dialog"] h2').textContent()).toBe(title);
      if (lang === 'ko') {
        await byId(p, 'print-mode-detailed').click();
        await shot(p, 'dialog-ko');
      }
      await p.close();
    }
  }, 120_000);

  it('prints signed in: plain paper (codes issued once), the reprint PDF (codes reused), and a cancelled slow print', async () => {
    const page = await open('signedIn=1&slowAfterMs=300');
    await byId(page, 'print-dialog').waitFor();
    expect(await byId(page, 'print-needs-sign-in').count()).toBe(0);

    // (a) plain paper, pages 1 and 3, dark dots, outline
    await byId(page, 'print-mode-detailed').click();
    await byId(page, 'print-range').fill('1, 3');
    await byId(page, 'print-density-dark').check();
    await byId(page, 'print-outline').check();
    await byId(page, 'print-submit').click();
    await statusIs(page, 'complete');
    await shot(page, 'complete-plain-paper');
    expect(server.codeRequests).toEqual(['?qty=3&width=230&height=317']);
    expect(await harness(page, (h) => h.handed())).toEqual([
      { choice: 'plainPaper', bytes: expect.any(Number), head: '%PDF-1.7' },
    ]);
    expect(await harness(page, (h) => h.pages())).toEqual(['3.27.1068.1', '256.27.1068.1', '3.27.1068.3']);
    // pages 1 and 3 are not consecutive codes: no .nproj; the PDF can be downloaded again
    expect(await byId(page, 'print-download-nproj').count()).toBe(0);
    await byId(page, 'print-download-pdf').click();
    await byId(page, 'print-close').click();

    // (c) the reprint PDF of every page: codes reused, no new request
    await byId(page, 'harness-open-print').click();
    await byId(page, 'print-paper-savePdf').check();
    await byId(page, 'print-submit').click();
    await statusIs(page, 'complete');
    expect(await byId(page, 'print-reprint-note').textContent()).toBe(
      'A reprint PDF must be printed at original size with no scaling.',
    );
    await shot(page, 'complete-reprint-pdf');
    await byId(page, 'print-download-nproj').click();
    const delivered = await harness(page, (h) => h.delivered());
    expect(delivered.map((d) => [d.fileName, d.head])).toEqual([
      ['Lesson-print.pdf', '%PDF-1.7'],
      ['Lesson.nproj', '<?xml ve'],
    ]);
    expect(server.codeRequests).toHaveLength(1);
    expect((await harness(page, (h) => h.handed())).map((x) => x.choice)).toEqual(['plainPaper', 'savePdf']);
    expect(await harness(page, (h) => h.pages())).toEqual(['3.27.1068.1', '3.27.1068.2', '3.27.1068.3']);
    await byId(page, 'print-close').click();

    // cancel while the code pages come slowly
    server.codePageDelayMs = 2500;
    try {
      await byId(page, 'harness-open-print').click();
      await byId(page, 'print-submit').click();
      await statusIs(page, 'processing');
      await shot(page, 'processing');
      await byId(page, 'print-progress-cancel').click();
      await statusIs(page, 'waitingForCancel', 5000);
      expect(await byId(page, 'print-status').textContent()).toBe('The program is running');
      await byId(page, 'print-wait-longer').waitFor({ timeout: 5000 });
      expect(await byId(page, 'print-wait-longer').textContent()).toBe('Please wait a little longer');
      await shot(page, 'waiting-for-cancel');
      await statusIs(page, 'cancelled', 30_000);
      await shot(page, 'cancelled');
    } finally {
      server.codePageDelayMs = 0;
    }
    expect((await harness(page, (h) => h.handed())).length).toBe(2);
    await byId(page, 'print-close').click();
    await page.close();
  }, 180_000);

  it('prints on pre-printed Ncode A4 paper and registers the page order with pen taps, with both alerts', async () => {
    const page = await open('signedIn=0');
    await byId(page, 'print-paper-ncodeA4').check();
    await byId(page, 'print-submit').click();
    await byId(page, 'registration-dialog').waitFor({ timeout: 60_000 });
    expect(await harness(page, (h) => h.handed().map((x) => x.choice))).toEqual(['ncodeA4']);
    const title = () => page.locator('[data-testid="registration-dialog"] h2').textContent();
    const instruction = () => byId(page, 'registration-instruction').textContent();
    expect(await title()).toBe('Page-order registration: page 1 of 3');
    expect(await byId(page, 'registration-mark-top-left').getAttribute('data-active')).toBe('true');
    await shot(page, 'registration-top-left');

    expect(await harness(page, (h) => h.connectPen())).toBe(true);
    expect(await harness(page, (h) => h.inkPaused)).toBe(true);
    // a stroke longer than 2 nu is not a tap: nothing happens
    await harness(page, (h) => h.swipe('3.27.168.10', 13.4, 17.7));
    expect(await instruction()).toBe('With the pen, tap the mark at the top left of printed page 1.');
    await harness(page, (h) => h.tap('3.27.168.10', 13.4, 17.7));
    await textIs(page, 'registration-instruction', 'Now tap the mark at the bottom right of the same page.');
    await shot(page, 'registration-bottom-right');

    await harness(page, (h) => h.tap('3.27.168.11', 81.4, 113.9));
    await textIs(
      page,
      'registration-alert',
      'Not the same page: the same PDF page must correspond to one Ncode paper.',
    );
    await shot(page, 'registration-not-same-page');

    await harness(page, (h) => h.tap('3.27.168.10', 81.4, 113.9));
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="registration-dialog"] h2')?.textContent?.includes('page 2 of 3'),
    );
    expect(await byId(page, 'registration-alert').count()).toBe(0);
    expect(await instruction()).toBe('Tap anywhere on printed page 2.');

    await harness(page, (h) => h.tap('3.27.168.10', 40, 60));
    await textIs(
      page,
      'registration-alert',
      'Overlap with registered page: this page overlaps the previously registered page. Please check the printed paper.',
    );
    await shot(page, 'registration-overlap');

    await harness(page, (h) => h.tap('3.27.168.11', 40, 60));
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="registration-dialog"] h2')?.textContent?.includes('page 3 of 3'),
    );
    await shot(page, 'registration-page-3');
    await harness(page, (h) => h.tap('3.27.168.12', 40, 60));
    await byId(page, 'registration-dialog').waitFor({ state: 'detached' });
    expect(await harness(page, (h) => h.pages())).toEqual(['3.27.168.10', '3.27.168.11', '3.27.168.12']);
    expect(await harness(page, (h) => h.inkPaused)).toBe(false);
    await shot(page, 'registration-done');
    await page.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
