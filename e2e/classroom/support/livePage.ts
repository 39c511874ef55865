/**
 * Helpers of the live-lesson browser test (issue 16): the teacher's calls with the signed-in
 * token, and pupils driven from Node as a pen station would (until the station branch exists): a
 * pupil signs in with the password grant, joins the lesson's room over a WebSocket (token as
 * subprotocol), streams a pen's remote-pen messages (connected, page, strokeOpen/Dots/Close) and
 * uploads its completed strokes to the ink store.
 */
import { createStroke, dotsFrom, encodeStrokeUploads, type Stroke } from '@dotink/ink';
import { parsePageId } from '@dotink/ncode';
import { encodeRemoteMessage, type RemoteMessage, type RemoteStroke } from '@dotink/pen';
import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import type { ClassroomPage } from './classroomPage';

const TOKENS_KEY = 'dotink-classroom.auth';

/** A call to the server with the teacher's stored access token; the answer's `data`. */
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
      return ((await res.json()) as { data: unknown }).data;
    },
    { method, path, body, key: TOKENS_KEY },
  ) as Promise<T>;
}

/** A pupil's access token (password grant; the demo pupils' password is their id). */
export async function pupilToken(origin: string, username: string, password = username): Promise<string> {
  const res = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'password', username, password, client_id: 'dotink-classroom' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A dot `[xNu, yNu, force, timeMs]`. */
type RemoteDot = readonly [number, number, number, number];

let strokeCount = 0;

/** One pupil's pen, streamed into the lesson's room from Node. */
export class PupilPen {
  private readonly strokes: Stroke[] = [];
  private current: string | undefined;

  private constructor(
    private readonly origin: string,
    private readonly socket: WebSocket,
    private readonly token: string,
    readonly studentId: string,
    readonly mac: string,
  ) {}

  /** Joins `room` as the pupil and announces the pen. */
  static async join(origin: string, room: string, studentId: string, mac: string): Promise<PupilPen> {
    const token = await pupilToken(origin, studentId);
    const url = `${origin.replace(/^http/, 'ws')}/realtime/v1/rooms/${room}`;
    const socket = new WebSocket(url, ['dotink.remote.v1', `bearer.${token}`]);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`room refused: ${res.statusCode}`)));
    });
    const pen = new PupilPen(origin, socket, token, studentId, mac);
    pen.send({ type: 'connected', mac });
    return pen;
  }

  send(m: RemoteMessage): void {
    this.socket.send(encodeRemoteMessage(m));
  }

  /** The pen is on `page` ("s.o.b.p"). */
  page(page: string): void {
    this.current = page;
    this.send({ type: 'page', mac: this.mac, timeMs: Date.now(), page: parsePageId(page)! });
  }

  /**
   * Writes a stroke through `points` (nu) on `page`: opened with the first dot, the rest in
   * batches, closed. With `live` false nothing is sent (the teacher would not see it live).
   * The stroke is kept for {@link upload}. Returns its start time (the ink store keys what it
   * reads back by page, writer, pen and start time, not by the station's key).
   */
  write(page: string, points: readonly (readonly [number, number])[], live = true): number {
    const key = `e2e-live-${this.studentId}-${++strokeCount}-${Date.now()}`;
    const t0 = Date.now();
    const dots: RemoteDot[] = points.map(([x, y], i) => [x, y, 500, t0 + i * 10]);
    const stroke: RemoteStroke = {
      key,
      page,
      colorArgb: 0xff000000,
      thickness: 0.2,
      brushType: 0,
      penTipMode: 0,
      writerId: this.studentId,
      surfaceOwnerId: this.studentId,
      dots: dots.slice(0, 1),
    };
    if (live) {
      this.send({ type: 'strokeOpen', mac: this.mac, stroke });
      for (let i = 1; i < dots.length; i += 3) {
        this.send({ type: 'strokeDots', mac: this.mac, key, dots: dots.slice(i, i + 3) });
      }
      this.send({ type: 'strokeClose', mac: this.mac, key, timeMs: dots[dots.length - 1]![3] });
    }
    this.strokes.push(
      createStroke(
        {
          key,
          page: parsePageId(page)!,
          mac: this.mac,
          inputType: 'network',
          writerId: this.studentId,
          surfaceOwnerId: this.studentId,
        },
        dotsFrom(dots.map(([xNu, yNu, force, timeMs]) => ({ xNu, yNu, force, timeMs }))),
      ),
    );
    return t0;
  }

  /** Re-sends `connected` and the page, as a station does every ~10 s. */
  resend(): void {
    this.send({ type: 'connected', mac: this.mac });
    if (this.current) this.page(this.current);
  }

  /** Uploads every stroke written so far to the ink store (idempotent by key). */
  async upload(): Promise<void> {
    const records = encodeStrokeUploads(this.strokes, {
      writer: this.studentId,
      clock: { nowMs: () => Date.now() },
    });
    const res = await fetch(`${this.origin}/inkstore/v1/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(records),
    });
    if (!res.ok) throw new Error(`upload of ${this.studentId}: ${res.status} ${await res.text()}`);
  }

  close(): void {
    this.socket.close();
  }
}

/** A stroke of {@link uploadPupilStrokes}: its dots `[xNu, yNu, timeMs]`. */
export type TimedPoints = readonly (readonly [number, number, number])[];

/**
 * Uploads strokes a pupil wrote on `page` ("s.o.b.p") with the pen `mac`, as a pen station does
 * after the fact (signed in as the pupil, `POST /inkstore/v1/data`); keys `${keyPrefix}-${i}`.
 */
export async function uploadPupilStrokes(
  origin: string,
  pupil: { readonly id: string; readonly mac: string },
  page: string,
  strokes: readonly TimedPoints[],
  keyPrefix = `e2e-${pupil.id}`,
): Promise<void> {
  const records = encodeStrokeUploads(
    strokes.map((dots, i) =>
      createStroke(
        {
          key: `${keyPrefix}-${i}`,
          page: parsePageId(page)!,
          mac: pupil.mac,
          inputType: 'pen',
          writerId: pupil.id,
          surfaceOwnerId: pupil.id,
        },
        dotsFrom(dots.map(([xNu, yNu, timeMs]) => ({ xNu, yNu, force: 500, timeMs }))),
      ),
    ),
    { writer: pupil.id, clock: { nowMs: () => Date.now() } },
  );
  const res = await fetch(`${origin}/inkstore/v1/data`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await pupilToken(origin, pupil.id)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(records),
  });
  if (!res.ok) throw new Error(`upload of ${pupil.id}: ${res.status} ${await res.text()}`);
}

/** A zigzag of `n` points at (x, y) nu, `w` wide. */
export function zigzag(x: number, y: number, w = 6, n = 12): [number, number][] {
  return Array.from({ length: n }, (_, i) => [x + (i * w) / n, y + (i % 2 === 0 ? 0 : 1.5)]);
}

/** Ink pixels (alpha > 0) on a pupil's tile canvas. */
export async function tileInkPixels(page: Page, studentId: string): Promise<number> {
  return page.evaluate((id) => {
    const c = document.querySelector<HTMLCanvasElement>(`[data-student="${id}"] canvas`);
    if (!c || c.width === 0) return 0;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
    return n;
  }, studentId);
}

/** The start times of the strokes the teacher's room holds for a pupil's page, in order. */
export async function roomStrokeStarts(page: Page, studentId: string, pageId: string): Promise<number[]> {
  return page.evaluate(
    ({ id, p }) => {
      type Room = { strokesOn(s: string, p: string): { startTimeMs: number }[] };
      const room = (globalThis as { __dotinkLiveRoom?: Room }).__dotinkLiveRoom;
      return room
        ? room
            .strokesOn(id, p)
            .map((s) => Math.round(s.startTimeMs))
            .sort((a, b) => a - b)
        : [];
    },
    { id: studentId, p: pageId },
  );
}

/** Drops the teacher's socket as a network failure would. */
export async function dropTeacherSocket(page: Page): Promise<void> {
  await page.evaluate(() =>
    (globalThis as { __dotinkLiveRoom?: { dropSocket(): void } }).__dotinkLiveRoom?.dropSocket(),
  );
}
