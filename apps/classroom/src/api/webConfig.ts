/**
 * `GET /api/web-config` (no token): whether the server has an upstream ("Google") sign-in.
 *
 * Read before anyone signs in, on the sign-in page: the answer is checked by hand against its
 * contract (`@dotink/contracts/webConfig`: one nullable string) rather than with the contract's
 * zod schema, so the first visit downloads no zod (issue 28 item 7, the first visit's bytes). A
 * property test holds the check to the schema.
 */
import type { WebConfig } from '@dotink/contracts/webConfig';

/** The answer when it has the contract's shape, else undefined. */
export function readWebConfig(json: unknown): WebConfig | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const upstreamName = (json as { upstreamName?: unknown }).upstreamName;
  return typeof upstreamName === 'string' || upstreamName === null ? { upstreamName } : undefined;
}

/** The query-cache key of the server's web config. */
export const webConfigKeys = { config: ['web-config'] as const };

export async function fetchWebConfig(serverUrl: string): Promise<WebConfig> {
  const res = await fetch(`${serverUrl}/api/web-config`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`web config answered ${res.status}`);
  const config = readWebConfig(await res.json());
  if (!config) throw new Error('web config: not the contract’s shape');
  return config;
}
