/**
 * `GET /api/web-config`: what the web apps need to know about the server before anyone signs
 * in (whether an upstream "Google" sign-in is set up, and its name).
 */
import { z } from 'zod';

export const webConfigSchema = z.object({
  /** The upstream provider's display name, or null when only the server's own accounts sign in. */
  upstreamName: z.string().nullable(),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
