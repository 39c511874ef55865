/**
 * The teacher's live lesson in Chromium against the real server (demo school, no mocked API):
 * the lecture card's 'live lesson' opens the lesson happening now; pupils driven from Node (the
 * password grant, the lesson's realtime room, remote-pen messages, uploads to the ink store, as
 * a pen station does) write, and their ink appears on their own tiles; the teacher's socket is
 * dropped while the network is off and a pupil writes, and after the reconnect the missed stroke
 * is fetched from the ink store (nothing missing); a pupil is enlarged (arrows, Escape), pinned,
 * and shown on the class display (name hidden). Screenshots with 40 pupils (ko, en; 1280 × 800,
 * 390 × 844) and axe-core.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import { type RealServer, startRealServer } from '../support/realServer';
import { buildClassroom } from './support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from './support/classroomPage';
import { card } from './support/lecturesPage';
import {
  dropTeacherSocket,
  PupilPen,
  roomStrokeStarts,
  teacherCall,
  tileInkPixels,
  zigzag,
} from './support/livePage';

let server: RealServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pens: PupilPen[] = [];

/** The demo lecture. */
const DEMO_LECTURE = '3학년 1반 수학';
/** Pages of the demo textbook the pupils write on. */
const PAGE_A = '3.1012.1191.20';
const PAGE_B = '3.1012.1191.21';

