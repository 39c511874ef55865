/**
 * oidc-provider's storage adapter over Kysely: every model (Session, Grant, AuthorizationCode,
 * AccessToken, RefreshToken, Interaction, ...) is a row of `oidc_payloads` keyed by model + id.
 * Expiry and consumption follow the server's injected clock: a token whose `expires_at` the clock
 * has passed is not found, whatever the wall clock says.
 */
import type { Clock } from '@dotink/ncode';
import type { Kysely } from 'kysely';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/schema';

class KyselyOidcAdapter implements Adapter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly model: string,
    private readonly clock: Clock,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? new Date(this.clock.nowMs() + expiresIn * 1000) : null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ model: this.model, id, ...row, consumed_at: null })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  private async findWhere(
    column: 'id' | 'user_code' | 'uid',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at', 'expires_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at && row.expires_at.getTime() <= this.clock.nowMs()) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
  }

  find(id: string) {
    return this.findWhere('id', id);
  }

  findByUserCode(userCode: string) {
    return this.findWhere('user_code', userCode);
  }

  findByUid(uid: string) {
    return this.findWhere('uid', uid);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: new Date(this.clock.nowMs()) })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }
}

/** The adapter factory to pass as oidc-provider's `adapter` option. */
export function kyselyAdapterFactory(db: Kysely<Database>, clock: Clock): AdapterFactory {
  return (model: string) => new KyselyOidcAdapter(db, model, clock);
}

/** Deletes provider state expired at `now` (the server clock's time); answers how many rows went. */
export async function deleteExpiredOidcPayloads(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
