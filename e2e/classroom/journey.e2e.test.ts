/**
 * The classroom app in Chromium against the real server (demo school seeded), signed in through
 * the real sign-in pages, no mocked API: the journeys of issue 13's "Done when", with
 * screenshots (ko, en; 1280 × 800 and 390 × 844) and axe-core checks of each screen.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelRect } from '../../apps/classroom/src/features/students/labels/labelLayout';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { type Account, ClassroomPage, DEMO_ADMIN, DEMO_SCHOOL } from './support/classroomPage';
import { decodeLabels, fillTemplate, headerOf, noHeaderWorkbook } from './support/files';

let server: RealServer;
let browser: Browser;
let admin: ClassroomPage;
const contexts: BrowserContext[] = [];
const NEW_TEACHERS: Account[] = [1, 2, 3].map((i) => ({
  username: `teacher${i}@e2e.dotink.dev`,
  password: 'teacher-pass-1',
}));
const TOKENS_KEY = 'dotink-classroom.auth';

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function open(): Promise<ClassroomPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  contexts.push(context);
  return new ClassroomPage(await context.newPage(), server.origin);
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

async function expectAccessible(app: ClassroomPage): Promise<void> {
  expect(await app.seriousViolations()).toEqual([]);
}

describe('classroom: people, classes, students and labels', () => {
  it('the landing page leads to login, whose account chooser starts the sign-in', async () => {
    const app = await open();
    await app.goto('/');
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Raise immersion and learning power',
    );
    await expectAccessible(app);
    await app.shots('landing', async () => {
      await app.testId('landing-login').waitFor();
    });
    await app.goto('/login');
    await app.testId('login-provider').waitFor();
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toBe('select login account');
    expect(await app.testId('login-google').count()).toBe(0); // no upstream provider configured
    await expectAccessible(app);
    await app.shots('login', async () => {
      await app.testId('login-provider').waitFor();
    });
    await app.goto('/no/such/page');
    await app.page.waitForURL((u) => u.pathname === '/');
  }, 120_000);

  it('a new teacher signs up, registers the school with a wrong then the right code, and sees notApproval', async () => {
    const app = await open();
    const me = NEW_TEACHERS[0]!;
    await app.signUp('New Teacher', me.username, me.password);
    await app.testId('no-school-dialog').waitFor();
    expect(await app.testId('no-school-dialog').textContent()).toContain('no school registration info');
    await expectAccessible(app);
    await app.testId('no-school-confirm').click();
    await app.testId('school-page').waitFor();
    await app.testId('school-name-input').fill('도트잉크');
    await app.page.getByRole('option', { name: DEMO_SCHOOL.name }).click();
    expect(await app.testId('school-code').inputValue()).toBe(DEMO_SCHOOL.code);
    await expectAccessible(app);
    await app.shots('school', async () => {
      await app.testId('school-page').waitFor();
    });
    await app.testId('school-name-input').fill('도트잉크');
    await app.page.getByRole('option', { name: DEMO_SCHOOL.name }).click();
    await app.page.getByRole('listbox').waitFor({ state: 'detached' });
    await app.testId('school-code').fill('B100701000X');
    await app.testId('school-submit').click();
    expect(await app.testId('alert-text').textContent()).toBe(
      'The affiliation authentication code does not match. Please enter again.',
    );
    await app.testId('alert-confirm').click();
    // the next click goes to the page once the alert (and its overlay) is gone
    await app.testId('alert-text').waitFor({ state: 'detached' });
    await app.testId('school-code').fill(DEMO_SCHOOL.code.toLowerCase());
    await app.testId('school-submit').click();
    // the choice is confirmed, with the school's region and level beside its name
    await app.testId('school-confirm').waitFor();
    expect(await app.testId('school-confirm').textContent()).toContain(DEMO_SCHOOL.name);
    await expectAccessible(app);
    await app.testId('school-confirm-confirm').click();
    await app.testId('not-approval').waitFor();
    expect(await app.testId('not-approval').textContent()).toContain(
      'Your approval for use is not complete. Ask the school administrator for approval.',
    );
    await expectAccessible(app);
    await app.shots('notApproval', async () => {
      await app.testId('not-approval').waitFor();
    });
    // two more teachers of the school, for the bulk approval
    for (const other of NEW_TEACHERS.slice(1)) {
      const o = await open();
      await o.signUp(`Teacher ${other.username.slice(7, 8)}`, other.username, other.password);
      await o.testId('no-school-confirm').click();
      await o.testId('school-name-input').fill('도트잉크');
      await o.page.getByRole('option', { name: DEMO_SCHOOL.name }).click();
      // the chosen school fills the code field; submit once it has and the list of schools has
      // closed (a click while the list's popover is still closing only closes it)
      await expect.poll(() => o.testId('school-code').inputValue()).toBe(DEMO_SCHOOL.code);
      await o.page.getByRole('listbox').waitFor({ state: 'detached' });
      await o.testId('school-submit').click();
      await o.testId('school-confirm-confirm').click();
      await o.testId('not-approval').waitFor();
    }
  }, 120_000);

  it('the school admin sees the badge, approves the teacher, then bulk-approves the rest', async () => {
    admin = await open();
    await admin.signIn(DEMO_ADMIN);
    // the demo admin sees the demo class with its 30 pupils
    expect(await admin.testId('curriculum-card').first().textContent()).toContain('30 persons');
    const badge = admin.testId('pending-badge');
    await badge.waitFor();
    expect(Number(await badge.textContent())).toBeGreaterThanOrEqual(3);
    await badge.click();
    await admin.page.waitForURL(/\/main\/admin\/teachers/);
    const row = admin.testId('teachers-table-row').filter({ hasText: NEW_TEACHERS[0]!.username });
    await row.getByRole('button', { name: /Approve/ }).click();
    await row.getByText('approved').waitFor();
    await expectAccessible(admin);
    await admin.shots('adminTeachers', async () => {
      await admin.testId('teachers-table-row').first().waitFor();
    });
    await admin.testId('bulk-approve').click();
    await admin.page.waitForFunction(() => !document.body.textContent?.includes('awaiting approval'));
    expect(await admin.testId('pending-badge').count()).toBe(0);
  }, 120_000);

  it('the approved teacher signs in again and reaches the curriculum page', async () => {
    const app = await open();
    // signing in again (the 'signout' branch makes a reload enough: issue 28 item 2)
    await app.signIn(NEW_TEACHERS[0]!);
    expect(new URL(app.page.url()).pathname).toBe('/main/curriculum');
    // no class yet: the new-lecture dialog says what to ask the administrator for
    await app.testId('curriculum-create').click();
    await app.testId('course-no-class').waitFor();
    expect(await app.testId('course-no-class').textContent()).toContain('Ask your school administrator');
    await expectAccessible(app);
    await app.page.keyboard.press('Escape');
    await app.testId('course-dialog').waitFor({ state: 'detached' });
    await expectAccessible(app);
    await app.shots('curriculum', async () => {
      await app.testId('curriculum-grid').waitFor();
    });
  }, 120_000);

  it('the admin creates a class, and one that clashes gets the class-in-use message', async () => {
    await admin.goto('/main/admin/eduClass');
    await admin.testId('classes-table').waitFor();
    const create = async () => {
      await admin.testId('class-new').click();
      await admin.testId('class-grade').selectOption('4');
      await admin.testId('class-num').selectOption('7');
      expect(await admin.testId('class-name').inputValue()).toMatch(/grade 4 class 7/);
      await admin.testId('class-submit').click();
    };
    await create();
    await admin.testId('classes-table-row').filter({ hasText: 'grade 4 class 7' }).waitFor();
    expect(await admin.toastTexts()).toContain('Class created');
    await create();
    expect(await admin.testId('alert-text').textContent()).toBe(
      'The class info you are trying to register is in use; change the grade/class info or edit the existing one.',
    );
    await admin.testId('alert-confirm').click();
    // Escape closes the dialog that has the focus: wait until the alert gave it back
    await admin.testId('alert-text').waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        admin.page.evaluate(() => !!document.activeElement?.closest('[data-testid="class-dialog"]')),
      )
      .toBe(true);
    await admin.page.keyboard.press('Escape');
    await admin.testId('class-dialog').waitFor({ state: 'detached' });
    // a registered class can be edited (§5)
    await admin
      .testId('classes-table-row')
      .filter({ hasText: 'grade 4 class 7' })
      .getByRole('button', { name: 'Edit class' })
      .click();
    await admin.testId('class-name').fill('4-7 Owls');
    await admin.testId('class-submit').click();
    await admin.testId('classes-table-row').filter({ hasText: '4-7 Owls' }).waitFor();
    expect(await admin.toastTexts()).toContain('Class updated');
    // the administrator makes the new teacher the class teacher from the class list (issue 28 item 1)
    await admin
      .testId('classes-table-row')
      .filter({ hasText: '4-7 Owls' })
      .getByRole('combobox', { name: 'Class teacher of 4-7 Owls' })
      .selectOption({ label: 'New Teacher' });
    await admin.page.getByText('Class teacher changed').first().waitFor();
    const teacher = await open();
    await teacher.signIn(NEW_TEACHERS[0]!);
    await teacher.testId('curriculum-create').click();
    await teacher
      .testId('course-class')
      .locator('option', { hasText: '4-7 Owls' })
      .waitFor({ state: 'attached' });
    expect(await teacher.testId('course-no-class').count()).toBe(0);
    await expectAccessible(admin);
    await admin.shots('adminClasses', async () => {
      await admin.testId('classes-table-row').first().waitFor();
    });
  }, 120_000);

  it('downloads the Excel template, imports a good file, then refuses a bad one and one without header', async () => {
    await admin.goto('/main/admin/eduClass');
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.testId('template-download').click(),
    ]);
    const template = await bytesOf(download);
    expect(await headerOf(template)).toEqual(['number', 'name', 'mac']);
    await admin.testId('classes-table-row').filter({ hasText: '4-7 Owls' }).getByRole('link').click();
    await admin.page.waitForURL(/\/main\/admin\/students\?eduClassId=/);
    await admin.testId('import-open').click();
    const good = await fillTemplate(template, [
      [1, 'Ahn', '9c7bd2000101'],
      [2, 'Baek', '9C:7B:D2:00:01:02'],
      ['', 'Cho', '9C-7B-D2-00-01-03'],
    ]);
    await admin
      .testId('import-file')
      .setInputFiles({ name: 'class.xlsx', mimeType: 'application/octet-stream', buffer: good });
    await admin.testId('import-preview').waitFor();
    expect(await admin.testId('import-preview').textContent()).toContain('(auto number)');
    await expectAccessible(admin);
    await admin.testId('import-confirm').click();
    await admin.testId('import-dialog').waitFor({ state: 'detached' });
    await admin.page.waitForFunction(
      () => document.querySelectorAll('[data-testid=students-table-row]').length === 3,
    );
    expect(await admin.testId('student-mac').first().inputValue()).toBe('9C:7B:D2:00:01:01');

    await admin.testId('import-open').click();
    const bad = await fillTemplate(template, [
      [4, 'Dong', 'NOT-A-PEN'],
      [5, 'Eun', '9C:7B:D2:00:01:05'],
      [6, 'Fa', '9c7bd2000105'],
      [7, '', '9C:7B:D2:00:01:07'], // a nameless pupil: shown '(no name)' and saved (issue 28 item 3)
    ]);
    await admin
      .testId('import-file')
      .setInputFiles({ name: 'bad.xlsx', mimeType: 'application/octet-stream', buffer: bad });
    const problems = admin.testId('import-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('pen information may have been entered wrongly');
    expect(await problems.textContent()).toContain('pen information may have been duplicated');
    expect(await admin.testId('import-preview').textContent()).toContain('(no name)');
    await admin.testId('import-confirm').click();
    await admin.testId('add-anyway-dialog').waitFor();
    await admin.testId('add-anyway-confirm').click();
    await admin.testId('import-dialog').waitFor({ state: 'detached' });
    // added anyway: the wrong address red '(error)', the duplicated pair green '(duplicate)'
    await admin.page.waitForFunction(
      () => document.querySelectorAll('[data-testid=students-table-row]').length === 7,
    );
    expect(await admin.testId('mark-error').count()).toBe(1);
    expect(await admin.testId('mark-duplicate').count()).toBe(2);
    expect(await admin.testId('pen-warnings').textContent()).toContain(
      'there are items with wrongly entered smart pen info',
    );

    await admin.testId('import-open').click();
    await admin.testId('import-file').setInputFiles({
      name: 'plain.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await noHeaderWorkbook(),
    });
    await admin.page.getByText('no column written as number, name, mac').waitFor();
    expect(await admin.testId('import-confirm').count()).toBe(0);
    await admin.testId('import-file').setInputFiles({
      name: 'old.xls',
      mimeType: 'application/vnd.ms-excel',
      buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]),
    });
    await admin.page.getByText('not a file in the prescribed format').waitFor();
    expect(await admin.testId('import-confirm').count()).toBe(0);
    // a real .xls (BIFF, saved by LibreOffice Calc) is read like an .xlsx (classroom.md §5)
    await admin.testId('import-file').setInputFiles({
      name: 'roster.xls',
      mimeType: 'application/vnd.ms-excel',
      buffer: readFileSync(
        new URL('../../apps/classroom/src/components/spreadsheet/fixtures/roster-ko.xls', import.meta.url),
      ),
    });
    await admin.testId('import-preview').waitFor();
    expect(await admin.testId('import-preview').textContent()).toContain('최지우');
    expect(await admin.testId('import-confirm').count()).toBe(1);
    await admin.testId('import-dialog').getByRole('button', { name: 'Cancel' }).click();
    await admin.testId('import-dialog').waitFor({ state: 'detached' });
    await expectAccessible(admin);
    await admin.shots('adminStudents', async () => {
      await admin.testId('students-table-row').first().waitFor();
    });
  }, 120_000);

  it('the teacher fixes an address: marks, ESC undo, then apply', async () => {
    const classId = new URL(admin.page.url()).searchParams.get('eduClassId');
    await admin.goto(`/main/student?eduClassId=${classId}`);
    const row = admin.testId('students-table-row').nth(3);
    await row.waitFor();
    const mac = row.getByTestId('student-mac');
    expect(await mac.inputValue()).toBe('NOT-A-PEN');
    await row.getByTestId('mark-error').waitFor();
    await mac.fill('9C:7B:D2:00:01');
    await row.getByTestId('mark-error').waitFor();
    await mac.press('Escape');
    expect(await mac.inputValue()).toBe('NOT-A-PEN');
    await mac.fill('9c7bd2000102');
    expect(await mac.inputValue()).toBe('9C:7B:D2:00:01:02');
    await row.getByTestId('mark-duplicate').waitFor();
    await mac.press('Escape');
    expect(await mac.inputValue()).toBe('NOT-A-PEN');
    await mac.fill('9c7bd2000104');
    expect(await mac.inputValue()).toBe('9C:7B:D2:00:01:04');
    expect(await row.getByTestId('mark-error').count()).toBe(0);
    await row.getByTestId('student-apply').click();
    await admin.page.getByText('Student info updated').first().waitFor();
    await admin.page.waitForFunction(
      () => document.querySelectorAll('[data-testid=mark-error]').length === 0,
    );
    expect(await row.getByTestId('student-apply').isDisabled()).toBe(true);
    await expectAccessible(admin);
    await admin.shots('teacherStudents', async () => {
      await admin.testId('students-table-row').first().waitFor();
    });
  }, 120_000);

  it('prints QR labels: none chosen → the dialog; two chosen → a PDF whose codes decode to id|password|mac', async () => {
    await admin.testId('qr-print').click();
    expect(await admin.testId('no-student-dialog').textContent()).toContain(
      'you did not select students for QR code output',
    );
    await admin.testId('alert-confirm').click();
    await admin.testId('select-row').nth(0).check();
    await admin.testId('select-row').nth(1).check();
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.testId('qr-print').click(),
    ]);
    const pdf = await bytesOf(download);
    const { pages, payloads } = decodeLabels(pdf, [labelRect(0), labelRect(1)]);
    expect(pages).toBe(1);
    const token = JSON.parse(
      (await admin.page.evaluate((k) => localStorage.getItem(k), TOKENS_KEY))!,
    ).accessToken;
    const classId = new URL(admin.page.url()).searchParams.get('eduClassId');
    const students = (
      (await (
        await fetch(`${server.origin}/edu/v1/class/${classId}/students`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { students: { id: string; num: number; macAddress: string }[] } }
    ).data.students;
    const decoded = payloads.map((p) => Buffer.from(p, 'base64').toString('utf8'));
    for (const [i, text] of decoded.entries()) {
      const s = students.find((x) => x.num === i + 1)!;
      const [id, password, mac] = text.split('|');
      expect(id).toBe(s.id);
      expect(mac).toBe(s.macAddress);
      expect(password!.length).toBeGreaterThan(0);
      // the password is the pupil's: it signs the pupil in (password grant)
      const login = await fetch(`${server.origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: id!,
          password: password!,
          client_id: 'dotink-classroom',
        }),
      });
      expect(login.status).toBe(200);
    }
  }, 120_000);

  it('a 401 in the middle of a session returns to login', async () => {
    const app = await open();
    await app.signIn(DEMO_ADMIN);
    await app.testId('admin-teachers-button').waitFor(); // the session is in use
    const token = JSON.parse(
      (await app.page.evaluate((k) => localStorage.getItem(k), TOKENS_KEY))!,
    ).accessToken;
    const revoke = await fetch(`${server.origin}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: 'dotink-classroom' }),
    });
    expect(revoke.ok).toBe(true);
    await app.testId('admin-teachers-button').click();
    await app.page.waitForURL((u) => u.pathname === '/login', { timeout: 20_000 });
    expect(await app.page.evaluate((k) => localStorage.getItem(k), TOKENS_KEY)).toBeNull();
  }, 120_000);

  it('logout revokes the token: it no longer works at the API', async () => {
    const token = JSON.parse(
      (await admin.page.evaluate((k) => localStorage.getItem(k), TOKENS_KEY))!,
    ).accessToken;
    const before = await fetch(`${server.origin}/edu/v1/teacher`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(before.status).toBe(200);
    await admin.testId('logout').click();
    await admin.page.waitForURL((u) => u.pathname === '/');
    const after = await fetch(`${server.origin}/edu/v1/teacher`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    expect(admin.errors).toEqual([]);
  }, 120_000);
});
