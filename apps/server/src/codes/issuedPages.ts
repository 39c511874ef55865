/**
 * Which Ncode pages were issued to a school: the code-issuing log (`code_issues`, one row per
 * block: first and last page, the account it was issued to). A user material (POD) may only be
 * registered on pages issued to a teacher of the caller's school — never on pages nobody reserved
 * or another school's.
 */
import { parsePageId } from '@dotink/ncode';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A run of pages of one book. */
export interface PageRun {
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The pages of book `a` that one issued block covers, as [from, to] (to: Infinity when the block
 * goes on into the next book), or undefined. A block fills books in order (`issueCodes`).
 */
export function blockPagesInBook(
  first: string,
  last: string,
  a: { section: number; owner: number; book: number },
): [number, number] | undefined {
  const f = parsePageId(first);
  const l = parsePageId(last);
  if (!f || !l || f.section !== a.section || f.owner !== a.owner) return undefined;
  if (a.book < f.book || a.book > l.book) return undefined;
  const from = a.book === f.book ? f.page : 1;
  const to = a.book === l.book ? l.page : Number.POSITIVE_INFINITY;
  return [from, to];
}

/** True when every page of `run` was issued to accounts of the school `schoolId`. */
export async function pagesIssuedToSchool(
  db: Kysely<Database>,
  schoolId: number,
  run: PageRun,
): Promise<boolean> {
  const blocks = await db
    .selectFrom('code_issues')
    .innerJoin('accounts', 'accounts.id', 'code_issues.account_id')
    .select(['code_issues.first_page', 'code_issues.last_page'])
    .where('accounts.school_id', '=', schoolId)
    .where('code_issues.first_page', 'like', `${run.section}.${run.owner}.%`)
    .execute();
  const spans = blocks
    .map((b) => blockPagesInBook(b.first_page, b.last_page, run))
    .filter((s): s is [number, number] => s !== undefined)
    .sort((x, y) => x[0] - y[0]);
  let next = run.start;
  for (const [from, to] of spans) {
    if (from > next) break;
    if (to >= next) next = to + 1;
    if (next > run.end) return true;
  }
  return next > run.end;
}
