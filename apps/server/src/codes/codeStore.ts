/**
 * The stored code pointer (`code_pointer`, migration 0021) and issuing from it with the pure rule
 * of `@dotink/ncode` (`issueCodes`: consecutive pages, a block kept inside one book, a used-up
 * book continues on the next one, never a page twice; running out of books throws).
 *
 * Atomic: a transaction locks the single pointer row (`SELECT … FOR UPDATE`), computes the block,
 * and moves the pointer with a compare-and-set `UPDATE … WHERE <old pointer> RETURNING`. On
 * PostgreSQL the row lock queues concurrent requests; on PGlite the transaction holds the one
 * session alone. The compare-and-set is a second guard: should the pointer have moved anyway, the
 * block is computed again from the new one (never handed out twice).
 */
import { type CodeIssue, issueCodes, type PageAddress, pageAddress, pageId } from '@dotink/ncode';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Who asked, and for what paper (logged with the block). */
export interface CodeRequest {
  readonly qty: number;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly accountId: string | null;
  readonly clientId: string;
}

/** The code space has no room for the block (the pure rule's error). */
export class CodeSpaceExhausted extends Error {
  override readonly name = 'CodeSpaceExhausted';
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

/** Issues `request.qty` pages and moves the pointer past them. Throws {@link CodeSpaceExhausted}. */
export async function issueCodePages(
  db: Kysely<Database>,
  request: CodeRequest,
): Promise<readonly PageAddress[]> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const pages = await db.transaction().execute(async (tx) => {
      const current = await sql<{ section: number; owner: number; book: number; page: number }>`
        select section, owner, book, page from code_pointer where id = 1 for update`.execute(tx);
      const row = current.rows[0];
      if (!row) throw new Error('code_pointer has no row (migration 0021 not applied?)');
      const from = pageAddress(row.section, row.owner, row.book, row.page);
      let issue: CodeIssue;
      try {
        issue = issueCodes(from, request.qty);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('Code space exhausted')) {
          throw new CodeSpaceExhausted(error.message);
        }
        throw error;
      }
      const moved = await sql<{ id: number }>`
        update code_pointer
        set section = ${issue.next.section}, owner = ${issue.next.owner}, book = ${issue.next.book},
            page = ${issue.next.page}, updated_at = now()
        where id = 1 and section = ${from.section} and owner = ${from.owner} and book = ${from.book}
          and page = ${from.page}
        returning id`.execute(tx);
      if (moved.rows.length !== 1) return undefined;
      const first = issue.pages[0]!;
      const last = issue.pages[issue.pages.length - 1]!;
      await tx
        .insertInto('code_issues')
        .values({
          account_id: request.accountId,
          client_id: request.clientId,
          qty: request.qty,
          width_mm: request.widthMm,
          height_mm: request.heightMm,
          first_page: pageId(first),
          last_page: pageId(last),
        })
        .execute();
      return issue.pages;
    });
    if (pages) return pages;
  }
  throw new Error('the code pointer kept moving: gave up');
}
