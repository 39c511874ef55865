import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePresence, presencePayloads, RemoteListeners, UnsentMessages } from './busPresence';

const channel = (i: number) => `dotink_realtime_s${i.toString(16).padStart(32, '0')}`;
const message = (n: number) => ({
  n,
  message: { room: 'r', senderId: 's', senderRole: 'student' as const, text: `${n}` },
});

describe('bus presence', () => {
  it('reads back every channel of a list it split into payloads under the NOTIFY limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.constantFrom('hello', 'here', 'join', 'leave') as fc.Arbitrary<'hello'>,
        (count, op) => {
          const list = Array.from({ length: count }, (_, i) => channel(i));
          const payloads = presencePayloads('abc123', op, list);
          const read = payloads.map((p) => parsePresence(p, 'dotink_realtime_')!);
          for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
          expect(read.flatMap((r) => r.channels)).toEqual(list);
          expect(read.every((r) => r.origin === 'abc123')).toBe(true);
          // only the first payload of a hello asks for answers
          expect(read.map((r) => r.op)).toEqual(read.map((_, i) => (op === 'hello' && i > 0 ? 'here' : op)));
        },
      ),
    );
  });

  it('answers nothing for text that is not a presence payload', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = parsePresence(text, 'dotink_realtime_');
        if (read) expect(text.startsWith(`${read.origin}:${read.op}:`)).toBe(true);
      }),
    );
    expect(parsePresence('abc:shout:x', 'dotink_realtime_')).toBeUndefined();
  });

  it('knows who listens: joins, leaves, a close, and processes not heard of for long', () => {
    const remote = new RemoteListeners();
    expect([...remote.add('a', [channel(1), channel(2)], 0)]).toEqual([channel(1), channel(2)]);
    expect([...remote.add('b', [channel(2)], 10)]).toEqual([]);
    expect(remote.origins([channel(1), channel(2)])).toEqual(new Set(['a', 'b']));
    remote.remove('a', [channel(1)]);
    expect(remote.has(channel(1))).toBe(false);
    remote.expire(5);
    expect(remote.origins([channel(2)])).toEqual(new Set(['b']));
    remote.remove('b');
    expect(remote.has(channel(2))).toBe(false);
  });

  it('keeps unsent messages for a while and gives back those of the channels asked for, oldest first', () => {
    const unsent = new UnsentMessages(500, 3);
    unsent.keep(message(0), channel(1), 0);
    unsent.keep(message(1), channel(1), 600);
    unsent.keep(message(2), channel(2), 700);
    unsent.keep(message(3), channel(1), 800);
    // message 0 is too old
    expect(unsent.take(new Set([channel(1)]), 900).map((p) => p.n)).toEqual([1, 3]);
    expect(unsent.take(new Set([channel(1)]), 900)).toEqual([]);
    expect(unsent.take(new Set([channel(2)]), 900).map((p) => p.n)).toEqual([2]);
    // at most 3 kept
    for (let n = 10; n < 15; n++) unsent.keep(message(n), channel(3), 1000);
    expect(unsent.take(new Set([channel(3)]), 1000).map((p) => p.n)).toEqual([12, 13, 14]);
  });
});
