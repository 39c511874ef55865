/**
 * Makes the pupil report PDF off the main thread (pdf-lib, fontkit and the fonts load here
 * only): progress after each pupil, the bytes at the end, or the failure's reason. Cancelling
 * ends the worker (reportFile.ts).
 */
import jpUrl from '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf?url';
import krUrl from '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf?url';
import tcUrl from '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf?url';
import { ReportFailure, type ReportFailureKind, type ReportJob } from './reportModel';
import { type FontName, reportPdf } from './reportPdf';

/** What the worker answers. */
export type ReportWorkerAnswer =
  | { readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'error'; readonly reason: string; readonly failure?: ReportFailureKind };

const FONT_URLS: Record<FontName, string> = { kr: krUrl, jp: jpUrl, tc: tcUrl };

async function fontBytes(name: FontName): Promise<Uint8Array> {
  const answer = await fetch(FONT_URLS[name]);
  if (!answer.ok) throw new Error(`font ${name}: HTTP ${answer.status}`);
  return new Uint8Array(await answer.arrayBuffer());
}

const post = (answer: ReportWorkerAnswer, transfer: Transferable[] = []) =>
  self.postMessage(answer, { transfer });

self.onmessage = (event: MessageEvent<ReportJob>) => {
  reportPdf(event.data, {
    fontBytes,
    onProgress: (done, total) => post({ kind: 'progress', done, total }),
  }).then(
    (bytes) => post({ kind: 'bytes', bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) =>
      post(
        error instanceof ReportFailure
          ? { kind: 'error', reason: error.reason, failure: error.kind }
          : { kind: 'error', reason: error instanceof Error ? error.message : String(error) },
      ),
  );
};
