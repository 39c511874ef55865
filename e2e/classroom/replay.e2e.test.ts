/**
 * The handwriting replay (issue 14, classroom.md §2 replay) in Chromium against the real server
 * with the demo school: a demo pupil's pages replayed at x32 to the end, the last frame compared
 * with the static render of the same strokes (a hash of the ink layer's pixels), fit and speed
 * by keyboard, the IndexedDB cache used on reload (the search asks only for newer strokes and
 * gets none), the refused queries and the no-data message, screenshots in ko and en at
 * 1280 × 800 and 390 × 844 with axe-core.
 */
import { encodeBase64 } from '@dotink/ncode';
import { strToU8, zlibSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import { DEMO_BOOK, demoReplayTarget, layerHash, type ReplayTarget, replayPath } from './support/replayPage';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cp: ClassroomPage;
let target: ReplayTarget;
const searches: string[] = [];

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.on('request', (r) => {
    if (r.url().includes('/admin/v1/inkstore/search/')) searches.push(r.url());
  });
  cp = new ClassroomPage(page, server.origin);
  await cp.signIn(DEMO_ADMIN);
  target = await demoReplayTarget(page, server.origin);
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

const pageShown = () => page.getByTestId('page-view').getAttribute('data-page');
const state = () => page.getByTestId('replay-controls').getAttribute('data-state');
const demoPage = (p: number) => `${DEMO_BOOK.section}.${DEMO_BOOK.owner}.${DEMO_BOOK.book}.${p}`;

/** Tab until the focused element has this accessible name (fails on a keyboard trap). */
async function tabToName(name: string | RegExp, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      if (el instanceof HTMLInputElement && el.labels?.[0]) return el.labels[0].textContent ?? '';
      return el.getAttribute('aria-label') ?? el.textContent ?? '';
    });
    if (typeof name === 'string' ? focused.trim() === name : name.test(focused.trim())) return;
  }
  throw new Error(`${name} not reached by Tab`);
}

/** Waits for the ink layer to settle (no redraw for a while), then hashes it. */
async function settledInk(): Promise<{ hash: string; inked: number }> {
  let last = await layerHash(page, 'completed');
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(250);
    const now = await layerHash(page, 'completed');
    if (now.hash === last.hash) return now;
    last = now;
  }
  return last;
}

