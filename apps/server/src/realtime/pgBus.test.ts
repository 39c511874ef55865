import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BusMessage } from './bus';
import { CHUNK_CHARS, ChunkAssembler, chunkText, encodeChunks } from './pgBus';

const messageArb = fc.record({
  room: fc.string({ maxLength: 40 }),
  senderId: fc.uuid(),
  senderRole: fc.constantFrom('teacher', 'student', 'owner', 'viewer') as fc.Arbitrary<
    BusMessage['senderRole']
  >,
  text: fc.oneof(fc.string({ maxLength: 9000 }), fc.string({ unit: 'grapheme', maxLength: 4000 })),
});

describe('NOTIFY chunks', () => {
  it('split any text into pieces of at most 7,500 UTF-8 bytes that join back (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12_000 }), (text) => {
        const pieces = chunkText(text);
        expect(pieces.join('')).toBe(text);
        for (const p of pieces) {
          expect(p.length).toBeLessThanOrEqual(CHUNK_CHARS);
          expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(7500);
          expect(Buffer.from(p, 'utf8').toString('utf8')).toBe(p);
        }
      }),
    );
  });

  it('reassemble messages from chunks arriving interleaved and out of order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(messageArb, { minLength: 1, maxLength: 4 }),
        fc.infiniteStream(fc.nat()),
        (messages, picks) => {
          const queues = messages.map((m, i) => encodeChunks(i % 2 === 0 ? 'aa' : 'bb', i, m).reverse());
          const assembler = new ChunkAssembler(() => 0);
          const out: BusMessage[] = [];
          const it = picks[Symbol.iterator]();
          while (queues.some((q) => q.length > 0)) {
            const open = queues.filter((q) => q.length > 0);
            const q = open[it.next().value % open.length]!;
            const whole = assembler.add(q.pop()!);
            if (whole) out.push(whole.message);
          }
          expect(new Set(out.map((m) => JSON.stringify(m)))).toEqual(
            new Set(messages.map((m) => JSON.stringify(m))),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('ignores malformed payloads and repeated chunks', () => {
    const a = new ChunkAssembler(() => 0);
    expect(a.add('garbage')).toBeUndefined();
    expect(a.add('o:1:3:2:x')).toBeUndefined();
    const [c] = encodeChunks('o', 2, { room: 'r', senderId: 's', senderRole: 'teacher', text: 'hi' });
    expect(a.add(c!)?.message.text).toBe('hi');
    expect(a.add(c!)?.message.text).toBe('hi');
  });
});
