/**
 * The learning-material calls of classroom.md §7, each validating its answer with the shared
 * schema: the materials of a lecture, the built-in textbooks (with their units), registering a
 * REGULAR or POD material, reserving code pages, the files of a page address, and the
 * multipart upload of a material's PDF and .nproj (with upload progress and cancel).
 */
import {
  categoryInfoSchema,
  deletedData,
  materialFilesData,
  type TextbookBody,
  textbookSchema,
  textbooksData,
} from '@dotink/contracts/edu';
import { issuedCodePagesSchema } from '@dotink/contracts/paperCodes';
import type { z } from 'zod';
import { ApiError, answerFailure, type Call } from './client';
import { answerSchema } from './contracts';

/** A page address of the per-page lookup. */
export interface MaterialAddress {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly page: number;
}

/** The calls, bound to one call layer. */
export function materialsApi(call: Call) {
  const data = async <S extends z.ZodType>(schema: S, path: string, init?: Parameters<Call>[2]) =>
    ((await call(answerSchema(schema), path, init)) as { data: z.infer<S> }).data;
  const base = (curriculumId: number) => `/edu/v1/curriculum/${curriculumId}/textbook`;
  return {
    /** The learning materials of a lecture (oldest first). */
    materialList: async (curriculumId: number) => (await data(textbooksData, base(curriculumId))).textbooks,
    /** The nine built-in textbooks with their page info and units. */
    builtinBooks: async () => (await call(categoryInfoSchema, '/edu/v1/math/category-info')).textbooks,
    /** Registers a built-in textbook (whole or a unit's pages). */
    addRegularMaterial: (curriculumId: number, body: TextbookBody) =>
      data(textbookSchema, `${base(curriculumId)}/regular`, { method: 'POST', body }),
    /** Registers a user PDF material on code pages issued to the teacher. */
    addPodMaterial: (curriculumId: number, body: TextbookBody) =>
      data(textbookSchema, `${base(curriculumId)}/pod`, { method: 'POST', body }),
    /** Removes a material (a POD registration cancelled half-way). */
    removeMaterial: (curriculumId: number, textbookId: number) =>
      data(deletedData, `${base(curriculumId)}/${textbookId}`, { method: 'DELETE' }),
    /** Reserves `qty` consecutive code pages for a paper of width × height mm. */
    reserveCodePages: (qty: number, width: number, height: number) =>
      call(issuedCodePagesSchema, '/edu/v1/paper/ncode', { query: { qty, width, height } }),
    /** The attachments (pdf background, xml touch map) of the materials covering a page. */
    materialAttachments: async (a: MaterialAddress) =>
      (await data(materialFilesData, '/edu/v1/curriculum/textbook', { query: { ...a } })).resultElements,
  };
}

export type MaterialsApi = ReturnType<typeof materialsApi>;

/** A file part: its bytes and file name. */
export interface NamedBlob {
  readonly blob: Blob;
  readonly name: string;
}

/** The text fields of the attachment upload (classroom.md §3 "Textbook upload form"). */
export interface AttachmentForm {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly pageStart: number;
  readonly pageEnd: number;
  readonly curriculumId: number;
  readonly textbookId: number;
  readonly pdfFile?: NamedBlob;
  readonly nprojFile?: NamedBlob;
}

/** What the upload needs besides the form. */
export interface UploadDeps {
  readonly serverUrl: string;
  readonly accessToken: () => Promise<string | undefined>;
  /** The call layer's 401 rule (logout → login); called before the upload fails with 'login.failed'. */
  readonly onUnauthorized?: () => void;
  /** Bytes sent so far of the total. */
  readonly onProgress?: (sent: number, total: number) => void;
  readonly signal?: AbortSignal;
  /** Default: the browser's XMLHttpRequest (the only way to see upload progress). */
  readonly xhr?: () => XMLHttpRequest;
}

/** Raised when the upload was cancelled through its signal. */
export class UploadCancelled extends Error {
  override readonly name = 'UploadCancelled';
}

/**
 * `POST /edu/v1/curriculum/{id}/textbook/{textbookId}/attachment` (multipart: section, owner,
 * book, pageStart, pageEnd, pdfFile, nprojFile, curriculumId, textbookId), reporting the bytes
 * sent. Aborting the signal aborts the request ({@link UploadCancelled}); the server keeps none
 * of a request it did not receive whole. Answers the material.
 */
export async function uploadMaterialAttachments(form: AttachmentForm, deps: UploadDeps) {
  const token = await deps.accessToken();
  if (!token) throw new ApiError(401, 'login.failed');
  if (deps.signal?.aborted) throw new UploadCancelled();
  const body = new FormData();
  for (const k of ['section', 'owner', 'book', 'pageStart', 'pageEnd', 'curriculumId', 'textbookId'] as const)
    body.append(k, String(form[k]));
  if (form.pdfFile) body.append('pdfFile', form.pdfFile.blob, form.pdfFile.name);
  if (form.nprojFile) body.append('nprojFile', form.nprojFile.blob, form.nprojFile.name);
  const url = `${deps.serverUrl}/edu/v1/curriculum/${form.curriculumId}/textbook/${form.textbookId}/attachment`;
  const xhr = deps.xhr?.() ?? new XMLHttpRequest();
  const done = new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) deps.onProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, 'error.network', { text: 'upload' }));
    xhr.onabort = () => reject(new UploadCancelled());
  });
  const abort = () => xhr.abort();
  deps.signal?.addEventListener('abort', abort, { once: true });
  xhr.open('POST', url);
  xhr.setRequestHeader('authorization', `Bearer ${token}`);
  xhr.setRequestHeader('accept', 'application/json');
  xhr.send(body);
  try {
    const res = await done;
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch {
      json = undefined; // a body that is not JSON: the status decides below
    }
    if (res.status === 401) {
      deps.onUnauthorized?.();
      throw new ApiError(401, 'login.failed');
    }
    if (res.status < 200 || res.status >= 300) throw answerFailure(res.status, res.statusText, json);
    const parsed = answerSchema(textbookSchema).safeParse(json);
    if (!parsed.success) throw new ApiError(res.status, 'error.invalidAnswer', {}, parsed.error.message);
    return parsed.data.data;
  } finally {
    deps.signal?.removeEventListener('abort', abort);
  }
}