describe('the replay of a demo pupil', () => {
  it('loads the writing, shows the first page, and plays at x32 to a last frame equal to the static render', async () => {
    searches.length = 0;
    // the search answers a little later, so the loading message can be seen
    await page.route('**/admin/v1/inkstore/search/**', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await cp.goto(replayPath(target));
    await expect.poll(() => page.getByTestId('replay-loading').textContent()).toBe('Loading writing data');
    await page.locator('[data-testid=replay-screen][data-loading=false]').waitFor({ timeout: 30_000 });
    await page.unroute('**/admin/v1/inkstore/search/**');
    expect(searches.length).toBeGreaterThan(0);
    const first = new URL(searches[0]!);
    expect(first.searchParams.getAll('pageNumber')).toEqual(['10', '11', '12', '13']);
    expect(first.searchParams.get('tag')).toBe(`${target.courseId}_${target.sessionId}`);
    expect(first.searchParams.get('startDate')).toBeNull();
    // the first page written is shown, whole
    expect(await pageShown()).toBe(demoPage(10));
    expect(await state()).toBe('live');
    const thumbs = page.getByTestId('replay-thumbnails').getByRole('button');
    expect(await thumbs.count()).toBe(4);
    expect((await settledInk()).inked).toBeGreaterThan(100);

    // speed by keyboard: x 1 → x 32 (the cycle's last), then play
    await page.getByTestId('replay-speed').focus();
    const seen: string[] = [(await page.getByTestId('replay-speed').textContent()) ?? ''];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Enter');
      seen.push((await page.getByTestId('replay-speed').textContent()) ?? '');
    }
    expect(seen).toEqual(['x 1', 'x 2', 'x 4', 'x 6', 'x 8', 'x 12', 'x 16', 'x 20', 'x 32']);
    await page.getByRole('button', { name: 'Play' }).focus();
    await page.keyboard.press('Space');
    expect(await state()).toBe('play');
    await expect.poll(state, { timeout: 120_000, interval: 250 }).toBe('pause');
    const lastPage = await pageShown();
    expect(lastPage).toBe(demoPage(13));
    const played = await settledInk();
    expect((await layerHash(page, 'live')).inked).toBe(0);

    // the static render of the same strokes: live (everything shown) on the same page
    await page.getByRole('button', { name: 'Stop' }).click();
    expect(await state()).toBe('live');
    await page.getByTestId('replay-thumbnails').locator(`[data-page="${lastPage}"]`).click();
    expect(await pageShown()).toBe(lastPage);
    const still = await settledInk();
    expect(still.inked).toBeGreaterThan(100);
    expect(played.hash).toBe(still.hash);
    expect(cp.errors).toEqual([]);
  }, 240_000);

  it('changes fit and zoom by keyboard: zoom makes the fit free', async () => {
    const before = await settledInk();
    await page.getByRole('radio', { name: 'Full page' }).focus();
    expect(await page.getByRole('radio', { name: 'Full page' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Fit width' }).isChecked()).toBe(true);
    const wide = await settledInk();
    expect(wide.hash).not.toBe(before.hash);
    await tabToName('Zoom in');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('radio', { name: 'Free' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Free' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: 'Fit width' }).isChecked()).toBe(true);
    // the crop rectangle: the toggle by keyboard, then a drag on the page
    await tabToName('Crop');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: 'Crop' }).getAttribute('aria-pressed')).toBe('true');
    const box = (await page.getByTestId('page-view').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + 150);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + 250, { steps: 5 });
    await page.mouse.up();
    const crop = (await page.getByTestId('view-crop').boundingBox())!;
    expect(crop.width).toBeGreaterThan(100);
    expect(crop.height).toBeGreaterThan(80);
    // the thumbnails and play are reachable by Tab
    await tabToName(/^Page 1[0-3], \d+ strokes$/);
    await page.keyboard.press('Enter');
    expect(await pageShown()).toMatch(/^3\.1012\.1191\.1[0-3]$/);
  }, 60_000);

  it('reads the cache on reload and asks the server only for newer strokes', async () => {
    const strokes = Number(await page.getByTestId('replay-screen').getAttribute('data-strokes'));
    searches.length = 0;
    await page.reload();
    await page.locator('[data-testid=replay-screen][data-loading=false]').waitFor({ timeout: 30_000 });
    const screen = page.getByTestId('replay-screen');
    expect(Number(await screen.getAttribute('data-cached'))).toBe(strokes);
    expect(Number(await screen.getAttribute('data-fetched'))).toBe(0);
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0]!).searchParams.get('startDate')).toMatch(/^\d{4}-\d\d-\d\dT/);
  }, 60_000);

  it('tells why a query cannot be replayed', async () => {
    await cp.goto(replayPath(target, { section: '20' }));
    expect(await page.getByTestId('replay-problem').textContent()).toBe(
      'Section 20 cannot be replayed. Only sections 0–15 and 2048–2063 can.',
    );
    const noLength = encodeBase64(zlibSync(strToU8(JSON.stringify([{ s: 3, o: 1012, b: 1191, p: 10 }]))));
    await cp.goto(replayPath(target, { pages: noLength }));
    expect(await page.getByTestId('replay-problem').textContent()).toBe('Page array encoder has not worked');
    await cp.goto(replayPath(target, { pages: noLength }), 'ko');
    expect(await page.getByTestId('replay-problem').textContent()).toBe(
      '페이지 배열 인코더가 동작하지 않았습니다',
    );
  }, 60_000);

  it('says there is no writing data and moves to the previous page', async () => {
    await cp.goto('/main/curriculum');
    await page.waitForURL(/\/main\/curriculum/);
    await page.evaluate(
      (path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      },
      replayPath(target, {}, target.silentStudentId),
    );
    await expect
      .poll(() =>
        page
          .getByTestId('replay-no-data')
          .textContent()
          .catch(() => null),
      )
      .toBe('There is no writing data to replay. Moving to the previous page.');
    await page.waitForURL(/\/main\/curriculum/, { timeout: 10_000 });
  }, 60_000);

  it('has screenshots in ko and en at both sizes, and no serious axe violation', async () => {
    await cp.goto(replayPath(target));
    await page.locator('[data-testid=replay-screen][data-loading=false]').waitFor({ timeout: 30_000 });
    await cp.shots('replay', async () => {
      await page.locator('[data-testid=replay-screen][data-loading=false]').waitFor({ timeout: 30_000 });
      const violations = await cp.seriousViolations();
      expect(violations, violations.join('\n')).toEqual([]);
    });
  }, 120_000);
});
