/**
 * Test support for the material print: a POD material registered through the server's own API
 * (the code pages issued by `GET /edu/v1/paper/ncode`, the material, its PDF and `.nproj` as the
 * multipart upload of classroom.md §7), and reading back the PDF handed to print.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePrintedNproj } from '@dotink/ncode';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';

/** The classroom's stored sign-in (apps/classroom/src/auth/storedSession.ts). */
const TOKENS_KEY = 'dotink-classroom.auth';

/** The signed-in page's bearer token. */
export async function accessTokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), TOKENS_KEY);
  const token = stored ? (JSON.parse(stored) as { accessToken?: string }).accessToken : undefined;
  if (!token) throw new Error('not signed in: no stored access token');
  return token;
}

/** A JSON call to the server with a bearer token; throws with the answer on failure. */
export async function api<T>(
  origin: string,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** An issued code page. */
export interface IssuedCode {
  readonly s: number;
  readonly o: number;
  readonly b: number;
  readonly p: number;
}

/** A registered POD material. */
export interface PodMaterial {
  readonly textbookId: number;
  readonly curriculumId: number;
  /** The lecture's title and class (the textbook page's `curriculumTitle` and `eduClassId`). */
  readonly curriculumTitle: string;
  readonly eduClassId: number;
  readonly codes: readonly IssuedCode[];
  readonly pdf: Uint8Array;
}

const A4 = { widthPt: 595.28, heightPt: 841.89 };

/** Registers a POD material of `pdf` on code pages issued by the server for the first course. */
export async function createPodMaterial(
  origin: string,
  token: string,
  title: string,
  pdf: Uint8Array,
  fileName: string,
  options: { readonly upload?: boolean } = {},
): Promise<PodMaterial> {
  const teacher = await api<{ data: { curris: { id: number; title: string; eduClassId: number }[] } }>(
    origin,
    token,
    '/edu/v1/teacher',
  );
  const lecture = teacher.data.curris[0];
  if (!lecture) throw new Error('the teacher has no course');
  const { id: curriculumId, title: curriculumTitle, eduClassId } = lecture;
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  // A4: width/height = the rounded mm + 20 (classroom.md §7)
  const codes = await api<IssuedCode[]>(
    origin,
    token,
    `/edu/v1/paper/ncode?qty=${pages}&width=230&height=317`,
  );
  const first = codes[0]!;
  const last = codes[codes.length - 1]!;
  const created = await api<{ data: { id: number } }>(
    origin,
    token,
    `/edu/v1/curriculum/${curriculumId}/textbook/pod`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        section: first.s,
        owner: first.o,
        book: first.b,
        ncodeStartPage: first.p,
        ncodeEndPage: last.p,
      }),
    },
  );
  const textbookId = created.data.id;
  if (options.upload === false) return { textbookId, curriculumId, curriculumTitle, eduClassId, codes, pdf };
  const nproj = writePrintedNproj(
    {
      title,
      section: first.s,
      owner: first.o,
      book: first.b,
      startPage: first.p,
      pdfPath: fileName,
      pages: Array.from({ length: pages }, () => ({
        ...A4,
        homography: [1, 0, 0, 0, 1, 0, 0, 0, 1] as const,
      })),
    },
    (n) => crypto.getRandomValues(new Uint8Array(n)),
  );
  const form = new FormData();
  const fields = {
    section: first.s,
    owner: first.o,
    book: first.b,
    pageStart: first.p,
    pageEnd: last.p,
    curriculumId,
    textbookId,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  form.set('pdfFile', new Blob([pdf as BlobPart], { type: 'application/pdf' }), fileName);
  form.set('nprojFile', new Blob([nproj], { type: 'application/xml' }), fileName.replace(/\.pdf$/, '.nproj'));
  await api(origin, token, `/edu/v1/curriculum/${curriculumId}/textbook/${textbookId}/attachment`, {
    method: 'POST',
    body: form,
  });
  return { textbookId, curriculumId, curriculumTitle, eduClassId, codes, pdf };
}

/** The textbook page of a material's lecture, where its 'material print' cell is (classroom.md §2). */
export function textbookPageUrl(material: PodMaterial): string {
  const q = new URLSearchParams({
    curriculumId: String(material.curriculumId),
    curriculumTitle: material.curriculumTitle,
    eduClassId: String(material.eduClassId),
  });
  return `/main/textbook?${q}`;
}

/** The 'material print' button of a material in the textbook table. */
export const printButtonSelector = (textbookId: number): string =>
  `[data-testid="materials-table"] [data-testid="material-print"][data-textbook-id="${textbookId}"]`;

/**
 * Keeps the blobs behind object URLs (`window.__blobs`), so a test reads the PDF handed to print
 * without fetching its blob: URL (the server's Content-Security-Policy does not allow that).
 */
export const BLOB_KEEPER = `(() => {
  const create = URL.createObjectURL.bind(URL);
  window.__blobs = {};
  URL.createObjectURL = (b) => { const u = create(b); window.__blobs[u] = b; return u; };
})();`;

/** The bytes of a PDF the page handed to print (its blob URL kept by the print stub; needs {@link BLOB_KEEPER}). */
export async function printedPdf(page: Page, index: number): Promise<Uint8Array> {
  const b64 = await page.evaluate(async (i) => {
    const w = window as unknown as { __printedPdfs: string[]; __blobs: Record<string, Blob> };
    const url = w.__printedPdfs[i];
    const blob = url ? w.__blobs[url] : undefined;
    if (!blob) throw new Error(`no printed PDF ${i}`);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let at = 0; at < bytes.length; at += 0x8000)
      s += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(s);
  }, index);
  return new Uint8Array(Buffer.from(b64, 'base64'));
}

/** `qpdf --check` of a PDF: its output (throws when qpdf finds errors). */
export function qpdfCheck(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'dotink-mprint-'));
  try {
    const file = join(dir, 'printed.pdf');
    writeFileSync(file, pdf);
    return execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The code pages a printed PDF carries (its Info `/Subject`: `ncoded: 3.27.1068.1, …`). */
export async function printedCodePages(pdf: Uint8Array): Promise<{ pages: number; codes: string[] }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const subject = doc.getSubject() ?? '';
  return {
    pages: doc.getPageCount(),
    codes: subject.startsWith('ncoded: ') ? subject.slice('ncoded: '.length).split(', ') : [],
  };
}
