/**
 * Gathers a report's data in the page (issue 30 item 2): the class's name, each pupil's detail
 * (one pupil: the pupil screen's own query, key factory and call; a class: every pupil's at once,
 * `/edu/v1/math/summary/students`, kept under the same keys), their strokes on the pages shown (the replay's page-ink search,
 * `loadReplayInk`), and the textbook's PDF with the code page it starts at (the replay's
 * background rule). Four pupils are read at a time; each sheet goes to the report's sink as soon
 * as it and those before it are read (the worker draws while the next are read); an aborted
 * signal ends the reading at once.
 */
import type { MathSummaryData, PupilDetailData } from '@dotink/contracts/eduAnalytics';
import { type PageAddress, pageAddress } from '@dotink/ncode';
import { eduKeys } from '../../../api/queries';
import { nprojStartPage } from '../../../components/replay/pageBackground';
import { loadReplayInk } from '../../../components/replay/replayInk';
import type { Services } from '../../../lib/services';
import { analyticsKeys, type MathQuery, requestOf } from '../summaryQueries';
import type { Paper, PupilSheet, ReportLanguage } from './reportModel';
import { type PdfPageOf, pupilSheet, type ReportT, writtenPages } from './reportSheets';

/** Pupils read at once. */
const READS_AT_ONCE = 4;

export interface ReportRequest {
  readonly query: MathQuery;
  readonly summary: MathSummaryData;
  /** The pupils of the report, in the order of their sheets. */
  readonly studentIds: readonly string[];
  readonly paper: Paper;
  readonly language: ReportLanguage;
  readonly t: ReportT;
}

/** The textbook's PDF and where its pages are, or nothing when the material has no PDF. */
async function textbook(
  services: Pick<Services, 'api'>,
  summary: MathSummaryData,
): Promise<{ bytes?: Uint8Array; pdfPageOf: PdfPageOf }> {
  const { api } = services;
  const b = summary.book;
  const attachments = await api.pageAttachments({
    section: b.section,
    owner: b.owner,
    book: b.book,
    page: b.startPage,
  });
  const pdf = attachments.find((a) => a.type === 'pdf');
  if (!pdf) return { pdfPageOf: () => undefined };
  const nproj = attachments.find((a) => a.type === 'xml' && a.textbookId === pdf.textbookId);
  const [bytes, startPage] = await Promise.all([
    api.fileBytes(pdf.downloadUri),
    nproj
      ? api.fileBytes(nproj.downloadUri).then((x) => nprojStartPage(new TextDecoder().decode(x)))
      : Promise.resolve(b.startPage),
  ]);
  return { bytes, pdfPageOf: (page) => (page >= startPage ? page - startPage : undefined) };
}

/** Where a report's parts go as they are read. */
export interface ReportSink {
  /** First: the textbook's PDF (absent: the material has none). */
  open(textbookPdf: Uint8Array | undefined): void;
  /** Then each pupil's sheet, in the report's order. */
  sheet(sheet: PupilSheet): void;
}

/**
 * Reads the report's parts into `sink`; answers the number of sheets. A cancel (the signal) ends it
 * at once with an AbortError, even while a request it made has not answered (the class's details
 * of a busy server, the textbook's PDF): what such a request answers later is dropped.
 */
export function gatherReport(
  services: Pick<Services, 'api' | 'queryClient'>,
  r: ReportRequest,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
  sink: ReportSink,
): Promise<number> {
  return untilAborted(readReport(services, r, onProgress, signal, sink), signal);
}

/** `work`'s outcome, or an AbortError as soon as `signal` aborts (what `work` ends with later is dropped). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('cancelled', 'AbortError'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function readReport(
  services: Pick<Services, 'api' | 'queryClient'>,
  r: ReportRequest,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
  sink: ReportSink,
): Promise<number> {
  const { api, queryClient } = services;
  const request = requestOf(r.query);
  const [classes, book] = await Promise.all([
    queryClient.fetchQuery({ queryKey: eduKeys.classes, queryFn: api.classes }),
    textbook(services, r.summary),
  ]);
  const className = classes.find((c) => c.eduClassId === r.query.eduClassId)?.className ?? '';
  signal.throwIfAborted();
  sink.open(book.bytes);
  // a class: every pupil's detail in one answer (the class worked out once on the server), each
  // kept under the pupil screen's own key; one pupil: the pupil screen's query itself
  const details = new Map<string, PupilDetailData>();
  if (r.studentIds.length > 1) {
    signal.throwIfAborted();
    for (const d of await api.pupilDetails(request)) {
      details.set(d.pupil.studentId, d);
      queryClient.setQueryData(analyticsKeys.pupil(d.pupil.studentId, request), d);
    }
  }
  // read out of order (four at a time), given to the sink in order
  const sheets: (PupilSheet | undefined)[] = new Array(r.studentIds.length);
  let given = 0;
  let next = 0;
  let done = 0;
  signal.throwIfAborted();
  onProgress(0, r.studentIds.length);
  const readOne = async (i: number) => {
    const studentId = r.studentIds[i]!;
    signal.throwIfAborted();
    const detail: PupilDetailData =
      details.get(studentId) ??
      (await queryClient.fetchQuery<PupilDetailData>({
        queryKey: analyticsKeys.pupil(studentId, request),
        queryFn: () => api.pupilDetail(studentId, request),
      }));
    const pages: PageAddress[] = writtenPages(detail).shown.map((p) =>
      pageAddress(r.summary.book.section, r.summary.book.owner, r.summary.book.book, p),
    );
    const ink =
      pages.length === 0
        ? { strokes: [] }
        : await loadReplayInk({ studentId, pages }, { searchInk: api.searchInk, signal });
    signal.throwIfAborted();
    sheets[i] = pupilSheet({
      t: r.t,
      language: r.language,
      summary: r.summary,
      detail,
      className,
      textbookTitle: r.query.textbookTitle,
      strokes: ink.strokes,
      pdfPageOf: book.pdfPageOf,
    });
    for (let s = sheets[given]; s !== undefined; s = sheets[given]) {
      sink.sheet(s);
      sheets[given++] = undefined;
    }
    onProgress(++done, r.studentIds.length);
  };
  const lane = async () => {
    while (next < r.studentIds.length) await readOne(next++);
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, r.studentIds.length) }, lane));
  return r.studentIds.length;
}
