/**
 * What a member may publish to its room (realtimeRoutes.ts), checked per message at 40 pens ×
 * ~30 messages a second, so the common case is cheap:
 *
 * - A live stroke's dots (`strokeDots`) in the canonical form the clients send (the compact JSON
 *   of `encodeRemoteMessage`: `{"v":1,"type":"strokeDots","mac":…,"key":…,"dots":[[x,y,f,t],…]}`)
 *   are recognised by one anchored pattern that accepts only valid JSON of a valid message
 *   ({@link canonicalStrokeDots}); anything else goes through the full `decodeRemoteMessage`.
 * - A student's pen address is put in canonical form once per distinct text seen on the
 *   connection (it is the same text in every message of a pen), not once per message.
 *
 * The message's text is relayed unchanged: nothing is parsed and serialised again.
 */
import { LiveMessage } from '@dotink/contracts/eduLive';
import { decodeRemoteMessage } from '@dotink/pen';
import { normalizePenAddress } from '../edu/students/penAddress';
import { canPublish, type Membership } from './rooms';

export const CloseReason = {
  binary: 'binary messages are not accepted',
  malformed: 'not a remote pen message (version 1)',
  receiveOnly: 'this room is receive-only for you',
  otherWriter: 'a student may publish only their own strokes',
  otherPen: LiveMessage.otherPen,
  tooMany: (perSecond: number) => `too many messages: over ${perSecond} a second`,
  tooManyBytes: (perSecond: number) => `too many bytes: over ${Math.round(perSecond / 1024)} KiB a second`,
} as const;

/**
 * A finite number as JSON.stringify writes it: under 10^21 in decimals, or one digit, decimals and
 * an exponent (a positive one under 300 here, so the number is finite: larger ones take the full
 * decoder).
 */
const NUM =
  '-?(?:(?:0|[1-9]\\d{0,20})(?:\\.\\d{1,40})?|[1-9](?:\\.\\d{1,20})?e(?:-\\d{1,3}|\\+(?:[1-9]\\d?|[12]\\d\\d)))';
const DOT = `\\[${NUM},${NUM},${NUM},${NUM}\\]`;
/** A JSON string's content without escapes (no quote, backslash or control character). */
const PLAIN = '[^"\\\\\\u0000-\\u001f]';
const STROKE_DOTS = new RegExp(
  `^\\{"v":1,"type":"strokeDots","mac":"(${PLAIN}{1,64})","key":"${PLAIN}{1,256}","dots":\\[(?:${DOT}(?:,${DOT})*)?\\]\\}$`,
);

/**
 * The pen address of a `strokeDots` message in canonical form, undefined for any other text
 * (which may still be a valid message: decode it). Text it accepts is always a valid message.
 */
export function canonicalStrokeDots(text: string): string | undefined {
  if (text.length > 200_000) return undefined; // a pattern over very long text: let JSON.parse judge
  return STROKE_DOTS.exec(text)?.[1];
}

/** Why a message is refused: the close code and reason. */
export interface Refusal {
  readonly code: number;
  readonly reason: string;
}

/** The check of one connection's messages (undefined: publish it). */
export type PublishGuard = (text: string) => Refusal | undefined;

/** The publish check of a member's connection. */
export function publishGuard(membership: Membership, accountId: string): PublishGuard {
  if (!canPublish(membership.role)) return () => ({ code: 1008, reason: CloseReason.receiveOnly });
  const student = membership.role === 'student';
  /** The last pen address text found to be the student's own pen. */
  let ownMac: string | undefined;
  const penOk = (mac: string) => {
    if (mac === ownMac) return true;
    // only the student's registered pen (none registered: nothing), compared in canonical form
    if (!membership.pen || normalizePenAddress(mac) !== membership.pen) return false;
    ownMac = mac;
    return true;
  };
  return (text) => {
    const quickMac = canonicalStrokeDots(text);
    if (quickMac !== undefined) {
      return student && !penOk(quickMac) ? { code: 1008, reason: CloseReason.otherPen } : undefined;
    }
    const m = decodeRemoteMessage(text);
    if (!m) return { code: 1007, reason: CloseReason.malformed };
    if (student) {
      if (!penOk(m.mac)) return { code: 1008, reason: CloseReason.otherPen };
      if ((m.type === 'stroke' || m.type === 'strokeOpen') && m.stroke.writerId !== accountId)
        return { code: 1008, reason: CloseReason.otherWriter };
    }
    return undefined;
  };
}
