/**
 * Page-object helpers of the learning materials screens (textbook page, add learning material
 * dialog) and the API calls the materials test checks the server with.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ClassroomPage } from './classroomPage';

const TOKENS_KEY = 'dotink-classroom.auth';

/** The signed-in teacher's access token, read from the app's storage. */
export async function accessTokenOf(app: ClassroomPage): Promise<string> {
  const stored = await app.page.evaluate((k) => localStorage.getItem(k), TOKENS_KEY);
  if (!stored) throw new Error('not signed in');
  return (JSON.parse(stored) as { accessToken: string }).accessToken;
}

/** GET (or another method) on the API with the bearer token; answers status and JSON. */
export async function apiCall(
  app: ClassroomPage,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${app.origin}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${await accessTokenOf(app)}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

/** The first lecture of the signed-in teacher. */
export async function firstLecture(
  app: ClassroomPage,
): Promise<{ id: number; title: string; eduClassId: number }> {
  const { json } = await apiCall(app, '/edu/v1/curriculums');
  const c = json.data.curriculums[0];
  if (!c) throw new Error('the teacher has no lecture');
  return { id: c.id, title: c.title, eduClassId: c.eduClassId };
}

/** The materials of a lecture, as the API lists them. */
export async function materialsOf(app: ClassroomPage, curriculumId: number): Promise<any[]> {
  return (await apiCall(app, `/edu/v1/curriculum/${curriculumId}/textbook`)).json.data.textbooks;
}

/** Opens the textbook page of a lecture. */
export async function openTextbookPage(
  app: ClassroomPage,
  lecture: { id: number; title: string; eduClassId: number },
  lang = 'en',
): Promise<void> {
  const q = new URLSearchParams({
    curriculumId: String(lecture.id),
    curriculumTitle: lecture.title,
    eduClassId: String(lecture.eduClassId),
  });
  await app.goto(`/main/textbook?${q}`, lang);
  await app.testId('materials-table').waitFor();
}

/** Opens the add dialog on a kind. */
export async function openAddDialog(app: ClassroomPage, kind: 'REGULAR' | 'POD'): Promise<void> {
  await app.testId('material-add').click();
  await app.testId('material-dialog').waitFor();
  await app.testId(`material-kind-${kind}`).check();
}

/** Chooses a file in the POD dialog and waits until it is read. */
export async function choosePdf(app: ClassroomPage, name: string, bytes: Uint8Array): Promise<void> {
  await app
    .testId('material-file')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
  await app.page.waitForFunction(
    () => !document.querySelector('[data-testid="material-file-info"]')?.textContent?.includes('…'),
  );
}

/** The error line of the dialog. */
export async function dialogError(app: ClassroomPage): Promise<string> {
  await app.testId('material-error').waitFor();
  return (await app.testId('material-error').textContent()) ?? '';
}

/** A PDF of `pages` A4 pages with a line of text each (`padBytes`: an extra incompressible stream, for a slow upload). */
export async function makePdf(pages: number, padBytes = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage([595, 842]);
    if (pages <= 20) page.drawText(`Worksheet page ${i + 1}`, { x: 72, y: 760, size: 24, font });
  }
  if (padBytes > 0) {
    const noise = new Uint8Array(padBytes);
    for (let i = 0; i < padBytes; i += 1) noise[i] = (i * 2654435761) >>> 24;
    doc.setKeywords([Buffer.from(noise).toString('base64')]);
  }
  return doc.save({ useObjectStreams: false });
}
