/**
 * Signing out on a shared computer, in Chromium against the real server (demo school seeded):
 * both apps, the classroom and the note board, on ONE browser profile (one browser context, as
 * on a staff-room PC). After "log out" the next sign-in shows the server's sign-in form and
 * enters the other teacher with her own password, never silently the previous account (issue 27
 * item 3). And a new teacher approved by the admin reaches the main page by reloading (issue 28
 * item 2).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoard } from '../board/support/buildBoard';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { type Account, ClassroomPage, DEMO_ADMIN, DEMO_SCHOOL } from './support/classroomPage';

let server: RealServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** The demo school's teacher awaiting approval (apps/server/src/seed/demo.ts), approved below. */
const TEACHER_B: Account = { username: 'pending@demo.dotink.dev', password: 'dotink-demo' };
const B_LECTURE = 'Owls read together';
const TOKENS_KEY = 'dotink-classroom.auth';

/** An access token of `account`, signed in through the real pages in a browser profile of its own. */
async function tokenOf(account: Account): Promise<string> {
  const context = await browser.newContext();
  try {
    const app = new ClassroomPage(await context.newPage(), server.origin);
    await app.signIn(account);
    const stored = await app.page.evaluate((k) => localStorage.getItem(k), TOKENS_KEY);
    return (JSON.parse(stored!) as { accessToken: string }).accessToken;
  } finally {
    await context.close();
  }
}

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

/** Approves teacher B through the API and gives her a class with a lecture of her own. */
async function prepareTeacherB(): Promise<void> {
  const admin = await tokenOf(DEMO_ADMIN);
  const { teachers } = await api<{ teachers: { id: string; username: string }[] }>(
    admin,
    'GET',
    '/edu/v1/teachers',
  );
  const b = teachers.find((x) => x.username === TEACHER_B.username)!;
  await api(admin, 'PUT', `/edu/v1/teacher/${b.id}`, { status: 'ACTIVE' });
  const { classes } = await api<{ classes: { year: number }[] }>(admin, 'GET', '/edu/v1/classes');
  const { eduClassId } = await api<{ eduClassId: number }>(admin, 'POST', '/edu/v1/class', {
    year: classes[0]!.year,
    grade: 5,
    classNum: 9,
    className: 'Owls',
    teacherId: b.id,
  });
  await api(await tokenOf(TEACHER_B), 'POST', '/edu/v1/curriculum', {
    eduClassId,
    title: B_LECTURE,
  });
}

