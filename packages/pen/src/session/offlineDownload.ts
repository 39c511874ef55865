/**
 * One offline download (pen-protocol.md §8.6): after the 0x23 request the pen answers 0xA3 (what
 * it will send), then sends 0x24 chunks, each waiting for our 0xA4 acknowledgement.
 *
 * The run consumes messages synchronously, because a chunk may arrive in the same notification
 * as the 0xA3 before it. A chunk that cannot be read, or whose dot checksums fail, is refused
 * (err = 1, the pen resends it) up to 3 times; after that an unreadable chunk fails the download
 * and a chunk with bad checksums is kept (its dots are counted in `badChecksums`). The final
 * chunk (position 2) is acknowledged with continue = 0, as AND and IOS3 do. A failed download
 * rejects with an {@link OfflineDownloadError} that keeps the strokes received before the failure.
 */
import type { BookAddress, Logger } from '@dotink/ncode';
import { DeviceCmd, type DeviceMessage, type HostRequest, type OfflineStroke } from '../protocol';
import { PenRequestError } from './pendingReplies';
import type { CancelTimer, Scheduler } from './scheduler';

/** Chunks may be refused this many times each before giving up. */
export const OFFLINE_CHUNK_RETRIES = 3;

/** Default wait for the next offline message (AND aborts after 20 s). */
export const OFFLINE_CHUNK_TIMEOUT_MS = 20_000;

/** Strokes downloaded from one note. */
export interface OfflineNoteData {
  readonly note: BookAddress;
  /** In the order the pen sent them; each carries its page. */
  readonly strokes: readonly OfflineStroke[];
  /** Dots kept although their checksum did not match. */
  readonly badChecksums: number;
  /** Chunks received (refused ones not counted). */
  readonly chunks: number;
}

/**
 * A download that failed part-way: the pen refused it, a chunk stayed unreadable (e.g. it
 * inflated past its declared size), the pen went silent or disconnected. `received` holds
 * the chunks accepted before the failure, so their strokes are not lost.
 */
export class OfflineDownloadError extends PenRequestError {
  constructor(
    message: string,
    code: PenRequestError['code'],
    readonly received: OfflineNoteData,
    penErr?: number,
  ) {
    super(message, code, penErr);
    this.name = 'OfflineDownloadError';
  }
}

/** Download progress: uncompressed bytes received over the total the pen announced. */
export interface OfflineProgress {
  readonly receivedBytes: number;
  readonly totalBytes: number;
  readonly strokeCount: number;
}

export interface OfflineDownloadContext {
  readonly scheduler: Scheduler;
  readonly logger: Logger;
  readonly send: (req: HostRequest) => Promise<void>;
}

/** A download in progress; feed it every device message with {@link handle}. */
export class OfflineDownloadRun {
  readonly done: Promise<OfflineNoteData>;
  private resolve!: (d: OfflineNoteData) => void;
  private reject!: (e: Error) => void;
  private finished = false;
  private infoSeen = false;
  private totalBytes = 0;
  private strokeCount = 0;
  private receivedBytes = 0;
  private chunks = 0;
  private badChecksums = 0;
  private readonly strokes: OfflineStroke[] = [];
  private readonly refusals = new Map<number, number>();
  private cancelTimer: CancelTimer | undefined;

  constructor(
    private readonly ctx: OfflineDownloadContext,
    private readonly note: BookAddress,
    private readonly onProgress: ((p: OfflineProgress) => void) | undefined,
    private readonly timeoutMs = OFFLINE_CHUNK_TIMEOUT_MS,
  ) {
    this.done = new Promise<OfflineNoteData>((res, rej) => {
      this.resolve = res;
      this.reject = rej;
    });
    this.arm();
  }

  /** True when the message belonged to this download (and was consumed). */
  handle(m: DeviceMessage): boolean {
    if (this.finished) return false;
    switch (m.kind) {
      case 'offlineDataInfo':
        this.infoSeen = true;
        this.totalBytes = m.totalSize;
        this.strokeCount = m.strokeCount;
        if (m.strokeCount === 0) this.finish();
        else this.arm();
        return true;
      case 'offlineChunk':
        this.chunk(m);
        return true;
      case 'errorResponse':
      case 'malformed':
        if (m.cmd === DeviceCmd.offlineDataInfo || m.cmd === DeviceCmd.offlineChunk) {
          const why = m.kind === 'malformed' ? m.reason : `error ${m.err}`;
          this.fail(new PenRequestError(`offline download refused by the pen (${why})`, 'penError'));
          return true;
        }
        return false;
      default:
        return false;
    }
  }

  /**
   * Fails the download (e.g. the pen disconnected). The rejection is an
   * {@link OfflineDownloadError} carrying what was received so far.
   */
  fail(error: Error): void {
    if (this.finished) return;
    this.finished = true;
    this.cancelTimer?.();
    const code = error instanceof PenRequestError ? error.code : 'disconnected';
    const penErr = error instanceof PenRequestError ? error.penErr : undefined;
    const failed = new OfflineDownloadError(error.message, code, this.received(), penErr);
    this.reject(failed);
  }

  private received(): OfflineNoteData {
    return {
      note: this.note,
      strokes: this.strokes,
      badChecksums: this.badChecksums,
      chunks: this.chunks,
    };
  }

  private chunk(c: Extract<DeviceMessage, { kind: 'offlineChunk' }>): void {
    if (!this.infoSeen) this.ctx.logger.warn('offline chunk before the data info');
    const bad = c.problem !== undefined || c.badChecksums > 0;
    if (bad) {
      const n = (this.refusals.get(c.packetId) ?? 0) + 1;
      this.refusals.set(c.packetId, n);
      if (n <= OFFLINE_CHUNK_RETRIES) {
        this.ctx.logger.warn(
          `offline chunk ${c.packetId} refused (${c.problem ?? `${c.badChecksums} bad dots`})`,
        );
        this.ack(c.packetId, false, true);
        this.arm();
        return;
      }
      if (c.problem !== undefined) {
        this.ack(c.packetId, false, false);
        this.fail(new PenRequestError(`offline chunk ${c.packetId} unreadable: ${c.problem}`, 'penError'));
        return;
      }
      this.ctx.logger.warn(`offline chunk ${c.packetId} kept with ${c.badChecksums} bad dot checksums`);
      this.badChecksums += c.badChecksums;
    }
    this.chunks++;
    for (const s of c.strokes) this.strokes.push(s);
    this.receivedBytes += c.sizeBefore;
    const last = c.position === 2;
    this.ack(c.packetId, true, !last);
    this.onProgress?.({
      receivedBytes: this.receivedBytes,
      totalBytes: this.totalBytes,
      strokeCount: this.strokeCount,
    });
    if (last) this.finish();
    else this.arm();
  }

  private ack(packetId: number, ok: boolean, more: boolean): void {
    this.ctx
      .send({ kind: 'offlineChunkAck', packetId, ok, continue: more })
      .catch((e: unknown) => this.fail(e instanceof Error ? e : new Error(String(e))));
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.cancelTimer?.();
    this.resolve(this.received());
  }

  private arm(): void {
    this.cancelTimer?.();
    this.cancelTimer = this.ctx.scheduler.setTimer(this.timeoutMs, () =>
      this.fail(
        new PenRequestError(`offline download: nothing from the pen for ${this.timeoutMs} ms`, 'timeout'),
      ),
    );
  }
}
