/**
 * The class report PDF budget (issue 30 item 2), in Debian Chromium against the real server, the
 * classroom built with Vite for production: a class of 40 pupils with a 12-page worksheet PDF
 * (a POD material registered through the materials dialog), each pupil's writing on every page
 * (80 strokes of 24 dots a page: 38,400 strokes, uploaded by the pupils themselves), the teacher
 * presses 'Class report (PDF)' on math/all. Measured from the press to the browser's download
 * (reading 40 pupils' figures and ink, the worker's PDF: 80+ pages, 480 thumbnails over the
 * worksheet's pages) < 10 s, and the file's size < 20 MB (decimal). Korean, A4.
 *
 * REPORT_BENCH_PROFILE=dir: a CPU profile of the teacher's tab (not its report worker) while the
 * first report is made.
 */
import { statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStroke, dotsFrom, encodeStrokeUploads, type Stroke } from '@dotink/ink';
import { manualClock, pageAddress } from '@dotink/ncode';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { buildClassroom } from '../../e2e/classroom/support/buildClassroom';
import { ClassroomPage, DEMO_ADMIN } from '../../e2e/classroom/support/classroomPage';
import { apiCall } from '../../e2e/classroom/support/lecturesPage';
import {
  choosePdf,
  materialsOf,
  openAddDialog,
  openTextbookPage,
} from '../../e2e/classroom/support/materialsPage';
import { launchChromium } from '../../e2e/support/chromium';
import { startRealServer } from '../../e2e/support/realServer';
import { type Bench, below, type Figure, MB } from './budget';
import { loadOnCores } from './serverHarness';

const r1 = (n: number) => Math.round(n * 10) / 10;
const PUPILS = 40;
const PAGES = 12;
const STROKES_PER_PAGE = 80;
const T0 = Date.parse('2026-03-02T09:00:00Z');
const DAY = 86_400_000;

/** A worksheet of `pages` A4 pages: a title, boxes and lines, as a teacher's PDF has. */
async function worksheet(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Worksheet ${i + 1}: fractions`, { x: 60, y: 780, size: 22, font });
    for (let k = 0; k < 6; k++) {
      page.drawRectangle({
        x: 60,
        y: 660 - k * 110,
        width: 475,
        height: 90,
        borderColor: rgb(0.3, 0.5, 0.3),
        borderWidth: 1.5,
      });
      page.drawText(`${k + 1}. 3/4 + 1/8 = ?`, { x: 72, y: 725 - k * 110, size: 14, font });
    }
  }
  return doc.save();
}

/** A pupil's strokes: `STROKES_PER_PAGE` on each page, a page a day. */
function pupilStrokes(
  writer: string,
  pupil: number,
  book: { section: number; owner: number; book: number; first: number },
): Stroke[] {
  const out: Stroke[] = [];
  for (let p = 0; p < PAGES; p++)
    for (let i = 0; i < STROKES_PER_PAGE; i++) {
      const startMs = T0 + p * DAY + i * 8_000 + pupil * 1_000;
      const x0 = 12 + (i % 10) * 6;
      const y0 = 20 + Math.floor(i / 10) * 14;
      const dots = Array.from({ length: 24 }, (_, d) => ({
        xNu: x0 + d * 0.2,
        yNu: y0 + Math.sin(d / 2) * 1.2,
        force: 300,
        timeMs: startMs + d * 12,
      }));
      out.push(
        createStroke(
          {
            key: `r${pupil}-${p}-${i}`,
            page: pageAddress(book.section, book.owner, book.book, book.first + p),
            mac: '9C:7B:D2:00:03:00',
            writerId: writer,
          },
          dotsFrom(dots),
        ),
      );
    }
  return out;
}

/** Uploads a pupil's strokes as the pupil (password grant: a new pupil's password is its id). */
async function uploadAs(origin: string, studentId: string, list: readonly Stroke[]): Promise<void> {
  const token = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: studentId,
      password: studentId,
      client_id: 'dotink-classroom',
      scope: 'storage',
    }),
  });
  if (!token.ok) throw new Error(`student token: ${token.status} ${await token.text()}`);
  const { access_token } = (await token.json()) as { access_token: string };
  for (let i = 0; i < list.length; i += 2000) {
    const body = encodeStrokeUploads(list.slice(i, i + 2000), { writer: studentId, clock: manualClock(T0) });
    const res = await fetch(`${origin}/inkstore/v1/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  }
}

