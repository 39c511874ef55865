/** `GET /api/web-config` (no token): whether the server has an upstream ("Google") sign-in. */
import { type WebConfig, webConfigSchema } from '@dotink/contracts/webConfig';

export async function fetchWebConfig(serverUrl: string): Promise<WebConfig> {
  const res = await fetch(`${serverUrl}/api/web-config`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`web config answered ${res.status}`);
  return webConfigSchema.parse(await res.json());
}
