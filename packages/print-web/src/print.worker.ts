/**
 * The print worker's entry (bundled by Vite as a module worker, see createPrintWorker.ts): serves
 * print jobs on the worker's own message channel, photo pages JPEG-encoded by the browser.
 */
import { platformJpegEncoder } from './nativeJpeg';
import { servePrintJobs } from './printWorkerHost';
import type { PortLike } from './workerProtocol';

servePrintJobs(self as unknown as PortLike, { jpeg: platformJpegEncoder() });
