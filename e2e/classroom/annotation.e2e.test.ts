/**
 * The teacher's annotation in Chromium against the real server (demo school, no mocked API):
 * on a demo pupil's replay the teacher connects a locked simulated pen through the Web Bluetooth
 * stand-in (the shared pen runtime: password asked, wrong count), writes on the pupil's page, and
 * the upload button follows classroom.md §4. A failed upload (the network refuses the upload
 * request: blocked at the network level, never answered by the test) keeps the strokes; the
 * retry stores them, and the search API finds them as the teacher's strokes on the pupil's page.
 * Screenshots of the replay bar with the pen connected (ko, en; 1280 × 800, 390 × 844), axe-core.
 */
import { encodePageArray, pageAddress } from '@dotink/ncode';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import {
  connectPen,
  installPen,
  penWrite,
  pixelsOfColour,
  type SimStroke,
  searchedStrokes,
  simulatedPensScript,
  teacherGet,
} from './support/annotationPage';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';

let server: RealServer;
let browser: Browser;
let penScript: string;
const contexts: BrowserContext[] = [];

/** The demo pupils wrote on book 3.1012.1191, pages 10–13 (the replay opens on page 10). */
const PAGE = { section: 3, owner: 1012, book: 1191, page: 10 } as const;
const PAGE_ID = `${PAGE.section}.${PAGE.owner}.${PAGE.book}.${PAGE.page}`;
const PEN_PASSWORD = '1234';
/** The replay's colour of other writers' strokes (ReplayScreen's OTHER_WRITER_ARGB, 0xffe03131). */
const TEACHER_RGB = [0xe0, 0x31, 0x31] as const;

