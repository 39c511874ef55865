/**
 * Helpers of the live-lesson journey browser test (issue 16, "Done when"): the teacher's
 * latency probe on the live screen (`__dotinkLiveProbe`, called by features/live/tileRenderer.ts
 * each time a tile draws new dots), read back as dot-to-pixel delays, and the station's
 * saving banner (the stations' pens are page/stationPens.ts, whose pens keep time).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { ClassroomPage } from './classroomPage';

const _here = dirname(fileURLToPath(import.meta.url));

/**
 * A page script for the teacher's tab: keeps the probe's dot-to-pixel delays (ms) while
 * `window.__journeyProbeOn` is true (a catch-up after an outage draws old dots: not a latency).
 */
export const LATENCY_PROBE_SCRIPT = `(() => {
  window.__journeyDelays = [];
  window.__journeyProbeOn = false;
  window.__dotinkLiveProbe = (key, dotTimeMs, drawnAtMs) => {
    if (window.__journeyProbeOn) window.__journeyDelays.push(drawnAtMs - dotTimeMs);
  };
})();`;

/** Starts (clearing what was kept) or stops keeping the probe's delays. */
export async function probeOn(page: Page, on: boolean): Promise<void> {
  await page.evaluate((on) => {
    const w = window as unknown as { __journeyDelays: number[]; __journeyProbeOn: boolean };
    if (on) w.__journeyDelays = [];
    w.__journeyProbeOn = on;
  }, on);
}

/** The delays the probe kept, sorted. */
export async function probeDelays(page: Page): Promise<number[]> {
  const d = await page.evaluate(() => (window as unknown as { __journeyDelays: number[] }).__journeyDelays);
  return [...d].sort((a, b) => a - b);
}

/** The `q` quantile (0–1) of sorted figures (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** The station card of a pupil. */
export const stationCard = (app: ClassroomPage, studentId: string) =>
  app.page.locator(`[data-testid="station-pupil"][data-student-id="${studentId}"]`);

/** Waits until the station's saving banner says `text`. */
export async function waitSaveText(app: ClassroomPage, text: string, timeout = 30_000): Promise<void> {
  await app.page.waitForFunction(
    (text) => document.querySelector('[data-testid="station-save-text"]')?.textContent === text,
    text,
    { timeout },
  );
}

/** The teacher's live tile of a pupil. */
export const liveTile = (app: ClassroomPage, studentId: string) =>
  app.page.locator(`[data-testid="live-tile"][data-student="${studentId}"]`);
