/**
 * Material print in Chromium against the real server started by default (fresh database, demo
 * school seeded, default CODE_START 0.27.667.1, the shared vendor copy with only 3.27.1068 p0–p15:
 * the server issues only installed code pages, so printing with the pattern works): a 3-page POD material registered through the API
 * (codes issued by `GET /edu/v1/paper/ncode`, the PDF and `.nproj` uploaded as multipart) is
 * printed from the 'material print' cell of the lecture's textbook table
 * (`/main/textbook?curriculumId=…&curriculumTitle=…&eduClassId=…`); the PDF handed to the browser's print passes
 * `qpdf --check` and carries the issued code pages, one per PDF page. A print cancelled mid-way
 * says 'Print cancelled' and prints nothing; a material without its PDF shows the lookup's
 * message and code. The progress dialog is shot in ko and en at 1280 × 800 and 390 × 844 and
 * checked with axe. Only the browser's print dialog is stubbed (headless Chromium cannot show
 * one); slow code pages are network shaping of the server's own answers.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../board/support/fixtures';
import { PRINT_STUB } from '../print/printStub';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN, screenshotDir } from './support/classroomPage';
import {
  accessTokenOf,
  BLOB_KEEPER,
  createPodMaterial,
  type PodMaterial,
  printButtonSelector,
  printedCodePages,
  printedPdf,
  qpdfCheck,
  textbookPageUrl,
} from './support/materialPrintPage';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let app: ClassroomPage;
let material: PodMaterial;
let unuploaded: PodMaterial;

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({
    seedDemo: true,
    env: { CLASSROOM_DIST_DIR: dist },
  });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addInitScript({ content: PRINT_STUB });
  await context.addInitScript({ content: BLOB_KEEPER });
  app = new ClassroomPage(await context.newPage(), server.origin);
  await app.signIn(DEMO_ADMIN);
  const token = await accessTokenOf(app.page);
  material = await createPodMaterial(
    server.origin,
    token,
    'Worksheet',
    await textPdf(['Worksheet page one', 'Worksheet page two', 'Worksheet page three']),
    'worksheet.pdf',
  );
  unuploaded = await createPodMaterial(server.origin, token, 'No file yet', await textPdf(['x']), 'x.pdf', {
    upload: false,
  });
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

const printButton = (id: number) => app.page.locator(printButtonSelector(id));
const printedCount = () =>
  app.page.evaluate(() => (window as unknown as { __printedPdfs: string[] }).__printedPdfs.length);
async function openList(lang = 'en'): Promise<void> {
  await app.goto(textbookPageUrl(material), lang);
  await printButton(material.textbookId).waitFor({ timeout: 20_000 });
}
const alertText = async () => {
  await app.testId('material-print-alert').waitFor({ timeout: 30_000 });
  return app.page.locator('[data-testid="material-print-alert"] [data-testid="alert-text"]').textContent();
};
/**
 * Code pages come slowly (the server's answers held back): the material's first after 1 s, the
 * others after a minute, so a print stays mid-way (a page done, the next waiting) while the
 * progress dialog is shot and checked.
 */
const slowCodePages = () => {
  const first = material.codes[0]!;
  const firstFile = `-p${first.p}.code.gz`;
  return app.page.route('**/ncode_data/**', async (route) => {
    const isFirst = new URL(route.request().url()).pathname.endsWith(firstFile);
    await new Promise((r) => setTimeout(r, isFirst ? 1000 : 60_000));
    await route.continue().catch(() => undefined);
  });
};

describe.sequential('material print in Chromium against the real server', () => {
  it('prints a POD material: the PDF handed to print passes qpdf and carries the issued code pages', async () => {
    await openList();
    expect(await printButton(material.textbookId).isEnabled()).toBe(true);
    await printButton(material.textbookId).click();
    await app.testId('progress-dialog').waitFor({ timeout: 10_000 });
    await app.testId('material-print-waiting').waitFor({ timeout: 60_000 });
    expect(await printedCount()).toBe(1);
    await app.testId('material-print-done').click();
    await app.page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[data-testid="toast"]')).some((t) =>
          t.textContent?.includes('3 pages'),
        ),
      undefined,
      { timeout: 10_000 },
    );
    expect(await app.toastTexts()).toContain('The material was sent to print (3 pages).');

    const pdf = await printedPdf(app.page, 0);
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors found');
    const printed = await printedCodePages(pdf);
    expect(printed.pages).toBe(3);
    expect(printed.codes).toEqual(material.codes.map((c) => `${c.s}.${c.o}.${c.b}.${c.p}`));
    expect(material.codes.every((c) => c.s === 3 && c.o === 27 && c.b === 1068)).toBe(true);
    expect(app.errors).toEqual([]);
  }, 120_000);

  it('shows the print-material lookup error with its message and code', async () => {
    await openList();
    await printButton(unuploaded.textbookId).click();
    expect(await alertText()).toBe(
      'No printable learning material is registered at this page address. (code 404)',
    );
    await app.testId('alert-confirm').click();
  }, 60_000);

  it('cancels mid-way: "Print cancelled", nothing printed; the progress dialog in ko and en, phone and desktop', async () => {
    await slowCodePages();
    try {
      for (const lang of ['ko', 'en'] as const) {
        await openList(lang);
        const before = await printedCount();
        await printButton(material.textbookId).click();
        // mid-way: a page done, the next ones waiting for their code pages
        await app.page.waitForFunction(
          () => {
            const text = document.querySelector(
              '[data-testid="progress-dialog"] .progress-text',
            )?.textContent;
            return text !== undefined && text !== null && text !== '0%';
          },
          undefined,
          { timeout: 30_000 },
        );
        for (const [w, h] of [
          [1280, 800],
          [390, 844],
        ] as const) {
          await app.page.setViewportSize({ width: w, height: h });
          await app.page.waitForTimeout(150);
          mkdirSync(screenshotDir, { recursive: true });
          await app.page.screenshot({
            path: join(screenshotDir, `materialPrint-progress-${lang}-${w}x${h}.png`),
          });
          expect(await app.seriousViolations()).toEqual([]);
        }
        await app.page.setViewportSize({ width: 1280, height: 800 });
        const started = Date.now();
        await app.testId('progress-cancel').click();
        expect(await alertText()).toBe(lang === 'en' ? 'Print cancelled' : '인쇄가 취소되었습니다');
        // the alert follows the press at once (the worker is stopped, not waited for)
        expect(Date.now() - started).toBeLessThan(2000);
        expect(await app.testId('progress-dialog').count()).toBe(0);
        await app.testId('alert-confirm').click();
        expect(await printedCount()).toBe(before);
      }
    } finally {
      await app.page.unroute('**/ncode_data/**');
    }
    // the list itself, both languages and sizes, with axe
    await app.shots('materialPrint-list', async () => {
      await printButton(material.textbookId).waitFor();
    });
    expect(await app.seriousViolations()).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 180_000);
});