beforeAll(async () => {
  const [dist, script] = await Promise.all([buildClassroom(), simulatedPensScript()]);
  penScript = script;
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function open(): Promise<ClassroomPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.addInitScript({ content: penScript });
  return new ClassroomPage(page, server.origin);
}

interface ReplayTarget {
  readonly teacherId: string;
  readonly studentId: string;
  readonly path: string;
}

/** The first demo pupil's replay of the class's textbook, from the server's own answers. */
async function replayTarget(app: ClassroomPage): Promise<ReplayTarget> {
  type Answer<T> = { data: T };
  const teacher = await teacherGet<Answer<{ id: string }>>(app, '/edu/v1/teacher');
  const classes = await teacherGet<Answer<{ classes: { eduClassId: number }[] }>>(app, '/edu/v1/classes');
  const eduClassId = classes.data.classes[0]!.eduClassId;
  const students = await teacherGet<Answer<{ students: { id: string; num: number }[] }>>(
    app,
    `/edu/v1/class/${eduClassId}/students`,
  );
  const pupil = [...students.data.students].sort((a, b) => a.num - b.num)[0]!;
  const lectures = await teacherGet<Answer<{ curriculums: { id: number; eduClassId: number }[] }>>(
    app,
    '/edu/v1/curriculums',
  );
  const curriculumId = lectures.data.curriculums.find((c) => c.eduClassId === eduClassId)!.id;
  const books = await teacherGet<
    Answer<{
      textbooks: {
        section: number;
        owner: number;
        book: number;
        ncodeStartPage: number;
        ncodeEndPage: number;
      }[];
    }>
  >(app, `/edu/v1/curriculum/${curriculumId}/textbook`);
  const book = books.data.textbooks.find((b) => b.book === PAGE.book)!;
  const q = new URLSearchParams({
    eduClassId: String(eduClassId),
    curriculumId: String(curriculumId),
    studentId: pupil.id,
    section: String(book.section),
    owner: String(book.owner),
    book: String(book.book),
    ncodeStartPage: String(book.ncodeStartPage),
    ncodeEndPage: String(book.ncodeEndPage),
    // the lesson's pages (the pupil wrote on others too): the replay opens on PAGE
    pages: encodePageArray([10, 11, 12, 13].map((p) => pageAddress(PAGE.section, PAGE.owner, PAGE.book, p))),
  });
  return { teacherId: teacher.data.id, studentId: pupil.id, path: `/main/replay?${q}` };
}

/** A short stroke on the pupil's page, `n` steps down the margin. */
const stroke = (n: number): SimStroke => ({
  page: PAGE_ID,
  points: [
    [8 + n * 2, 8],
    [14 + n * 2, 12],
    [20 + n * 2, 9],
  ],
});

const uploadEnabled = (app: ClassroomPage) => app.testId('annotation-upload').isEnabled();

describe.sequential('classroom: annotation upload on the replay bar', () => {
  let app: ClassroomPage;
  let target: ReplayTarget;

  it('connects a locked pen with the shared pen runtime (wrong password counted)', async () => {
    app = await open();
    await app.signIn(DEMO_ADMIN);
    target = await replayTarget(app);
    await app.goto(target.path);
    await app.testId('replay-screen').waitFor({ timeout: 30_000 });
    await app.testId('annotation-controls').waitFor();
    expect(await app.testId('pen-count').textContent()).toBe('Pens connected: 0');
    expect(await uploadEnabled(app)).toBe(false);

    await installPen(app.page, { password: PEN_PASSWORD });
    await app.testId('connect-pen').click();
    await app.testId('pen-password-dialog').waitFor();
    await app.testId('pen-password').fill('1111');
    await app.testId('pen-password-ok').click();
    await app.page
      .getByText(
        'You entered the wrong password 1 times. If 10 times of incorrect password, the handwritten data will be reset.',
      )
      .waitFor();
    expect(await app.seriousViolations()).toEqual([]);
    await app.testId('pen-password').fill(PEN_PASSWORD);
    await app.testId('pen-password-ok').click();
    await app.page.getByText('Pens connected: 1').waitFor();
    // the shell's pen icon counts the connected pens (classroom.md §2, §4)
    await app.page.getByRole('img', { name: 'Connected pens: 1' }).waitFor();
    expect(await uploadEnabled(app)).toBe(false); // nothing written yet
  }, 120_000);

  it('enables upload after a pen-up; a failed upload keeps the strokes, the retry stores them', async () => {
    const before = await searchedStrokes(app, target.studentId, PAGE);
    const redBefore = await pixelsOfColour(app.page, TEACHER_RGB);
    await penWrite(app.page, [stroke(0), stroke(1)]);
    await app.page.getByText('Strokes not uploaded: 2').waitFor();
    // the teacher's strokes are drawn over the pupil's page in the other writers' colour
    await expect
      .poll(() => pixelsOfColour(app.page, TEACHER_RGB), { timeout: 5000 })
      .toBeGreaterThan(redBefore);
    expect(await uploadEnabled(app)).toBe(true);

    // the server is down: the sign-in and upload get no answer; the strokes stay, marked unsent
    await server.stop();
    await app.testId('annotation-upload').click();
    await app.page
      .getByTestId('annotation-outcome')
      .getByText('Annotation information was not uploaded. Please try again.')
      .waitFor();
    await app.page.getByText('Internet communication error').first().waitFor();
    expect(await app.testId('annotation-pending').textContent()).toBe('Strokes not uploaded: 2');
    expect(await uploadEnabled(app)).toBe(true);
    // back up (same data): nothing of the failed attempt was stored, the retry stores both
    await server.restart();
    expect(await searchedStrokes(app, target.studentId, PAGE)).toHaveLength(before.length);

    await app.testId('annotation-upload').click();
    await app.page
      .getByTestId('annotation-outcome')
      .getByText('Uploaded the annotation information.')
      .waitFor();
    expect(await app.testId('annotation-pending').count()).toBe(0);
    expect(await uploadEnabled(app)).toBe(false); // no new pen-up since

    const after = await searchedStrokes(app, target.studentId, PAGE);
    const mine = after.filter((s) => s.writeId === target.teacherId);
    expect(mine).toHaveLength(2);
    expect(after.length).toBe(before.length + 2);
    // reloaded from the server, the uploaded strokes are still drawn as the teacher's
    await expect
      .poll(() => pixelsOfColour(app.page, TEACHER_RGB), { timeout: 5000 })
      .toBeGreaterThan(redBefore);
  }, 120_000);

  it('a new pen-up enables the button again; the next upload adds only the new stroke', async () => {
    await penWrite(app.page, [stroke(2)]);
    await app.page.getByText('Strokes not uploaded: 1').waitFor();
    expect(await uploadEnabled(app)).toBe(true);
    await app.testId('annotation-upload').click();
    await app.page
      .getByTestId('annotation-outcome')
      .getByText('Uploaded the annotation information.')
      .waitFor();
    const mine = (await searchedStrokes(app, target.studentId, PAGE)).filter(
      (s) => s.writeId === target.teacherId,
    );
    expect(mine).toHaveLength(3);
    expect(app.errors).toEqual([]);
  }, 120_000);

  it('screenshots of the replay bar with the pen connected (ko, en), axe-core', async () => {
    await app.shots('annotation-bar', async () => {
      await app.testId('annotation-controls').waitFor();
      await installPen(app.page, { password: PEN_PASSWORD });
      await connectPen(app, PEN_PASSWORD);
      await penWrite(app.page, [stroke(3)]);
      await app.testId('annotation-pending').waitFor();
    });
    expect(await app.seriousViolations()).toEqual([]);
  }, 180_000);
});
