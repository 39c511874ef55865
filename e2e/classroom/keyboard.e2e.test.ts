/**
 * The classroom app by keyboard alone (issue 13: every screen of part 1 reachable by keyboard),
 * in Chromium against the real server with the demo school seeded. After signing in through the
 * real sign-in pages, only `page.keyboard` is used: Tab, Shift+Tab, Enter, Space, Escape and the
 * arrow keys. Each step asserts where the focus is (test id or accessible name).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** What a user (and a screen reader) knows of the focused element. */
interface Focused {
  readonly testId: string | null;
  readonly name: string;
  readonly tag: string;
  /** The test id of the nearest ancestor region (drawer, dialog) holding the focus. */
  readonly within: string | null;
  readonly checked: boolean | null;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { testId: null, name: '', tag: 'body', within: null, checked: null };
    const region = el.parentElement?.closest('[data-testid]');
    return {
      testId: el.getAttribute('data-testid'),
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      tag: el.tagName.toLowerCase(),
      within: region?.getAttribute('data-testid') ?? null,
      checked: el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : null,
    };
  });
}

/**
 * Presses `key` (Tab or Shift+Tab) until the focused element matches; fails if it is not reached
 * within `max` presses (an unreachable control or a keyboard trap).
 */
async function tabTo(
  page: Page,
  match: (f: Focused) => boolean,
  what: string,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
  max = 60,
): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (match(f)) return f;
    seen.push(f.testId ?? `${f.tag}:${f.name.slice(0, 30)}`);
  }
  throw new Error(`${what} not reached by ${key} in ${max} presses; focus went: ${seen.join(' → ')}`);
}

/** Waits (a closing dialog restores the focus on the next frame) until `testId` has the focus. */
async function focusOn(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId, {
    timeout: 5_000,
  });
}

const byTestId = (id: string) => (f: Focused) => f.testId === id;
const byName = (name: string | RegExp) => (f: Focused) =>
  typeof name === 'string' ? f.name === name : name.test(f.name);

describe('classroom: keyboard only', () => {
  it('the school admin reaches and operates every screen of part 1 with the keyboard', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const app = new ClassroomPage(await context.newPage(), server.origin);
    const { page } = app;
    await app.signIn(DEMO_ADMIN);
    await app.testId('curriculum-grid').waitFor();
    const path = () => new URL(page.url()).pathname;

    // the curriculum page's 'Manage teachers' button → admin/teachers
    await tabTo(page, byTestId('admin-teachers-button'), "'Manage teachers' in the top bar");
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/main\/admin\/teachers/);
    await app.testId('teachers-table-row').first().waitFor();
    await app.testId('drawer').waitFor();

    // the side drawer: class registration
    const classesItem = await tabTo(
      page,
      byName('class registration/management'),
      'the drawer’s classes item',
    );
    expect(classesItem.within).toBe('drawer');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/main\/admin\/eduClass/);
    await app.testId('classes-table-row').first().waitFor();

    // the class dialog: focus goes in, ESC closes it and gives the focus back to the opener
    await tabTo(page, byTestId('class-new'), "'register new class'");
    await page.keyboard.press('Enter');
    await app.testId('class-dialog').waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=class-dialog]')?.contains(document.activeElement),
    );
    // Tab stays inside the open dialog (focus is trapped while it is modal)
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() =>
          document.querySelector('[data-testid=class-dialog]')?.contains(document.activeElement),
        ),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await app.testId('class-dialog').waitFor({ state: 'detached' });
    await focusOn(page, 'class-new');

    // the side drawer: a class's students (the demo class is the drawer's first class)
    const demoClass = (await app
      .testId('classes-table-row')
      .first()
      .locator('td')
      .nth(3)
      .textContent())!.trim();
    const classItem = await tabTo(page, byName(demoClass), `the drawer's class '${demoClass}'`, 'Shift+Tab');
    expect(classItem.within).toBe('drawer');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/main\/admin\/students\?eduClassId=/);
    await app.testId('students-table-row').first().waitFor();

    // the spreadsheet import dialog opens with the focus inside and closes with ESC
    await tabTo(page, byTestId('import-open'), "'add/edit info by Excel'");
    await page.keyboard.press('Enter');
    await app.testId('import-dialog').waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=import-dialog]')?.contains(document.activeElement),
    );
    await page.keyboard.press('Escape');
    await app.testId('import-dialog').waitFor({ state: 'detached' });
    await focusOn(page, 'import-open');

    // the lecture menu (arrow keys) → the teacher's student page of the selected class
    await tabTo(page, byTestId('lecture-menu'), "the 'Lecture management' menu", 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    // make sure the first item ('manage students') is the one focused, whatever opened the menu
    await page.keyboard.press('Home');
    expect((await focused(page)).name).toBe('manage students');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).name).toBe('Class list');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/main\/student\?eduClassId=/);
    await app.testId('students-table-row').first().waitFor();

    // QR print with nobody chosen → the 'no student selected' dialog, confirm by keyboard
    await tabTo(page, byTestId('qr-print'), "'QR code print'");
    await page.keyboard.press('Enter');
    await app.testId('no-student-dialog').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'alert-confirm');
    await page.keyboard.press('Enter');
    await app.testId('no-student-dialog').waitFor({ state: 'detached' });
    await focusOn(page, 'qr-print');

    // a row's checkbox toggles with Space, then the print makes the PDF
    const box = await tabTo(page, byTestId('select-row'), 'the first row checkbox');
    expect(box.checked).toBe(false);
    await page.keyboard.press('Space');
    expect((await focused(page)).checked).toBe(true);
    // typing in the row's name keeps the focus there; ESC restores the name (§4)
    await tabTo(page, byTestId('student-name'), "the first row's name");
    const name = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
    await page.keyboard.press('End');
    await page.keyboard.type('xy');
    expect((await focused(page)).testId).toBe('student-name');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(`${name}xy`);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(name);
    await tabTo(page, byTestId('qr-print'), "'QR code print' again", 'Shift+Tab');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    // the progress dialog closes and gives the focus back to the print button
    await focusOn(page, 'qr-print');

    // logout is reachable and works by keyboard
    await tabTo(page, byTestId('logout'), "'Logout'", 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    expect(path()).toBe('/');
    expect(app.errors).toEqual([]);
  }, 90_000);
});
