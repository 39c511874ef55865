/**
 * The learning materials of a lecture in Chromium against the real server and the demo school
 * (issue 14): a REGULAR textbook and its duplicate, a 3-page POD PDF registered on code pages
 * issued for it (its PDF and .nproj found through the API), a 501-page PDF refused with the
 * count, a cancelled upload that leaves nothing registered; screenshots (ko, en; 1280 × 800,
 * 390 × 844) and axe-core on the textbook page and the add dialog of both kinds.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import {
  apiCall,
  choosePdf,
  dialogError,
  firstLecture,
  makePdf,
  materialsOf,
  openAddDialog,
  openTextbookPage,
} from './support/materialsPage';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let app: ClassroomPage;
let lecture: { id: number; title: string; eduClassId: number };

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  app = new ClassroomPage(await context.newPage(), server.origin);
  await app.signIn(DEMO_ADMIN);
  lecture = await firstLecture(app);
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function expectAccessible(): Promise<void> {
  expect(await app.seriousViolations()).toEqual([]);
}

describe('classroom: learning materials', () => {
  it('lists the lecture materials with number, type, name, registered date and material print', async () => {
    await openTextbookPage(app, lecture);
    const headers = await app.testId('materials-table').locator('th').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual([
      'number',
      'type',
      'material name',
      'registered date',
      'material print',
    ]);
    expect(await app.testId('materials-table-page-size').inputValue()).toBe('25');
    const listed = (await materialsOf(app, lecture.id)).length;
    await expect.poll(() => app.testId('materials-table-row').count()).toBe(listed);
    expect(await app.testId('material-add').textContent()).toBe('add new learning material');
    await expectAccessible();
    await app.shots('textbook', async () => {
      await app.testId('materials-table-row').first().waitFor();
    });
  }, 120_000);

  it('adds a REGULAR textbook, and refuses it a second time', async () => {
    await openTextbookPage(app, lecture);
    const before = (await materialsOf(app, lecture.id)).length;
    await openAddDialog(app, 'REGULAR');
    await app.testId('material-book').selectOption('6');
    expect(await app.testId('material-name').inputValue()).toBe('Math grade 4, semester 2');
    await app.testId('material-submit').click();
    await app.testId('material-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => app.testId('materials-table-row').count()).toBe(before + 1);
    const added = (await materialsOf(app, lecture.id)).at(-1);
    expect(added).toMatchObject({
      type: 'REGULAR',
      builtinTextbookId: 6,
      book: 3034,
      ncodeStartPage: 1,
      ncodeEndPage: 92,
    });
    expect(await app.testId('materials-table-row').last().textContent()).toContain('official textbook');

    await openAddDialog(app, 'REGULAR');
    await app.testId('material-book').selectOption('6');
    await app.testId('material-submit').click();
    expect(await dialogError(app)).toBe('This learning material is already registered.');
    // the server refuses it too
    const again = await apiCall(app, `/edu/v1/curriculum/${lecture.id}/textbook/regular`, {
      method: 'POST',
      body: { title: 'again', builtinTextbookId: 6 },
    });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('This learning material is already registered.');
    await app.page.keyboard.press('Escape');
    expect((await materialsOf(app, lecture.id)).length).toBe(before + 1);
  }, 120_000);

  it('adds a 3-page POD PDF on code pages issued for it, with its PDF and .nproj registered', async () => {
    await openTextbookPage(app, lecture);
    const before = (await materialsOf(app, lecture.id)).length;
    await openAddDialog(app, 'POD');
    await app.testId('material-name').fill('Fractions worksheet');
    await choosePdf(app, 'fractions.pdf', await makePdf(3));
    expect(await app.testId('material-file-info').textContent()).toBe('3 pages');
    await app.testId('material-submit').click();
    await app.testId('material-dialog').waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => app.testId('materials-table-row').count()).toBe(before + 1);
    const pod = (await materialsOf(app, lecture.id)).at(-1);
    expect(pod).toMatchObject({ type: 'POD', title: 'Fractions worksheet', numPages: 3 });
    expect(pod.ncodeEndPage - pod.ncodeStartPage).toBe(2);
    expect(pod.pdfFile.originalName).toBe('fractions.pdf');
    expect(pod.nprojFile.originalName).toBe('fractions.nproj');
    expect(await app.testId('materials-table-row').last().textContent()).toContain(
      'user-registered material',
    );

    const q = `section=${pod.section}&owner=${pod.owner}&book=${pod.book}`;
    const lookup = await apiCall(app, `/edu/v1/curriculum/textbook?${q}&page=${pod.ncodeStartPage + 2}`);
    expect(lookup.json.data.resultElements.map((a: { type: string }) => a.type)).toEqual(['pdf', 'xml']);
    const print = await apiCall(
      app,
      `/edu/v1/curriculum/textbook/print?${q}&pageStart=${pod.ncodeStartPage}`,
    );
    expect(print.status).toBe(200);
    expect(print.json.data.nproj_xml).toMatch(
      new RegExp(`<start_page[^>]*>${pod.ncodeStartPage}</start_page>`),
    );
  }, 120_000);

  it("refuses a 501-page PDF with 'too many pages' and the count", async () => {
    await openTextbookPage(app, lecture);
    const before = (await materialsOf(app, lecture.id)).length;
    await openAddDialog(app, 'POD');
    await app.testId('material-name').fill('Too long');
    await choosePdf(app, 'long.pdf', await makePdf(501));
    expect(await dialogError(app)).toBe('too many pages (501)');
    await app.testId('material-submit').click();
    expect(await dialogError(app)).toBe('too many pages (501)');
    await app.page.keyboard.press('Escape');
    expect((await materialsOf(app, lecture.id)).length).toBe(before);
  }, 120_000);

  it('cancels an upload under way: nothing is registered', async () => {
    await openTextbookPage(app, lecture);
    const before = await materialsOf(app, lecture.id);
    const cdp = await context.newCDPSession(app.page);
    await cdp.send('Network.enable');
    // 64 KiB/s up: the 1 MB PDF takes about 15 s to send
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    try {
      await openAddDialog(app, 'POD');
      await app.testId('material-name').fill('Cancelled');
      await choosePdf(app, 'big.pdf', await makePdf(2, 1_000_000));
      await app.testId('material-submit').click();
      await app.testId('progress-dialog').waitFor();
      expect(await app.testId('progress-dialog').textContent()).toContain('Registering page backgrounds');
      expect(await app.testId('material-submit').isDisabled()).toBe(true);
      await expect
        .poll(
          async () => Number((await app.testId('progress-dialog').textContent())?.match(/(\d+)%/)?.[1] ?? 0),
          {
            timeout: 20_000,
          },
        )
        .toBeGreaterThan(10);
      await app.testId('progress-cancel').click();
      expect(await dialogError(app)).toBe('Registration cancelled: nothing was registered.');
      expect(await app.testId('progress-dialog').count()).toBe(0);
    } finally {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    expect((await materialsOf(app, lecture.id)).map((m) => m.id)).toEqual(before.map((m) => m.id));
    await app.page.keyboard.press('Escape');
  }, 120_000);

  it('the add dialog of both kinds with an error shown: screenshots and axe', async () => {
    await openTextbookPage(app, lecture);
    const regularError = async () => {
      await app.testId('materials-table').waitFor();
      await openAddDialog(app, 'REGULAR');
      await app.testId('material-submit').click();
      await app.testId('material-error').waitFor();
    };
    await regularError();
    expect(await dialogError(app)).toBe(
      'There is an error in the input values (course / material name / file selection)',
    );
    await expectAccessible();
    await app.shots('materialDialogRegular', regularError);
    const podError = async () => {
      await app.testId('materials-table').waitFor();
      await openAddDialog(app, 'POD');
      await app.testId('material-name').fill('Worksheet');
      await app.testId('material-submit').click();
      await app.testId('material-error').waitFor();
    };
    await openTextbookPage(app, lecture);
    await podError();
    expect(await dialogError(app)).toBe(
      'There is an error in the input values (course / material name / file selection)',
    );
    await expectAccessible();
    await app.shots('materialDialogPod', podError);
    expect(app.errors).toEqual([]);
  }, 180_000);
});
