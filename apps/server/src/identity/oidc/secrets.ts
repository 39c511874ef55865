/**
 * Server secrets generated once and kept in the database (`server_secrets`): the OIDC signing
 * keys and the cookie keys. Restarting the server must not invalidate tokens and sessions, so
 * they are never regenerated per start. Values from the configuration take precedence.
 */
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Reads a named secret, creating it with `create` if absent (safe when two servers race). */
export async function loadOrCreateSecret<T>(
  db: Kysely<Database>,
  name: string,
  create: () => Promise<T> | T,
): Promise<T> {
  const existing = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value as T;
  const value = await create();
  await db
    .insertInto('server_secrets')
    .values({ name, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return stored.value as T;
}

export interface Jwks {
  readonly keys: readonly Record<string, unknown>[];
}

/** A fresh private signing key set: one RS256 key (the OIDC default ID-token algorithm). */
export async function generateSigningKeys(): Promise<Jwks> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('base64url') }] };
}

/** The secrets the identity server needs. */
export interface IdentitySecrets {
  readonly jwks: Jwks;
  /** Keys signing oidc-provider's cookies (the first signs, all verify). */
  readonly cookieKeys: readonly string[];
  /** Secret signing the server's own cookies (upstream login state). */
  readonly cookieSecret: string;
}

const randomKey = () => randomBytes(32).toString('base64url');

/** Loads the identity secrets, generating and storing whatever the configuration does not give. */
export async function loadIdentitySecrets(
  db: Kysely<Database>,
  configured: { jwks?: Jwks; cookieKeys?: readonly string[] },
): Promise<IdentitySecrets> {
  const jwks = configured.jwks ?? (await loadOrCreateSecret(db, 'oidc.jwks', generateSigningKeys));
  const cookieKeys =
    configured.cookieKeys ?? (await loadOrCreateSecret(db, 'oidc.cookie_keys', () => [randomKey()]));
  const cookieSecret = await loadOrCreateSecret(db, 'server.cookie_secret', randomKey);
  return { jwks, cookieKeys, cookieSecret };
}