export default {
  name: 'classroom class report PDF: 40 pupils × 12 written worksheet pages (Chromium, real server)',
  async run(): Promise<Figure[]> {
    const dist = await buildClassroom();
    const server = await startRealServer({ seedDemo: true, env: { CLASSROOM_DIST_DIR: dist } });
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      });
      const app = new ClassroomPage(await context.newPage(), server.origin);
      await app.signIn(DEMO_ADMIN);
      const klass = await apiCall<{ eduClassId: number }>(app, 'POST', '/edu/v1/class', {
        year: new Date().getFullYear(),
        grade: 3,
        classNum: 18,
        className: 'bench 3-18',
      });
      const eduClassId = klass.data.eduClassId;
      const rows = Array.from({ length: PUPILS }, (_, i) => ({
        num: i + 1,
        name: `학생 ${i + 1}`,
        macAddress: `9C:7B:D2:00:04:${(i + 1).toString(16).padStart(2, '0').toUpperCase()}`,
      }));
      const saved = await apiCall<unknown>(app, 'POST', `/edu/v1/class/admin/${eduClassId}/students`, rows);
      if (saved.status !== 200) throw new Error(`students: ${saved.status} ${saved.message}`);
      const list = await apiCall<{ students: { id: string; num: number }[] }>(
        app,
        'GET',
        `/edu/v1/class/${eduClassId}/students`,
      );
      const lecture = await apiCall<{ id: number; title: string }>(app, 'POST', '/edu/v1/curriculum', {
        eduClassId,
        title: 'bench report',
      });
      const lectureRef = { id: lecture.data.id, title: 'bench report', eduClassId };
      await openTextbookPage(app, lectureRef);
      await openAddDialog(app, 'POD');
      await app.testId('material-name').fill('Fractions worksheet');
      await choosePdf(app, 'fractions.pdf', await worksheet(PAGES));
      await app.testId('material-submit').click();
      await app.testId('material-dialog').waitFor({ state: 'detached', timeout: 60_000 });
      const pod = (await materialsOf(app, lectureRef.id)).find(
        (m: { title: string }) => m.title === 'Fractions worksheet',
      );
      const book = { section: pod.section, owner: pod.owner, book: pod.book, first: pod.ncodeStartPage };
      const pupils = [...list.data.students].sort((a, b) => a.num - b.num).map((s) => s.id);
      for (const [i, id] of pupils.entries()) await uploadAs(server.origin, id, pupilStrokes(id, i, book));
      const q = new URLSearchParams({
        section: String(pod.section),
        owner: String(pod.owner),
        book: String(pod.book),
        ncodeStartPage: String(pod.ncodeStartPage),
        ncodeEndPage: String(pod.ncodeEndPage),
        curriculumId: String(lectureRef.id),
        eduClassId: String(eduClassId),
        textbookTitle: pod.title,
      });
      await app.goto(`/main/math/all?${q}`, 'ko');
      await app.testId('report-class-make').waitFor({ timeout: 60_000 });
      // the summary is on the screen: the press starts from a page a teacher sees
      await app.page
        .locator('[data-testid=math-all-bar][data-series=written]')
        .nth(PUPILS - 1)
        .waitFor({ timeout: 60_000 });
      const loadBefore = loadOnCores();
      /** Presses the button: seconds to the figures and ink read, to the download, and the file. */
      const report = async (name: string) => {
        const started = performance.now();
        const downloading = app.page.waitForEvent('download', { timeout: 120_000 });
        await app.testId('report-class-make').click();
        // the figures and the ink are read when the worker starts drawing (data-phase)
        await app.page
          .locator('[data-testid=report-class][data-phase=drawing]')
          .waitFor({ timeout: 120_000 });
        const readS = (performance.now() - started) / 1000;
        const download = await downloading;
        const file = join(dir, name);
        await download.saveAs(file);
        await app.page.locator('[data-testid=report-class][data-phase=done]').waitFor({ timeout: 60_000 });
        return { readS, seconds: (performance.now() - started) / 1000, bytes: statSync(file).size };
      };
      const dir = await mkdtemp(join(tmpdir(), 'report-bench-'));
      const profileDir = process.env.REPORT_BENCH_PROFILE;
      const cdp = profileDir ? await context.newCDPSession(app.page) : undefined;
      await cdp?.send('Profiler.enable');
      await cdp?.send('Profiler.start');
      const { readS, seconds, bytes } = await report('class.pdf');
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(join(profileDir!, 'class-report-tab.cpuprofile'), JSON.stringify(profile));
      }

      // where the reading went: the requests' own times (server and transfer), summed and longest
      const requests = (await app.page.evaluate(`(() => {
        const of = (part) => performance.getEntriesByType('resource').filter((r) => r.name.includes(part));
        const sum = (list) => [list.length, Math.round(list.reduce((s, r) => s + r.duration, 0)),
          Math.round(Math.max(0, ...list.map((r) => r.duration))), Math.round(list.reduce((s, r) => s + r.encodedBodySize, 0) / 1000)];
        return { details: sum(of('/edu/v1/math/summary/students')), ink: sum(of('/admin/v1/inkstore/search/')) };
      })()`)) as { details: number[]; ink: number[] };
      // again: the server's answers are cached now (what stays is the page's and the worker's own work)
      const again = await report('again.pdf');
      await context.close();
      console.log(
        `  requests: all details ${requests.details[0]} × ${requests.details[2]} ms (${requests.details[3]} kB); ` +
          `ink searches ${requests.ink[0]}, ${requests.ink[1]} ms in all, longest ${requests.ink[2]} ms (${requests.ink[3]} kB)`,
      );
      console.log(
        `  load before ${loadBefore}, after ${loadOnCores()}; ${PUPILS * PAGES * STROKES_PER_PAGE} strokes; class report ${r1(seconds)} s ` +
          `(figures and ink read in ${r1(readS)} s, then the PDF made in the worker), ${r1(bytes / MB)} MB; ` +
          `again with the server's answers cached ${r1(again.seconds)} s (read in ${r1(again.readS)} s)`,
      );
      return [
        below('class report of 40 pupils: press → PDF downloaded', r1(seconds), 's', 10),
        below('class report of 40 pupils: file size', r1(bytes / MB), 'MB', 20),
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
} satisfies Bench;
