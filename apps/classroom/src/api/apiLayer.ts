/**
 * The education API bound to the one call layer (`api/client.ts`): every call module of
 * classroom.md §7. Loaded on the first call (see `lazyApi` in app/services.tsx), so the sign-in page
 * downloads neither the calls nor zod and the contracts (issue 28 item 7: the first visit's
 * bytes on the wire).
 */
import type { Textbook } from '@dotink/contracts/eduLectures';
import { type AnalyticsApi, analyticsApi } from './analytics';
import { type AnnotationApi, annotationApi } from './annotation';
import { type ApiDeps, type Call, createCall, createDownload, createFileGet, type Download } from './client';
import { type EduApi, eduApi } from './edu';
import { type InkApi, inkApi } from './ink';
import { type LecturesApi, lecturesApi } from './lectures';
import { type LiveApi, liveApi } from './live';
import { downloadMaterialPdf, type MaterialPrintApi, materialPrintApi } from './materialPrint';
import { type AttachmentForm, type MaterialsApi, materialsApi, uploadMaterialAttachments } from './materials';
import { type OneRosterApi, oneRosterApi } from './oneRoster';

/** Every call of classroom.md §7, one module per screen family. */
/** Files the API points at (a material's `downloadUri`), with the call layer's token and rules. */
export interface FilesApi {
  readonly fileBytes: (uri: string) => Promise<Uint8Array>;
  /** A POD material's PDF for printing, failing with classroom.md §8's attachment codes. */
  readonly materialPdf: (uri: string) => Promise<Uint8Array>;
  /** The multipart upload of a material's PDF and .nproj, with its progress (XMLHttpRequest). */
  readonly uploadAttachments: (
    form: AttachmentForm,
    onProgress?: (sent: number, total: number) => void,
    signal?: AbortSignal,
  ) => Promise<Textbook>;
}

export type Api = FilesApi &
  EduApi &
  LecturesApi &
  MaterialsApi &
  MaterialPrintApi &
  InkApi &
  AnnotationApi &
  AnalyticsApi &
  LiveApi &
  OneRosterApi;

/** The names of calls that do not answer a promise: none may exist (the API is loaded lazily). */
type SyncCalls = {
  [K in keyof Api]: Api[K] extends (...args: never[]) => Promise<unknown> ? never : K;
}[keyof Api];
const everyCallIsAsync: [SyncCalls] extends [never] ? true : SyncCalls = true;
void everyCallIsAsync;

/** Binds every call module to one call layer (`download`: its file downloads). */
export function createApi(call: Call, download: Download): Omit<Api, keyof FilesApi> {
  return {
    ...eduApi(call),
    ...lecturesApi(call),
    ...materialsApi(call),
    ...materialPrintApi(call),
    ...inkApi(call),
    ...annotationApi(call),
    ...analyticsApi(call),
    ...liveApi(call),
    ...oneRosterApi(call, download),
  };
}

/** The API over a call layer made from `deps`. */
export function bindApi(deps: ApiDeps): Api {
  const get = createFileGet(deps);
  const download = createDownload(deps);
  return {
    ...createApi(createCall(deps), download),
    fileBytes: download,
    materialPdf: (uri) => downloadMaterialPdf(get, uri),
    uploadAttachments: (form, onProgress, signal) =>
      uploadMaterialAttachments(form, {
        serverUrl: deps.serverUrl,
        accessToken: deps.accessToken,
        onUnauthorized: deps.onUnauthorized,
        ...(onProgress ? { onProgress } : {}),
        ...(signal ? { signal } : {}),
      }),
  };
}
