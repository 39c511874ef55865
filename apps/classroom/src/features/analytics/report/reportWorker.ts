/**
 * Makes the pupil report PDF off the main thread (pdf-lib, fontkit and the fonts load here
 * only), sheet by sheet as the page sends them: 'open' with the report's head, a 'sheet' for each
 * pupil in order (drawn at once, while the page reads the next pupils), then 'save' with its title. It answers
 * how many sheets are drawn after each, the bytes at the end, or the failure's reason (then it
 * ignores the rest). Cancelling ends the worker (reportFile.ts).
 */
import jpUrl from '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf?url';
import krUrl from '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf?url';
import tcUrl from '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf?url';
import { type PupilSheet, ReportFailure, type ReportFailureKind, type ReportHead } from './reportModel';
import { type FontName, ReportDocument } from './reportPdf';

/** What the page sends. */
export type ReportWorkerRequest =
  | { readonly kind: 'open'; readonly head: ReportHead }
  | { readonly kind: 'sheet'; readonly sheet: PupilSheet }
  | { readonly kind: 'save'; readonly title: string };

/** What the worker answers. */
export type ReportWorkerAnswer =
  | { readonly kind: 'drawn'; readonly done: number }
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

let report: ReportDocument | undefined;
let drawn = 0;
let failed = false;
/** The requests, one after the other. */
let queue: Promise<void> = Promise.resolve();

async function handle(request: ReportWorkerRequest): Promise<void> {
  if (request.kind === 'open') report = await ReportDocument.open(request.head, { fontBytes });
  else if (!report) throw new Error('report worker: no report opened');
  else if (request.kind === 'sheet') {
    await report.add(request.sheet);
    post({ kind: 'drawn', done: ++drawn });
  } else {
    const bytes = await report.save(request.title);
    post({ kind: 'bytes', bytes }, [bytes.buffer as ArrayBuffer]);
  }
}

self.onmessage = (event: MessageEvent<ReportWorkerRequest>) => {
  queue = queue.then(async () => {
    if (failed) return;
    try {
      await handle(event.data);
    } catch (error) {
      failed = true;
      post(
        error instanceof ReportFailure
          ? { kind: 'error', reason: error.reason, failure: error.kind }
          : { kind: 'error', reason: error instanceof Error ? error.message : String(error) },
      );
    }
  });
};
