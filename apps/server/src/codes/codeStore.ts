/**
 * The stored code pointer (`code_pointer`, migration 0021) and issuing from it with the pure rule
 * of `@dotink/ncode` (`issueCodes`: consecutive pages, a block kept inside one book, a used-up
 * book continues on the next one, never a page twice; running out of books throws).
 *
 * Atomic: a transaction locks the single pointer row (`SELECT … FOR UPDATE`), computes the block,
 * and moves the pointer with a compare-and-set `UPDATE … WHERE <old pointer> RETURNING`. On
 * PostgreSQL the row lock queues concurrent requests; on PGlite the transaction holds the one
 * session alone. The compare-and-set is a second guard: should the pointer have moved anyway, the
 * block is computed again from the new one (never handed out twice). Requests arriving together
 * are issued in one transaction ({@link CodeIssuer}, group commit).
 */
import {
  type CodeIssue,
  issueCodes,
  issueInstalledCodes,
  type PageAddress,
  pageAddress,
  pageId,
} from '@dotink/ncode';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Who asked, and for what paper (logged with the block). */
export interface CodeRequest {
  readonly qty: number;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly accountId: string | null;
  readonly clientId: string;
  /** When the block is issued (the server's clock); default the database's `now()`. */
  readonly issuedAt?: Date;
  /** The account's daily quota: at most `pages` issued to `accountId` since `since`. */
  readonly dailyLimit?: { readonly pages: number; readonly since: Date };
}

/** The code space has no room for the block (the pure rule's error). */
export class CodeSpaceExhausted extends Error {
  override readonly name = 'CodeSpaceExhausted';
}

/** The account has used its daily quota of code pages. */
export class DailyLimitReached extends Error {
  override readonly name = 'DailyLimitReached';
  constructor(
    readonly used: number,
    readonly limit: number,
    readonly asked: number,
  ) {
    super(
      `Daily print limit reached: ${used} of ${limit} code pages used today; ${asked} more asked (the limit resets at 00:00 UTC)`,
    );
  }
}

const MAX_ATTEMPTS = 20;

/** The next page the pointer will issue from. */
export async function readCodePointer(db: Kysely<Database>): Promise<PageAddress> {
  const row = await db
    .selectFrom('code_pointer')
    .select(['section', 'owner', 'book', 'page'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return pageAddress(row.section, row.owner, row.book, row.page);
}

/** The outcome of one request in a batch. */
export type IssueOutcome =
  | { readonly ok: true; readonly pages: readonly PageAddress[] }
  | { readonly ok: false; readonly error: CodeSpaceExhausted | DailyLimitReached };

function issueFrom(
  from: PageAddress,
  qty: number,
  installed: readonly PageAddress[] | undefined,
): CodeIssue | CodeSpaceExhausted {
  try {
    return installed ? issueInstalledCodes(from, qty, installed) : issueCodes(from, qty);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Code space exhausted')) {
      return new CodeSpaceExhausted(error.message);
    }
    throw error;
  }
}

/**
 * Issues every request of a batch, in order, in one transaction: one pointer read and one
 * pointer write however many requests there are. A request the code space has no room for fails
 * alone (the pointer stays where it was for the next one). With `installed` (the code pages whose
 * data is installed, `installedCodePages.ts`) only those are issued.
 */
export async function issueCodeBatch(
  db: Kysely<Database>,
  requests: readonly CodeRequest[],
  installed?: readonly PageAddress[],
): Promise<readonly IssueOutcome[]> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const outcomes = await db.transaction().execute(async (tx) => {
      const current = await sql<{ section: number; owner: number; book: number; page: number }>`
        select section, owner, book, page from code_pointer where id = 1 for update`.execute(tx);
      const row = current.rows[0];
      if (!row) throw new Error('code_pointer has no row (migration 0021 not applied?)');
      const from = pageAddress(row.section, row.owner, row.book, row.page);
      let at = from;
      const results: IssueOutcome[] = [];
      const log: { request: CodeRequest; first: string; last: string }[] = [];
      // pages issued in this batch per account (not yet in code_issues)
      const batchUsed = new Map<string, number>();
      for (const request of requests) {
        const { accountId, dailyLimit } = request;
        if (dailyLimit && accountId !== null) {
          const stored = await sql<{ used: number }>`
            select coalesce(sum(qty), 0)::int as used from code_issues
            where account_id = ${accountId} and issued_at >= ${dailyLimit.since}`.execute(tx);
          const used = (stored.rows[0]?.used ?? 0) + (batchUsed.get(accountId) ?? 0);
          if (used + request.qty > dailyLimit.pages) {
            results.push({ ok: false, error: new DailyLimitReached(used, dailyLimit.pages, request.qty) });
            continue;
          }
        }
        const issue = issueFrom(at, request.qty, installed);
        if (issue instanceof CodeSpaceExhausted) {
          results.push({ ok: false, error: issue });
          continue;
        }
        at = issue.next;
        if (accountId !== null) batchUsed.set(accountId, (batchUsed.get(accountId) ?? 0) + request.qty);
        results.push({ ok: true, pages: issue.pages });
        log.push({
          request,
          first: pageId(issue.pages[0]!),
          last: pageId(issue.pages[issue.pages.length - 1]!),
        });
      }
      if (log.length === 0) return results;
      const moved = await sql<{ id: number }>`
        update code_pointer
        set section = ${at.section}, owner = ${at.owner}, book = ${at.book}, page = ${at.page},
            updated_at = now()
        where id = 1 and section = ${from.section} and owner = ${from.owner} and book = ${from.book}
          and page = ${from.page}
        returning id`.execute(tx);
      if (moved.rows.length !== 1) return undefined;
      await tx
        .insertInto('code_issues')
        .values(
          log.map(({ request, first, last }) => ({
            account_id: request.accountId,
            client_id: request.clientId,
            qty: request.qty,
            width_mm: request.widthMm,
            height_mm: request.heightMm,
            first_page: first,
            last_page: last,
            ...(request.issuedAt ? { issued_at: request.issuedAt } : {}),
          })),
        )
        .execute();
      return results;
    });
    if (outcomes) return outcomes;
  }
  throw new Error('the code pointer kept moving: gave up');
}

/**
 * Issues requests as they come, batching those that arrive while a batch is being stored (group
 * commit): under load, one transaction serves many requests instead of each waiting for the
 * pointer lock in turn.
 */
export class CodeIssuer {
  private queue: {
    request: CodeRequest;
    resolve: (o: IssueOutcome) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    /** Only these pages are issued (see {@link issueCodeBatch}); all pages when absent. */
    private readonly installed?: readonly PageAddress[],
    /** Most requests in one transaction. */
    private readonly maxBatch = 200,
  ) {}

  /** The pages for one request. Throws {@link CodeSpaceExhausted}. */
  async issue(request: CodeRequest): Promise<readonly PageAddress[]> {
    const outcome = await new Promise<IssueOutcome>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (!this.running) void this.drain();
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.pages;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const outcomes = await issueCodeBatch(
            this.db,
            batch.map((b) => b.request),
            this.installed,
          );
          for (const [i, b] of batch.entries()) b.resolve(outcomes[i]!);
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

/** Issues `request.qty` pages and moves the pointer past them. Throws {@link CodeSpaceExhausted}. */
export async function issueCodePages(
  db: Kysely<Database>,
  request: CodeRequest,
): Promise<readonly PageAddress[]> {
  const [outcome] = await issueCodeBatch(db, [request]);
  if (!outcome!.ok) throw outcome!.error;
  return outcome!.pages;
}
