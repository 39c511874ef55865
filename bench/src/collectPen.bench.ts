/**
 * Collect pens budget (issue 16), in Debian Chromium against the real server (demo school
 * seeded), the classroom built with Vite for production: a simulated pen (Web Bluetooth stand-in,
 * `e2e/classroom/page/collectPens.ts`) holding 10,000 offline strokes of a demo pupil, written
 * during the past lesson, is connected in the lesson's 'collect pens' dialog. Measured: from the
 * click on 'connect pen' to the pen's offline memory empty (downloaded, uploaded in confirmed
 * batches as the pupil, deleted) — budget < 20 s. The server's count of the pupil's strokes on
 * the page is checked afterwards.
 */
import type { Browser } from 'playwright-core';
import { buildClassroom } from '../../e2e/classroom/support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from '../../e2e/classroom/support/classroomPage';
import {
  collectPensScript,
  collectTarget,
  connectNextPen,
  coursePath,
  installOfflinePen,
  offlineLeft,
  openCollectDialog,
  penRow,
} from '../../e2e/classroom/support/collectPage';
import { launchChromium } from '../../e2e/support/chromium';
import { startRealServer } from '../../e2e/support/realServer';
import { type Bench, below, type Figure } from './budget';
import { loadOnCores } from './serverHarness';

const STROKES = 10_000;
const DOTS = 20;
/** Page 20 of the demo book: no demo writing there. */
const PAGE_ID = '3.1012.1191.20';

/** Counts the pupil's strokes on the page through the search API (every answer page). */
async function storedOnPage(app: ClassroomPage, studentId: string): Promise<number> {
  return app.page.evaluate(
    async ({ studentId, key }) => {
      const tokens = JSON.parse(localStorage.getItem(key) ?? '{}') as { accessToken?: string };
      let n = 0;
      let pointer: string | null = null;
      do {
        const q = new URLSearchParams({ section: '3', owner: '1012', bookCode: '1191', pageNumber: '20' });
        if (pointer) q.set('dataPointer', pointer);
        const res = await fetch(`/admin/v1/inkstore/search/${encodeURIComponent(studentId)}?${q}`, {
          headers: { authorization: `Bearer ${tokens.accessToken}` },
        });
        const a = (await res.json()) as {
          data: { resultElements: { data: string }[]; hasMore: boolean; nextDataPointer: string | null };
        };
        for (const e of a.data.resultElements) {
          const json = JSON.parse(
            new TextDecoder().decode(Uint8Array.from(atob(e.data), (c) => c.charCodeAt(0))),
          ) as {
            page?: { strokes: unknown[] };
            strokes?: unknown[];
          };
          n += (json.page?.strokes ?? json.strokes ?? []).length;
        }
        pointer = a.data.hasMore ? a.data.nextDataPointer : null;
      } while (pointer);
      return n;
    },
    { studentId, key: 'dotink-classroom.auth' },
  );
}

export default {
  name: 'collect pens: a pen with 10,000 offline strokes (Chromium, real server)',
  async run(): Promise<Figure[]> {
    const [dist, script] = await Promise.all([buildClassroom(), collectPensScript()]);
    const server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript({ content: script });
      const app = new ClassroomPage(page, server.origin);
      await app.signIn(DEMO_ADMIN);
      const target = await collectTarget(page);
      const pupil = target.pupils.at(-1)!;
      await app.goto(coursePath(target));
      await openCollectDialog(app, target.lessonName);
      await installOfflinePen(page, {
        mac: pupil.macAddress,
        offline: [{ page: PAGE_ID, count: STROKES, startMs: target.startMs + 60_000, dots: DOTS }],
      });
      const before = await offlineLeft(page, pupil.macAddress);
      if (before !== STROKES) throw new Error(`the pen holds ${before} strokes`);
      // the first time the dialog shows each phase, on the page's clock
      const pageT0 = await page.evaluate(() => {
        const seen: Record<string, number> = {};
        (window as unknown as { phases: Record<string, number> }).phases = seen;
        new MutationObserver(() => {
          const p = document.querySelector('[data-testid="collect-pen"]')?.getAttribute('data-phase');
          if (p && !(p in seen)) seen[p] = performance.now();
        }).observe(document.body, { subtree: true, attributes: true, childList: true });
        return performance.now();
      });
      const t0 = performance.now();
      await connectNextPen(app);
      let left = before;
      while (left > 0) {
        if (performance.now() - t0 > 120_000) throw new Error(`still ${left} strokes on the pen after 120 s`);
        await new Promise((r) => setTimeout(r, 25));
        left = await offlineLeft(page, pupil.macAddress);
      }
      const ms = performance.now() - t0;
      await penRow(app, pupil.macAddress)
        .and(page.locator('[data-phase="done"]'))
        .waitFor({ timeout: 30_000 });
      const counts = await penRow(app, pupil.macAddress).getByTestId('collect-counts').textContent();
      const stored = await storedOnPage(app, pupil.id);
      if (stored !== STROKES) throw new Error(`the server holds ${stored} of the ${STROKES} strokes`);
      const phases = await page.evaluate(
        () => (window as unknown as { phases: Record<string, number> }).phases,
      );
      const at = Object.entries(phases)
        .map(([p, t]) => `${p} ${((t - pageT0) / 1000).toFixed(1)} s`)
        .join(', ');
      console.log(
        `  load ${loadOnCores()}; ${STROKES} strokes of ${DOTS} dots; first ${at}; dialog: ${counts}; server: ${stored} strokes`,
      );
      await context.close();
      return [below('collect a pen: connect → deleted from the pen', ms / 1000, 's', 20)];
    } finally {
      await browser?.close();
      await server.close();
    }
  },
} satisfies Bench;
