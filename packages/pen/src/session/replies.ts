/**
 * Matchers for the pen's replies: a response of the expected kind resolves the request; an error
 * response to the same command fails it with the pen's error byte (never swallowed, §2.4).
 */
import type { DeviceMessage } from '../protocol';
import { PenRequestError } from './pendingReplies';

type Kind = DeviceMessage['kind'];

/** Matches the response `kind` (command `cmd`), or fails on an error response to `cmd`. */
export function replyOf<K extends Kind>(
  kind: K,
  cmd: number,
  accept: (m: Extract<DeviceMessage, { kind: K }>) => boolean = () => true,
): (m: DeviceMessage) => Extract<DeviceMessage, { kind: K }> | undefined {
  return (m) => {
    if (m.kind === kind) {
      const typed = m as Extract<DeviceMessage, { kind: K }>;
      return accept(typed) ? typed : undefined;
    }
    if (m.kind === 'errorResponse' && m.cmd === cmd) {
      throw new PenRequestError(`pen answered 0x${cmd.toString(16)} with error ${m.err}`, 'penError', m.err);
    }
    if (m.kind === 'malformed' && m.cmd === cmd) {
      throw new PenRequestError(`malformed reply 0x${cmd.toString(16)}: ${m.reason}`, 'penError');
    }
    return undefined;
  };
}
