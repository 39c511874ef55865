/**
 * Page-object helpers of the replay screen: the demo pupil to replay (found through the API as
 * the signed-in teacher), the replay address, and a hash of a canvas layer's pixels.
 */
import type { Page } from 'playwright-core';

/** The demo writing (apps/server/src/inkstore/demoInk.ts): pupils 1–6, book 3.1012.1191, p. 10–13. */
export const DEMO_BOOK = { section: 3, owner: 1012, book: 1191, firstPage: 10, lastPage: 13 } as const;

export interface ReplayTarget {
  readonly studentId: string;
  /** A pupil of the class who wrote nothing. */
  readonly silentStudentId: string;
  readonly eduClassId: number;
  readonly curriculumId: number;
  readonly courseId: number;
  readonly sessionId: string;
}

/** Calls the server as the signed-in teacher (the app's stored token). */
async function apiGet<T>(page: Page, origin: string, path: string): Promise<T> {
  return page.evaluate(
    async ({ origin, path }) => {
      const stored = JSON.parse(localStorage.getItem('dotink-classroom.auth') ?? '{}') as {
        accessToken?: string;
      };
      const r = await fetch(`${origin}${path}`, {
        headers: { authorization: `Bearer ${stored.accessToken}` },
      });
      if (!r.ok) throw new Error(`${path}: ${r.status}`);
      return ((await r.json()) as { data: unknown }).data as never;
    },
    { origin, path },
  );
}

/** Pupil no. 1 of the demo class, its lecture and the past lesson (the one written in). */
export async function demoReplayTarget(page: Page, origin: string): Promise<ReplayTarget> {
  const { curriculums } = await apiGet<{ curriculums: { id: number; eduClassId: number }[] }>(
    page,
    origin,
    '/edu/v1/curriculums',
  );
  const curriculum = curriculums[0]!;
  const { students } = await apiGet<{ students: { id: string; num: number }[] }>(
    page,
    origin,
    `/edu/v1/class/${curriculum.eduClassId}/students`,
  );
  const byNum = [...students].sort((a, b) => a.num - b.num);
  const { courses } = await apiGet<{ courses: { id: number; sessionId: string | null; status: string }[] }>(
    page,
    origin,
    `/edu/v1/curriculum/${curriculum.id}/course`,
  );
  const past = courses.find((c) => c.status === 'E')!;
  return {
    studentId: byNum[0]!.id,
    silentStudentId: byNum[byNum.length - 1]!.id,
    eduClassId: curriculum.eduClassId,
    curriculumId: curriculum.id,
    courseId: past.id,
    sessionId: past.sessionId!,
  };
}

/** The replay route's address for a pupil on the demo pages (classroom.md §2 query). */
export function replayPath(
  t: ReplayTarget,
  extra: Record<string, string> = {},
  studentId = t.studentId,
): string {
  const q = new URLSearchParams({
    eduClassId: String(t.eduClassId),
    curriculumId: String(t.curriculumId),
    studentId,
    sessionId: t.sessionId,
    courseId: String(t.courseId),
    section: String(DEMO_BOOK.section),
    owner: String(DEMO_BOOK.owner),
    book: String(DEMO_BOOK.book),
    ncodeStartPage: String(DEMO_BOOK.firstPage),
    ncodeEndPage: String(DEMO_BOOK.lastPage),
    ...extra,
  });
  return `/main/replay?${q}`;
}

/**
 * A hash (FNV-1a over the RGBA bytes) of a layer canvas of the page view, with the count of
 * pixels not fully transparent: equal hashes are pixel-identical layers.
 */
export async function layerHash(
  page: Page,
  layer: 'completed' | 'live' | 'document',
): Promise<{ hash: string; inked: number }> {
  return page.evaluate((layer) => {
    const canvas = document.querySelector<HTMLCanvasElement>(
      `[data-testid="page-view"] canvas[data-layer="${layer}"]`,
    );
    if (!canvas || canvas.width === 0) return { hash: 'none', inked: 0 };
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let h = 0x811c9dc5;
    let inked = 0;
    for (let i = 0; i < data.length; i++) {
      h ^= data[i]!;
      h = Math.imul(h, 0x01000193) >>> 0;
      if ((i & 3) === 3 && data[i]! > 0) inked++;
    }
    return { hash: `${canvas.width}x${canvas.height}:${h.toString(16)}`, inked };
  }, layer);
}
