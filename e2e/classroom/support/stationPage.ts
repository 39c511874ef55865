/**
 * Helpers of the pen station's browser test: its page scripts (several simulated pens by
 * address; a fake camera showing an image), the teacher's calls that set up a live lesson, the
 * QR label of a pupil cut from the label PDF the app prints, a teacher's listening socket on the
 * lesson's room, and the ink store's search with the lesson's tag.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import type { Page } from 'playwright-core';
import { labelRect } from '../../../apps/classroom/src/features/students/labels/labelLayout';
import type { SimStroke } from '../page/stationPens';
import type { ClassroomPage } from './classroomPage';

export type { SimStroke };

const here = dirname(fileURLToPath(import.meta.url));
const TOKENS_KEY = 'dotink-classroom.auth';

/** The station's pens page script (page/stationPens.ts), bundled. */
export async function stationPensScript(): Promise<string> {
  const out = await esbuild({
    entryPoints: [join(here, '..', 'page', 'stationPens.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/**
 * A page script giving `getUserMedia` a fake camera: a canvas stream showing `pngDataUrl` on a
 * grey 640 × 480 picture, redrawn ten times a second (a canvas stream sends frames as it is drawn).
 */
export function fakeCameraScript(pngDataUrl: string): string {
  return `(() => {
    const url = ${JSON.stringify(pngDataUrl)};
    const media = navigator.mediaDevices ?? {};
    Object.defineProperty(navigator, 'mediaDevices', { value: media, configurable: true });
    media.getUserMedia = async () => {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const g = canvas.getContext('2d');
      const draw = () => {
        g.fillStyle = '#888';
        g.fillRect(0, 0, 640, 480);
        const s = Math.min(600 / img.width, 440 / img.height);
        g.drawImage(img, (640 - img.width * s) / 2, (480 - img.height * s) / 2, img.width * s, img.height * s);
      };
      draw();
      const timer = setInterval(draw, 100);
      const stream = canvas.captureStream(10);
      for (const t of stream.getTracks()) {
        const stop = t.stop.bind(t);
        t.stop = () => { clearInterval(timer); window.__fakeCameraStopped = true; stop(); };
      }
      return stream;
    };
  })();`;
}

/** A call to the server with the teacher's stored token; the JSON answer's data. */
export async function teacherCall<T>(
  app: ClassroomPage,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return app.page.evaluate(
    async ({ method, path, body, key }) => {
      const tokens = JSON.parse(localStorage.getItem(key) ?? '{}') as { accessToken?: string };
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: unknown }).data as never;
    },
    { method, path, body, key: TOKENS_KEY },
  );
}

export interface Pupil {
  readonly id: string;
  readonly num: number;
  readonly name: string;
  readonly macAddress: string;
}

export interface LiveLessonSetup {
  readonly eduClassId: number;
  readonly courseId: number;
  readonly sessionId: string;
  readonly pupils: readonly Pupil[];
}

/** A lesson of the demo class running now (an hour long). */
export async function createLiveLesson(app: ClassroomPage, nowMs: number): Promise<LiveLessonSetup> {
  // lesson times go in steps of 5 minutes: from the last step before now, an hour long
  const step = 5 * 60_000;
  const startMs = Math.floor(nowMs / step) * step;
  const classes = await teacherCall<{ classes: { eduClassId: number }[] }>(app, 'GET', '/edu/v1/classes');
  const eduClassId = classes.classes[0]!.eduClassId;
  const lectures = await teacherCall<{ curriculums: { id: number; eduClassId: number }[] }>(
    app,
    'GET',
    '/edu/v1/curriculums',
  );
  const curriculumId = lectures.curriculums.find((c) => c.eduClassId === eduClassId)!.id;
  const course = await teacherCall<{ id: number; sessionId: string | null }>(
    app,
    'POST',
    `/edu/v1/curriculum/${curriculumId}/course`,
    {
      tag: 'live station e2e',
      description: 'pen station',
      startAt: new Date(startMs).toISOString(),
      endAt: new Date(startMs + 60 * 60_000).toISOString(),
      sessionStatus: 'ACTIVE',
    },
  );
  const students = await teacherCall<{ students: Pupil[] }>(
    app,
    'GET',
    `/edu/v1/class/${eduClassId}/students`,
  );
  const pupils = [...students.students].sort((a, b) => a.num - b.num);
  return { eduClassId, courseId: course.id, sessionId: course.sessionId!, pupils };
}

/**
 * The QR label of the class's pupil number `num` as a PNG data URL: printed by the app (the
 * student page's QR print with only that pupil chosen) and cut from the PDF's first cell.
 */
export async function printedLabel(app: ClassroomPage, eduClassId: number, num: number): Promise<string> {
  await app.goto(`/main/student?eduClassId=${eduClassId}`);
  await app.testId('students-table-row').first().waitFor({ timeout: 30_000 });
  await app
    .testId('select-row')
    .nth(num - 1)
    .check();
  const [download] = await Promise.all([app.page.waitForEvent('download'), app.testId('qr-print').click()]);
  const dir = mkdtempSync(join(tmpdir(), 'dotink-station-label-'));
  const pdf = join(dir, 'labels.pdf');
  writeFileSync(pdf, readFileSync((await download.path())!));
  const r = labelRect(0);
  const dpi = 200;
  const s = dpi / 72;
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    String(dpi),
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    '-x',
    String(Math.floor(r.x * s)),
    '-y',
    String(Math.floor((842 - r.y - r.height) * s)),
    '-W',
    String(Math.floor(r.width * s)),
    '-H',
    String(Math.floor(r.height * s)),
    pdf,
    join(dir, 'label'),
  ]);
  return `data:image/png;base64,${readFileSync(join(dir, 'label.png')).toString('base64')}`;
}

/** Puts a simulated pen with `mac` behind the Bluetooth chooser of the station. */
export async function installPen(page: Page, mac: string): Promise<void> {
  await page.evaluate(
    (mac) => (window as unknown as { stationSim: { install(o: unknown): void } }).stationSim.install({ mac }),
    mac,
  );
}

/** The pen `mac` writes `strokes` and lifts. */
export async function penWrite(page: Page, mac: string, strokes: readonly SimStroke[]): Promise<void> {
  await page.evaluate(
    ({ mac, strokes }) =>
      (window as unknown as { stationSim: { play(m: string, s: unknown): Promise<void> } }).stationSim.play(
        mac,
        strokes,
      ),
    { mac, strokes },
  );
}

/** Opens a socket of the teacher on the lesson's room that keeps every message it hears. */
export async function listenToRoom(app: ClassroomPage, room: string): Promise<void> {
  await app.page.evaluate(
    async ({ room, key }) => {
      const tokens = JSON.parse(localStorage.getItem(key) ?? '{}') as { accessToken?: string };
      const url = new URL(`/realtime/v1/rooms/${room}`, location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      const heard: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = heard;
      const ws = new WebSocket(url, [`bearer.${tokens.accessToken}`, 'dotink.remote.v1']);
      ws.onmessage = (e) => heard.push(JSON.parse(String(e.data)));
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
    },
    { room, key: TOKENS_KEY },
  );
}

/** The messages the teacher's socket heard so far. */
export async function heardInRoom(app: ClassroomPage): Promise<Record<string, unknown>[]> {
  return app.page.evaluate(() => (window as unknown as { heard: Record<string, unknown>[] }).heard);
}

/** The keys of a pupil's strokes the ink store has for the lesson (search with its tag). */
export async function lessonStrokeTimes(
  app: ClassroomPage,
  studentId: string,
  tag: string,
): Promise<number[]> {
  const times: number[] = [];
  let pointer: string | null = null;
  do {
    const q = new URLSearchParams({ tag });
    if (pointer) q.set('dataPointer', pointer);
    const answer = await teacherCall<{
      resultElements: { data: string }[];
      hasMore: boolean;
      nextDataPointer: string | null;
    }>(app, 'GET', `/admin/v1/inkstore/search/${encodeURIComponent(studentId)}?${q}`);
    for (const e of answer.resultElements) {
      const json = JSON.parse(Buffer.from(e.data, 'base64').toString('utf8')) as {
        page?: { strokes: { startTime: number }[] };
        strokes?: { startTime: number }[];
      };
      for (const s of json.page?.strokes ?? json.strokes ?? []) times.push(s.startTime);
    }
    pointer = answer.hasMore ? answer.nextDataPointer : null;
  } while (pointer);
  return times;
}
