/**
 * The pen's offline memory (pen-protocol.md §8.6): list notes and pages, download a note, delete
 * notes. Operations run one at a time; a download consumes its messages synchronously (see
 * `offlineDownload.ts`).
 */
import type { BookAddress, Logger } from '@dotink/ncode';
import { DeviceCmd, type DeviceMessage, type HostRequest } from '../protocol';
import { OfflineDownloadRun, type OfflineNoteData, type OfflineProgress } from './offlineDownload';
import { replyOf } from './replies';
import type { Scheduler } from './scheduler';

/** Notes per 0xA1 reply and pages per 0xA2 reply from 2.15: a full reply means "ask again". */
const NOTE_LIST_PAGE = 64;
const PAGE_LIST_PAGE = 128;

/** How to download a note. */
export interface OfflineDownloadOptions {
  /** Only these pages (default: every page). */
  readonly pages?: readonly number[];
  /** The pen deletes what it sent (transfer option 1). Default false (keep, option 2). */
  readonly deleteAfter?: boolean;
  /** zlib-compressed chunks. Default true. */
  readonly compress?: boolean;
  readonly onProgress?: (p: OfflineProgress) => void;
}

/** What offline memory needs from the session. */
export interface OfflineMemoryContext {
  readonly scheduler: Scheduler;
  readonly logger: Logger;
  send(req: HostRequest): Promise<void>;
  request<T>(req: HostRequest, what: string, match: (m: DeviceMessage) => T | undefined): Promise<T>;
  readonly chunkTimeoutMs: number;
}

/** Offline memory operations of one session. */
export class OfflineMemory {
  private chain: Promise<unknown> = Promise.resolve();
  private active: OfflineDownloadRun | undefined;

  constructor(private readonly ctx: OfflineMemoryContext) {}

  /** Gives a message to the download in progress; true if it took it. */
  handle(m: DeviceMessage): boolean {
    return this.active?.handle(m) ?? false;
  }

  /** Fails the download in progress (the link dropped). */
  fail(error: Error): void {
    this.active?.fail(error);
    this.active = undefined;
  }

  listNotes(from: 'all' | { section: number; owner: number }): Promise<BookAddress[]> {
    return this.serial(async () => {
      const seen = new Map<string, BookAddress>();
      for (;;) {
        const r = await this.ctx.request(
          { kind: 'offlineNoteListRequest', from },
          'offline note list',
          replyOf('offlineNoteList', DeviceCmd.offlineNoteList),
        );
        const before = seen.size;
        for (const n of r.notes) seen.set(`${n.section}.${n.owner}.${n.book}`, n);
        if (r.notes.length < NOTE_LIST_PAGE || seen.size === before) return [...seen.values()];
      }
    });
  }

  listPages(note: BookAddress): Promise<number[]> {
    return this.serial(async () => {
      const seen = new Set<number>();
      for (;;) {
        const r = await this.ctx.request(
          { kind: 'offlinePageListRequest', section: note.section, owner: note.owner, book: note.book },
          'offline page list',
          replyOf('offlinePageList', DeviceCmd.offlinePageList),
        );
        const before = seen.size;
        for (const p of r.pages) seen.add(p);
        if (r.pages.length < PAGE_LIST_PAGE || seen.size === before) return [...seen];
      }
    });
  }

  download(note: BookAddress, options: OfflineDownloadOptions): Promise<OfflineNoteData> {
    return this.serial(async () => {
      const run = new OfflineDownloadRun(
        this.ctx,
        { section: note.section, owner: note.owner, book: note.book },
        options.onProgress,
        this.ctx.chunkTimeoutMs,
      );
      this.active = run;
      try {
        this.ctx
          .send({
            kind: 'offlineDataRequest',
            transfer: options.deleteAfter ? 1 : 2,
            compress: options.compress ?? true,
            section: note.section,
            owner: note.owner,
            book: note.book,
            pages: options.pages ?? [],
          })
          .catch((e: unknown) => run.fail(e instanceof Error ? e : new Error(String(e))));
        return await run.done;
      } finally {
        if (this.active === run) this.active = undefined;
      }
    });
  }

  deleteNotes(section: number, owner: number, books: readonly number[]): Promise<number[]> {
    return this.serial(async () => {
      const r = await this.ctx.request(
        { kind: 'offlineDeleteNotes', section, owner, books },
        'offline delete',
        replyOf('offlineDeleteResult', DeviceCmd.offlineDeleteResult),
      );
      return [...r.books];
    });
  }

  /** Runs operations one at a time. */
  private serial<T>(op: () => Promise<T>): Promise<T> {
    const run = this.chain.then(op, op);
    this.chain = run.catch(() => undefined);
    return run;
  }
}
