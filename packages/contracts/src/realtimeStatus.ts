/**
 * The server's own message on a realtime room's socket (issue 26 item 7), beside the remote-pen
 * messages of `@dotink/pen` (which always name a pen: `mac`; this one never does, and a member
 * cannot publish it: the server refuses any message that is not a pen's).
 *
 * `{"v":1,"type":"relay","state":"reconnecting"}` — the server process holding the socket lost its
 * link to the other processes (the realtime bus's PostgreSQL connection) and reconnects: pens
 * written through other processes do not arrive meanwhile (this process's own still do).
 * `{"v":1,"type":"relay","state":"ok"}` — the link is back. A lesson's teachers get it when the
 * state changes and, while reconnecting, at once when they join. Under `dotink.remote.v2` it is a
 * frame of its own.
 */
import { z } from 'zod';

/** The link of this socket's server process to the other processes. */
export const relayStateSchema = z.enum(['ok', 'reconnecting']);
export type RelayState = z.infer<typeof relayStateSchema>;

export const relayStatusSchema = z.object({
  v: z.literal(1),
  type: z.literal('relay'),
  state: relayStateSchema,
});
export type RelayStatus = z.infer<typeof relayStatusSchema>;

/** How every relay status message begins (a pen message never does): the clients' cheap test. */
const PREFIX = '{"v":1,"type":"relay"';

/** The text of a relay status message. */
export function relayStatusText(state: RelayState): string {
  return JSON.stringify({ v: 1, type: 'relay', state } satisfies RelayStatus);
}

/** The state a socket message announces; undefined for any other message (a pen's). */
export function parseRelayStatus(text: string): RelayState | undefined {
  if (!text.startsWith(PREFIX)) return undefined;
  try {
    const parsed = relayStatusSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.state : undefined;
  } catch {
    return undefined;
  }
}
