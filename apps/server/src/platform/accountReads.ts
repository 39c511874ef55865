/**
 * Account rows read for the bearer guard, coalesced (`coalescedReads.ts`): requests arriving
 * while a read is under way are served together by the next read (one `SELECT … WHERE id IN
 * (…)`), so a burst of 100 authenticated requests costs two queries, not 100.
 *
 * Freshness is that of one read per request: a read starts only after every request it serves
 * has arrived, so a change committed before a request arrives (status, deletion) is always seen
 * by it — nothing is cached between reads.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type Account, toAccount } from '../identity/accounts';
import { CoalescedReads } from './coalescedReads';

/** Coalesced reads of account rows by id; see the module comment. */
export class AccountReads extends CoalescedReads<Account | undefined> {
  constructor(db: Kysely<Database>) {
    super(async (ids) => {
      const rows = await db.selectFrom('accounts').selectAll().where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, toAccount(r)]));
    }, undefined);
  }
}
