/**
 * OneRoster (issue 30 item 3) in Chromium against the real server and the demo school, as the
 * demo school administrator through the real sign-in pages: the classes page exports the
 * school's roster as a OneRoster zip (read back with the shared reader: the school and its
 * classes); a roster with one problem row (a class teacher whose e-mail no teacher of the school
 * has) is previewed — counts and the problem by file, row and column — and imported from the
 * keyboard after the confirmation; the classes and pupils appear; the same roster again has
 * nothing to change. One server, one sign-in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kumi } from '@dotink/contracts/edu';
import { readOneRosterZip } from '@dotink/contracts/oneRoster';
import { strToU8, zipSync } from 'fflate';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/shared';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN, DEMO_SCHOOL } from './support/classroomPage';
import { apiCall } from './support/lecturesPage';

let server: RealServer;
let browser: Browser;
let context: BrowserContext;
let app: ClassroomPage;

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  app = new ClassroomPage(await context.newPage(), server.origin);
  await app.signIn(DEMO_ADMIN);
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/**
 * The hand-written bulk fixture as the demo school's roster: the school by its name and code,
 * classes 8 and 9 of grade 3 (free in the demo school), the first class's teacher the demo
 * administrator, the second's an e-mail no teacher of the school has (the one problem row).
 */
function demoRoster(): Buffer {
  const dir = join(repoRoot, 'packages/contracts/test/fixtures/oneroster/bulk');
  const files = new Map(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  const edit = (name: string, f: (text: string) => string) => files.set(name, f(files.get(name)!));
  edit('orgs.csv', (s) =>
    s.replace('Dotink Primary School', DEMO_SCHOOL.name).replace('B10E00000001', DEMO_SCHOOL.code),
  );
  edit('classes.csv', (s) =>
    s
      .replace('course-math-3,1,homeroom', 'course-math-3,8,homeroom')
      .replace('course-math-3,2,homeroom', 'course-math-3,9,homeroom'),
  );
  edit('users.csv', (s) =>
    s
      .replace('kim@school.example', DEMO_ADMIN.username)
      .replace('lee@school.example', 'nobody@school.example'),
  );
  return Buffer.from(zipSync(Object.fromEntries([...files].map(([n, t]) => [n, strToU8(t)]))));
}

async function chooseRoster(zip: Buffer): Promise<void> {
  await app.testId('oneroster-import').click();
  await app.testId('oneroster-dialog').waitFor();
  await app
    .testId('oneroster-file')
    .setInputFiles({ name: 'roster.zip', mimeType: 'application/zip', buffer: zip });
  await app.testId('oneroster-counts').waitFor();
}

/** The preview's counts table as text rows. */
async function countRows(): Promise<string[][]> {
  return app
    .testId('oneroster-counts')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.children, (c) => (c.textContent ?? '').trim())));
}

describe('classroom: OneRoster export and import (school administrator)', () => {
  it('exports the school roster as a OneRoster zip: the school and each of its classes', async () => {
    await app.goto('/main/admin/eduClass');
    await app.testId('classes-table-row').first().waitFor();
    const [file] = await Promise.all([
      app.page.waitForEvent('download'),
      app.testId('oneroster-export').click(),
    ]);
    expect(file.suggestedFilename()).toBe('oneroster.zip');
    const read = readOneRosterZip(new Uint8Array(await readFile(await file.path())));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.roster.problems).toEqual([]);
    expect(read.roster.orgs.map((o) => [o.name, o.identifier])).toEqual([
      [DEMO_SCHOOL.name, DEMO_SCHOOL.code],
    ]);
    const classes = (await apiCall<{ classes: Kumi[] }>(app, 'GET', '/edu/v1/classes')).data.classes;
    expect(read.roster.classes.map((c) => c.title).sort()).toEqual(classes.map((k) => k.className).sort());
  });

  it('previews a roster with one problem row, imports it from the keyboard, and a second import changes nothing', async () => {
    const zip = demoRoster();
    await chooseRoster(zip);
    expect(await app.testId('oneroster-school').textContent()).toContain(DEMO_SCHOOL.name);
    // what new / updated / unchanged / hidden
    expect(await countRows()).toEqual([
      ['Classes', '2', '0', '0', ''],
      ['Pupils', '3', '0', '0', '0'],
      ['Class teachers', 'assigned: 1'],
    ]);
    expect(await app.testId('oneroster-problems').locator('li').allTextContents()).toEqual([
      'enrollments.csv, row 3, column userSourcedId: no teacher of the school has this e-mail (nobody@school.example)',
    ]);
    expect(await app.testId('oneroster-classes').locator('tbody tr').count()).toBe(2);

    // the keyboard: Import, then the confirmation to leave the problem row out
    await app.testId('oneroster-confirm').focus();
    await app.page.keyboard.press('Enter');
    await app.testId('oneroster-anyway-dialog').waitFor();
    await app.page.keyboard.press('Enter');
    await app.testId('oneroster-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => app.toastTexts())
      .toContain('Roster imported: 2 classes and 3 pupils added or changed.');
    for (const name of ['Grade 3, class 1', 'Grade 3 class 2'])
      await app.testId('classes-table-row').filter({ hasText: name }).waitFor();

    // the pupils appear on the class's students page
    const classes = (await apiCall<{ classes: Kumi[] }>(app, 'GET', '/edu/v1/classes')).data.classes;
    const first = classes.find((k) => k.className === 'Grade 3, class 1')!;
    expect([first.grade, first.classNum, first.teacherId !== null]).toEqual([3, 8, true]);
    await app.goto(`/main/admin/students?eduClassId=${first.eduClassId}`);
    await expect.poll(() => app.testId('students-table-row').count()).toBe(2);
    // the names sit in the table's name inputs
    const names = await app
      .testId('students-table-row')
      .locator('input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(names).toEqual(expect.arrayContaining(['Hana Park', 'Seo-yeon "Sunny" Choi']));

    // the same roster again: nothing to change, nothing to confirm
    await app.goto('/main/admin/eduClass');
    await app.testId('classes-table-row').first().waitFor();
    await chooseRoster(zip);
    await app.testId('oneroster-nothing').waitFor();
    expect(await countRows()).toEqual([
      ['Classes', '0', '0', '2', ''],
      ['Pupils', '0', '0', '3', '0'],
      ['Class teachers', 'assigned: 1'],
    ]);
    expect(await app.testId('oneroster-confirm').count()).toBe(0);
    expect(await app.seriousViolations()).toEqual([]);
    await app.page.keyboard.press('Escape');
    await app.testId('oneroster-dialog').waitFor({ state: 'detached' });
    expect(app.errors).toEqual([]);
  });
});