beforeAll(async () => {
  const dist = await buildClassroom();
  server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  for (const p of pens) p.close();
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

interface Pupil {
  readonly id: string;
  readonly num: number;
  readonly name: string;
  readonly macAddress: string | null;
}

interface Lesson {
  readonly courseId: number;
  readonly room: string;
  readonly pupils: readonly Pupil[];
}

/** A class of 40 (the demo's 30 and 10 more) and a lesson happening now in the demo lecture. */
async function lessonNow(app: ClassroomPage): Promise<Lesson> {
  const classes = await teacherCall<{ classes: { eduClassId: number }[] }>(app, 'GET', '/edu/v1/classes');
  const eduClassId = classes.classes[0]!.eduClassId;
  const rows = Array.from({ length: 10 }, (_, i) => ({
    num: 31 + i,
    name: `추가 학생 ${31 + i}`,
    mac: `9C:7B:D2:00:10:${(31 + i).toString(16).toUpperCase().padStart(2, '0')}`,
  }));
  await teacherCall(app, 'POST', `/edu/v1/class/admin/${eduClassId}/students`, rows);
  const students = await teacherCall<{ students: Pupil[] }>(
    app,
    'GET',
    `/edu/v1/class/${eduClassId}/students`,
  );
  const lectures = await teacherCall<{ curriculums: { id: number; eduClassId: number; title: string }[] }>(
    app,
    'GET',
    '/edu/v1/curriculums',
  );
  const lecture = lectures.curriculums.find((c) => c.title === DEMO_LECTURE)!;
  const step = 5 * 60_000;
  const start = Math.floor((Date.now() - step) / step) * step;
  const course = await teacherCall<{ id: number; sessionId: string }>(
    app,
    'POST',
    `/edu/v1/curriculum/${lecture.id}/course`,
    {
      tag: '실시간 수업 E2E',
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + 60 * 60_000).toISOString(),
    },
  );
  const pupils = [...students.students].sort((a, b) => a.num - b.num);
  return { courseId: course.id, room: `session/${course.id}_${course.sessionId}`, pupils };
}

const tile = (app: ClassroomPage, studentId: string) => app.page.locator(`[data-student="${studentId}"]`);

describe.sequential('classroom: the live lesson', () => {
  let app: ClassroomPage;
  let context: BrowserContext;
  let lesson: Lesson;
  let first: PupilPen;

  it("opens the lesson happening now from the lecture card; a pupil's strokes appear on the pupil's tile", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    app = new ClassroomPage(await context.newPage(), server.origin);
    await app.signIn(DEMO_ADMIN);
    lesson = await lessonNow(app);
    await app.goto('/main/curriculum');
    await card(app, DEMO_LECTURE).getByRole('button', { name: 'live lesson' }).click();
    await app.page.waitForURL((u) => u.pathname === '/main/live' && u.searchParams.has('courseId'));
    expect(new URL(app.page.url()).searchParams.get('courseId')).toBe(String(lesson.courseId));
    await app.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 20_000 });
    await expect.poll(() => app.testId('live-tile').count()).toBe(40);

    const [p1, p2] = lesson.pupils;
    first = await PupilPen.join(server.origin, lesson.room, p1!.id, p1!.macAddress!);
    pens.push(first);
    first.page(PAGE_A);
    // a late pupil comes in without a reload: connected, on the page
    await tile(app, p1!.id)
      .and(app.page.locator(`[data-page="${PAGE_A}"]`))
      .waitFor();
    expect(await tile(app, p1!.id).getAttribute('data-state')).not.toBe('offline');
    expect(await tile(app, p2!.id).getAttribute('data-state')).toBe('offline');
    first.write(PAGE_A, zigzag(10, 10));
    await expect.poll(() => tileInkPixels(app.page, p1!.id), { timeout: 5000 }).toBeGreaterThan(20);
    expect(await tileInkPixels(app.page, p2!.id)).toBe(0);
    expect(await tile(app, p1!.id).textContent()).toContain('writing');
    // a page change moves the tile to the new page
    first.page(PAGE_B);
    await tile(app, p1!.id)
      .and(app.page.locator(`[data-page="${PAGE_B}"]`))
      .waitFor();
    expect(await tileInkPixels(app.page, p1!.id)).toBe(0);
    first.write(PAGE_B, zigzag(20, 20));
    await expect.poll(() => tileInkPixels(app.page, p1!.id), { timeout: 5000 }).toBeGreaterThan(20);
    await first.upload();
    expect(app.errors).toEqual([]);
  }, 240_000);

  it("drops the teacher's socket and restores it: the strokes written meanwhile are fetched, none missing", async () => {
    const p1 = lesson.pupils[0]!;
    const before = await roomStrokeStarts(app.page, p1.id, PAGE_B);
    expect(before).toHaveLength(1);
    const pixels = await tileInkPixels(app.page, p1.id);
    await context.setOffline(true);
    await dropTeacherSocket(app.page);
    await app.page.locator('[data-testid=live-status][data-status=retrying]').waitFor();
    // written while the teacher's socket is down: streamed to nobody, uploaded by the station
    const missed = first.write(PAGE_B, zigzag(30, 40));
    await first.upload();
    await context.setOffline(false);
    await app.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 20_000 });
    // the missed stroke is there, and the one seen live is not doubled by its stored copy
    await expect
      .poll(() => roomStrokeStarts(app.page, p1.id, PAGE_B), { timeout: 15_000 })
      .toEqual([...before, missed]);
    await expect.poll(() => tileInkPixels(app.page, p1.id), { timeout: 5000 }).toBeGreaterThan(pixels);
  }, 120_000);

  it('enlarges a pupil (arrows move, Escape returns), collects pens, pins, and shows the page on the class display', async () => {
    const [p1, p2] = lesson.pupils;
    await tile(app, p1!.id).locator('.live-tile-open').click();
    const focus = app.testId('live-focus');
    await focus.waitFor();
    expect(await focus.getByRole('heading').first().textContent()).toContain(p1!.name);
    await app.testId('live-focus-page').waitFor();
    expect(await app.testId('live-focus-page').getAttribute('data-page')).toBe(PAGE_B);
    expect(await app.seriousViolations()).toEqual([]);
    await app.page.keyboard.press('ArrowRight');
    await expect.poll(() => focus.getByRole('heading').first().textContent()).toContain(p2!.name);
    await app.page.keyboard.press('ArrowLeft');
    await expect.poll(() => focus.getByRole('heading').first().textContent()).toContain(p1!.name);
    // keys pressed faster than the screen follows each count from the pupil the last one chose
    // (in a full run, an arrow pressed just after the pupil showed went from the one before)
    const nth = (i: number) => lesson.pupils[i]!.name;
    for (let i = 0; i < 3; i++) await app.page.keyboard.press('ArrowRight');
    await expect.poll(() => focus.getByRole('heading').first().textContent()).toContain(nth(3));
    for (let i = 0; i < 3; i++) await app.page.keyboard.press('ArrowLeft');
    await expect.poll(() => focus.getByRole('heading').first().textContent()).toContain(p1!.name);
    // the replay of the lesson so far: the replay screen, searched by the lesson's tag
    await app.testId('live-focus-replay').click();
    await app.testId('replay-screen').waitFor({ timeout: 20_000 });
    const q = new URL(app.page.url()).searchParams;
    expect(q.get('studentId')).toBe(p1!.id);
    await app.page.keyboard.press('Escape');
    await focus.waitFor({ state: 'detached' });
    // Escape gives the focus back to the pupil's tile
    await expect
      .poll(() =>
        app.page.evaluate(() =>
          document.activeElement?.closest('[data-student]')?.getAttribute('data-student'),
        ),
      )
      .toBe(p1!.id);

    // 'collect pens' of the lesson opens from the live screen too
    await app.testId('live-collect').click();
    await app.testId('collect-dialog').waitFor();
    await app.testId('collect-close').click();
    await app.testId('collect-dialog').waitFor({ state: 'detached' });

    await tile(app, p1!.id).getByTestId('live-pin').click();
    await app.testId('live-view-pinned').click();
    await expect.poll(() => app.testId('live-tile').count()).toBe(1);
    await app.testId('live-view-all').click();

    const popup = context.waitForEvent('page');
    await tile(app, p1!.id).getByTestId('live-display').click();
    const display = await popup;
    await display.waitForURL((u) => u.pathname === '/live/display');
    expect(new URL(display.url()).searchParams.get('studentId')).toBe(p1!.id);
    await display.locator(`[data-testid=live-display][data-page="${PAGE_B}"]`).waitFor({ timeout: 20_000 });
    expect(await display.locator('body').textContent()).not.toContain(p1!.name);
    // switching the pupil shown: the display follows without a reload
    const p3 = lesson.pupils[2]!;
    const pen3 = await PupilPen.join(server.origin, lesson.room, p3.id, p3.macAddress!);
    pens.push(pen3);
    pen3.page(PAGE_A);
    pen3.write(PAGE_A, zigzag(12, 30));
    await tile(app, p3.id).getByTestId('live-display').click();
    await display.waitForURL((u) => u.searchParams.get('studentId') === p3.id);
    await display.locator(`[data-testid=live-display][data-page="${PAGE_A}"]`).waitFor({ timeout: 20_000 });
    await display.close();
  }, 120_000);

  it('screenshots of the live lesson with 40 pupils (ko, en; 1280 × 800, 390 × 844), axe-core', async () => {
    // twelve pupils write lines of working on two pages (streamed live and uploaded)
    for (const p of lesson.pupils.slice(3, 12)) {
      const pen = await PupilPen.join(server.origin, lesson.room, p.id, p.macAddress!);
      pens.push(pen);
      const page = p.num % 2 === 0 ? PAGE_A : PAGE_B;
      pen.page(page);
      const lines = 3 + (p.num % 5);
      for (let line = 0; line < lines; line++) {
        for (let word = 0; word < 3 + ((p.num + line) % 3); word++) {
          pen.write(page, zigzag(8 + word * 12, 14 + line * 9, 9, 18));
        }
      }
      await pen.upload();
    }
    await app.shots('live-lesson', async () => {
      await app.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 20_000 });
      await expect.poll(() => app.testId('live-tile').count()).toBe(40);
      for (const pen of pens) pen.resend();
      // the shared page images are drawn behind the ink
      await app.page.locator('.live-page-image').first().waitFor({ timeout: 20_000 });
      await app.page.waitForTimeout(800);
    });
    for (const lang of ['ko', 'en']) {
      await app.goto(`/main/live?courseId=${lesson.courseId}`, lang);
      await app.page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 20_000 });
      for (const width of [1280, 768, 390]) {
        await app.page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
        expect(await app.seriousViolations(), `${lang} ${width}`).toEqual([]);
        // nothing wider than the window
        expect(await app.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
      }
    }
    expect(app.errors).toEqual([]);
  }, 240_000);
});
