/**
 * Account rows read for the bearer guard, coalesced: requests arriving while a read is under way
 * are served together by the next read (one `SELECT … WHERE id IN (…)`), so a burst of 100
 * authenticated requests costs two queries, not 100.
 *
 * Freshness is that of one read per request: a read starts only after every request it serves
 * has arrived, so a change committed before a request arrives (status, deletion) is always seen
 * by it — nothing is cached between reads.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type Account, toAccount } from '../identity/accounts';

interface Waiter {
  readonly resolve: (account: Account | undefined) => void;
  readonly reject: (error: unknown) => void;
}

/** Most ids in one read. */
const MAX_BATCH = 500;

/** Coalesced reads of account rows by id; see the module comment. */
export class AccountReads {
  private waiting = new Map<string, Waiter[]>();
  private running = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** The account `id` as stored now, or undefined when there is none. */
  read(id: string): Promise<Account | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(id);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.size > 0) {
        const batch = new Map<string, Waiter[]>();
        for (const [id, list] of this.waiting) {
          if (batch.size >= MAX_BATCH) break;
          batch.set(id, list);
        }
        for (const id of batch.keys()) this.waiting.delete(id);
        try {
          const rows = await this.db
            .selectFrom('accounts')
            .selectAll()
            .where('id', 'in', [...batch.keys()])
            .execute();
          const found = new Map(rows.map((r) => [r.id, toAccount(r)]));
          for (const [id, list] of batch) for (const w of list) w.resolve(found.get(id));
        } catch (error) {
          for (const list of batch.values()) for (const w of list) w.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
