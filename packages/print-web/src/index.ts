/**
 * `@dotink/print-web`: the browser runtime of printing with the Ncode pattern, shared by the
 * board and the classroom — `@dotink/print`'s job in a module worker (protocol, worker host,
 * main-thread client), code page fetching, pdf.js page rasters, the platform JPEG encoder and
 * the hand-off of the finished PDF to the browser's own print.
 */
export {
  CODE_PAGE_TRIES,
  type CodePageLoader,
  type CodePageLoaderOptions,
  codePageLoader,
  codePageUrl,
} from './codePages';
export {
  createPrintWorker,
  keptPrintWorkers,
  PRINT_WORKER_IDLE_MS,
  type PrintWorkerHandle,
} from './createPrintWorker';
export { platformJpegEncoder } from './nativeJpeg';
export {
  blankRaster,
  browserCanvasFactory,
  type CanvasFactory,
  type CanvasPoolOptions,
  MAX_PRINT_RASTER_PIXELS,
  type PrintablePdfPage,
  pooledCanvasFactory,
  type RasterContext,
  rasterSize,
  renderPdfPageRaster,
} from './pageRaster';
export {
  type BrowserFacts,
  downloadBlob,
  type HandOffResult,
  type PdfPrintMethod,
  PRINT_DIALOG_WAIT_MS,
  pdfPrintMethod,
  printOrDownloadPdf,
  printPdfBlob,
} from './pdfPrint';
export { PrintJobError, runPrintInWorker, type WorkerJobHandlers } from './printWorkerClient';
export { type PrintWorkerDeps, servePrintJobs } from './printWorkerHost';
export type { FromWorker, PortLike, ToWorker, WireRaster, WorkerJob, WorkerResult } from './workerProtocol';
