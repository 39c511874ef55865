/**
 * Helpers of the collect-pens browser test and bench: the page script (`page/collectPens.ts`:
 * simulated pens with offline memory behind the Web Bluetooth stand-in), the demo lesson and
 * pupils from the real server's answers, and the dialog's locators.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import type { Page } from 'playwright-core';
import type { OfflineWriting } from '../page/collectPens';
import type { ClassroomPage } from './classroomPage';

export type { OfflineWriting };

const here = dirname(fileURLToPath(import.meta.url));

/** The page script bundled for `addInitScript`. */
export async function collectPensScript(): Promise<string> {
  const out = await esbuild({
    entryPoints: [join(here, '..', 'page', 'collectPens.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** Calls the server as the signed-in teacher (the app's stored token); the answer's data. */
export async function teacherData<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (path) => {
    const stored = JSON.parse(localStorage.getItem('dotink-classroom.auth') ?? '{}') as {
      accessToken?: string;
    };
    const r = await fetch(path, { headers: { authorization: `Bearer ${stored.accessToken}` } });
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return ((await r.json()) as { data: unknown }).data as never;
  }, path);
}

/** A pupil of the demo class. */
export interface DemoPupil {
  readonly id: string;
  readonly num: number;
  readonly name: string;
  readonly macAddress: string;
}

/** The demo class's lecture, its past lesson (with its window) and its pupils by number. */
export interface CollectTarget {
  readonly eduClassId: number;
  readonly curriculumId: number;
  readonly curriculumTitle: string;
  readonly courseId: number;
  readonly sessionId: string;
  readonly lessonName: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly pupils: readonly DemoPupil[];
}

export async function collectTarget(page: Page): Promise<CollectTarget> {
  const { curriculums } = await teacherData<{
    curriculums: { id: number; eduClassId: number; title: string }[];
  }>(page, '/edu/v1/curriculums');
  const c = curriculums[0]!;
  const { students } = await teacherData<{ students: DemoPupil[] }>(
    page,
    `/edu/v1/class/${c.eduClassId}/students`,
  );
  const { courses } = await teacherData<{
    courses: {
      id: number;
      sessionId: string | null;
      status: string;
      tag: string;
      startAt: string;
      endAt: string;
    }[];
  }>(page, `/edu/v1/curriculum/${c.id}/course`);
  const past = courses.find((x) => x.status === 'E' && x.sessionId)!;
  return {
    eduClassId: c.eduClassId,
    curriculumId: c.id,
    curriculumTitle: c.title,
    courseId: past.id,
    sessionId: past.sessionId!,
    lessonName: past.tag,
    startMs: Date.parse(past.startAt),
    endMs: Date.parse(past.endAt),
    pupils: [...students].sort((a, b) => a.num - b.num),
  };
}

/** The course page of the target's lecture. */
export function coursePath(t: CollectTarget): string {
  const q = new URLSearchParams({
    curriculumId: String(t.curriculumId),
    curriculumTitle: t.curriculumTitle,
    eduClassId: String(t.eduClassId),
  });
  return `/main/course?${q}`;
}

/** Puts a new simulated pen with offline memory behind the Bluetooth chooser. */
export async function installOfflinePen(
  page: Page,
  options: { mac: string; offline: readonly OfflineWriting[]; password?: string },
): Promise<void> {
  await page.evaluate(
    (o) => (window as unknown as { dotinkCollect: { install(o: unknown): void } }).dotinkCollect.install(o),
    options,
  );
}

/** Strokes left in the simulated pen's offline memory. */
export async function offlineLeft(page: Page, mac: string): Promise<number> {
  return page.evaluate(
    (mac) =>
      (
        window as unknown as { dotinkCollect: { offlineStrokes(m: string): number } }
      ).dotinkCollect.offlineStrokes(mac),
    mac,
  );
}

/** Opens the collect-pens dialog of the lesson named `lessonName` on the course page. */
export async function openCollectDialog(app: ClassroomPage, lessonName: string): Promise<void> {
  const row = app.testId('lessons-table').getByRole('row').filter({ hasText: lessonName });
  await row.getByTestId('lesson-collect').first().click();
  await app.testId('collect-dialog').waitFor();
  await app.page.getByTestId('collect-none').waitFor({ timeout: 15_000 });
}

/** The dialog's row of the pen `mac`. */
export const penRow = (app: ClassroomPage, mac: string) =>
  app.page.locator(`[data-testid="collect-pen"][data-mac="${mac}"]`);

/** Connects the pen installed last through the dialog's connect button. */
export async function connectNextPen(app: ClassroomPage): Promise<void> {
  await app.testId('collect-dialog').getByTestId('connect-pen').click();
}