beforeAll(async () => {
  // one build after the other: two Vite builds in one process share its NODE_ENV switch
  const classroomDist = await buildClassroom();
  const boardDist = await buildBoard();
  server = await startRealServer({
    seedDemo: true,
    boardDistDir: boardDist,
    env: { CLASSROOM_DIST_DIR: classroomDist },
  });
  browser = await launchChromium();
  await prepareTeacherB();
}, 480_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function newProfile(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return context;
}

/** The sign-in form of the server, reached from its account chooser when that shows first. */
async function fillSignInForm(page: Page, account: Account): Promise<void> {
  await page.waitForURL(/\/interaction\//, { timeout: 20_000 });
  const chooser = page.getByRole('link', { name: 'Sign in with a dotink account' });
  if (await chooser.isVisible().catch(() => false)) await chooser.click();
  await page.locator('#username').fill(account.username);
  await page.locator('#password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The board opened anew on its own address (back from the server): its notice may show. */
async function closeBoardNotice(page: Page): Promise<void> {
  const notice = page.getByTestId('notice-close');
  if (await notice.isVisible().catch(() => false)) await notice.click();
}

/** Resolves once the server's sign-out page has sent itself (and ended the sign-in). */
async function serverSignOut(page: Page): Promise<void> {
  const confirm = await page.waitForResponse((r) => new URL(r.url()).pathname === '/oauth/logout/confirm', {
    timeout: 30_000,
  });
  expect(confirm.status()).toBe(303);
}

/** The curriculum cards' titles, once the page shows them. */
async function lectureTitles(app: ClassroomPage): Promise<string[]> {
  await app.testId('curriculum-grid').waitFor({ timeout: 20_000 });
  await app.testId('curriculum-card').first().waitFor({ timeout: 20_000 });
  return app.page.locator('[data-testid="curriculum-card"] h2').allTextContents();
}

describe('signing out on a shared computer', () => {
  it('classroom: teacher A logs out, the next log in shows the form and enters teacher B with her classes', async () => {
    const profile = await newProfile();
    const app = new ClassroomPage(await profile.newPage(), server.origin);
    await app.signIn(DEMO_ADMIN);
    const aTitles = await lectureTitles(app);
    expect(aTitles).not.toContain(B_LECTURE);

    const signedOut = serverSignOut(app.page);
    await app.testId('logout').click();
    await signedOut;
    await app.page.waitForURL((u) => u.pathname === '/' && u.search === '', { timeout: 20_000 });
    await app.testId('landing-login').waitFor();

    // the next log in on this computer asks who is signing in
    await app.goto('/login');
    await app.testId('login-provider').click();
    await fillSignInForm(app.page, TEACHER_B);
    await app.page.waitForURL((u) => u.pathname === '/main/curriculum', { timeout: 30_000 });
    const bTitles = await lectureTitles(app);
    expect(bTitles).toEqual([B_LECTURE]);
    expect(app.errors).toEqual([]);
  }, 180_000);

  it('classroom: "log in with another account" on the not-approved page shows the account chooser with the form', async () => {
    const profile = await newProfile();
    const app = new ClassroomPage(await profile.newPage(), server.origin);
    const newcomer: Account = { username: 'newcomer@e2e.dotink.dev', password: 'newcomer-pass-1' };
    await app.signUp('Newcomer', newcomer.username, newcomer.password);
    await registerSchool(app);
    await app.testId('other-account').click();
    // the account chooser of the server, then its form: never silently the newcomer again
    await app.page.waitForURL(/\/interaction\//, { timeout: 20_000 });
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toBe('Select login account');
    await fillSignInForm(app.page, TEACHER_B);
    await app.page.waitForURL((u) => u.pathname === '/main/curriculum', { timeout: 30_000 });
    expect(await lectureTitles(app)).toEqual([B_LECTURE]);
    expect(app.errors).toEqual([]);
  }, 180_000);

  it('board: "Sign out" ends the sign-in; the next sign-in shows the form and enters teacher B', async () => {
    const profile = await newProfile();
    const page = await profile.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.boardUrl}?lang=en&notice=0`);
    await page.getByTestId('sign-in').click();
    await fillSignInForm(page, DEMO_ADMIN);
    const name = page.getByTestId('account-name');
    await name.waitFor({ timeout: 20_000 });
    expect(await name.textContent()).toBe('김도트 선생님');
    await closeBoardNotice(page);

    const signedOut = serverSignOut(page);
    await page.getByTestId('sign-out').click();
    await signedOut;
    // back on the board where it was (its address restored)
    await page.waitForURL((u) => u.pathname === '/board/' && u.searchParams.get('lang') === 'en', {
      timeout: 20_000,
    });
    await page.getByTestId('sign-in').waitFor({ timeout: 20_000 });
    await closeBoardNotice(page);
    await page.getByTestId('sign-in').click();
    await fillSignInForm(page, TEACHER_B);
    await name.waitFor({ timeout: 20_000 });
    expect(await name.textContent()).toBe('이잉크 선생님');
    expect(errors).toEqual([]);
  }, 180_000);

  it('a new teacher approved by the admin reaches the main page by reloading', async () => {
    const teacher = new ClassroomPage(await (await newProfile()).newPage(), server.origin);
    const me: Account = { username: 'hana@e2e.dotink.dev', password: 'hana-pass-1234' };
    await teacher.signUp('Hana Seo', me.username, me.password);
    await registerSchool(teacher);

    // the admin approves her in another browser
    const admin = new ClassroomPage(await (await newProfile()).newPage(), server.origin);
    await admin.signIn(DEMO_ADMIN);
    await admin.goto('/main/admin/teachers');
    const row = admin.testId('teachers-table-row').filter({ hasText: me.username });
    await row.getByRole('button', { name: /Approve/ }).click();
    await row.getByText('approved', { exact: true }).waitFor();

    await teacher.page.reload();
    await teacher.page.waitForURL((u) => u.pathname === '/main/curriculum', { timeout: 30_000 });
    await teacher.testId('curriculum-grid').waitFor();
    expect([...teacher.errors, ...admin.errors]).toEqual([]);
  }, 180_000);
});

/** Registers the demo school for a newly signed-up teacher, up to the not-approved page. */
async function registerSchool(app: ClassroomPage): Promise<void> {
  await app.testId('no-school-confirm').click();
  await app.testId('school-name-input').fill('도트잉크');
  await app.page.getByRole('option', { name: DEMO_SCHOOL.name }).click();
  await app.page.getByRole('listbox').waitFor({ state: 'detached' });
  await expect.poll(() => app.testId('school-code').inputValue()).toBe(DEMO_SCHOOL.code);
  await app.testId('school-submit').click();
  // the choice is confirmed before it is sent (issue 28 item 8)
  await app.testId('school-confirm-confirm').click();
  await app.testId('not-approval').waitFor({ timeout: 20_000 });
}
