/**
 * A small in-memory cache of verified access tokens, so a burst of requests with one token reads
 * the provider's store once instead of once per request.
 *
 * Rules:
 * - the key is a SHA-256 hash of the token (the token itself is not kept in memory longer than
 *   the request);
 * - an entry lives at most `ttlMs` (30 s by default) and never past the token's own expiry;
 * - at most `maxEntries` tokens are kept (the oldest go first);
 * - `forgetToken` / `forgetGrant` drop entries at once (revocation, logout: the bearer guard
 *   calls them from the provider's `access_token.destroyed`, `grant.revoked` and
 *   `grant.destroyed` events); a lookup that was under way when something was forgotten is not
 *   stored, so a revoked token cannot come back through a race;
 * - only what the token says is cached (account id, scopes, client, grant): the account row is
 *   read on every request, so status changes and deletions apply at once.
 *
 * A revocation done by another server process sharing the database reaches this process only
 * through the TTL: such a token keeps working here for at most `ttlMs`.
 */
import { createHash } from 'node:crypto';

/** What a verified access token says. */
export interface CachedToken {
  readonly accountId: string;
  readonly scopes: readonly string[];
  readonly clientId: string;
  readonly grantId: string | undefined;
  /** The token's expiry, epoch ms. */
  readonly expiresAtMs: number;
}

/** Tuning of a {@link TokenCache}. */
export interface TokenCacheOptions {
  /** Longest time an entry is trusted, ms (default 30,000). */
  readonly ttlMs?: number;
  /** Most tokens kept (default 10,000). */
  readonly maxEntries?: number;
  /** The time, epoch ms (default `Date.now`). */
  readonly now?: () => number;
}

interface Entry {
  readonly token: CachedToken;
  readonly keepUntilMs: number;
}

/** Default time an entry is trusted. */
export const TOKEN_CACHE_TTL_MS = 30_000;

/** Verified access tokens, keyed by a hash of the token; see the module comment. */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedToken | undefined>>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: TokenCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? TOKEN_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Tokens held now (expired entries included until they are next looked up). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * What `token` says: from the cache while fresh, else from `load` (undefined = not a valid
   * token; not cached). Concurrent lookups of one token share one `load`.
   */
  async resolve(
    token: string,
    load: () => Promise<CachedToken | undefined>,
  ): Promise<CachedToken | undefined> {
    const key = hashToken(token);
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit) {
      if (now < hit.keepUntilMs) return hit.token;
      this.entries.delete(key);
    }
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const lookup = load().then(
      (found) => {
        this.pending.delete(key);
        if (found && generation === this.generation) this.store(key, found);
        return found;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, lookup);
    return lookup;
  }

  /** Drops one token (revoked or destroyed). */
  forgetToken(token: string): void {
    this.generation++;
    const key = hashToken(token);
    this.entries.delete(key);
    this.pending.delete(key);
  }

  /** Drops every token of a grant (grant revoked, logout). */
  forgetGrant(grantId: string): void {
    this.generation++;
    this.pending.clear();
    for (const [key, entry] of this.entries) if (entry.token.grantId === grantId) this.entries.delete(key);
  }

  /** Drops everything. */
  clear(): void {
    this.generation++;
    this.pending.clear();
    this.entries.clear();
  }

  private store(key: string, token: CachedToken): void {
    const keepUntilMs = Math.min(this.now() + this.ttlMs, token.expiresAtMs);
    if (keepUntilMs <= this.now()) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { token, keepUntilMs });
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
