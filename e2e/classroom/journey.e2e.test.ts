/**
 * The classroom app in Chromium against the real server (demo school seeded), signed in through
 * the real sign-in pages, no mocked API: the journeys of issue 13's "Done when".
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';

let server: RealServer;
let browser: Browser;

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(): Promise<{ context: BrowserContext; app: ClassroomPage }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { context, app: new ClassroomPage(page, server.origin) };
}

describe('classroom: sign-in and the gate', () => {
  it('the landing page leads to login; the demo admin signs in and reaches the curriculum page', async () => {
    const { context, app } = await open();
    await app.goto('/');
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Raise immersion and learning power',
    );
    await app.testId('landing-login').click();
    await app.page.waitForURL(/\/login/);
    await app.signIn(DEMO_ADMIN);
    expect(new URL(app.page.url()).pathname).toBe('/main/curriculum');
    expect(await app.testId('school-name').textContent()).toBe('도트잉크 초등학교');
    expect(app.errors).toEqual([]);
    await context.close();
  });
});
