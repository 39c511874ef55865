import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BusMessage } from './bus';
import { CHUNK_BYTES, ChunkAssembler, chunkText, decodeBatch, encodeBatch, encodeChunks } from './pgBus';

const messageArb = fc.record({
  room: fc.string({ maxLength: 40 }),
  senderId: fc.uuid(),
  senderRole: fc.constantFrom('teacher', 'student', 'owner', 'viewer') as fc.Arbitrary<
    BusMessage['senderRole']
  >,
  text: fc.oneof(fc.string({ maxLength: 9000 }), fc.string({ unit: 'grapheme', maxLength: 4000 })),
});

describe('NOTIFY batches', () => {
  it('read back exactly the messages written, in order (property)', () => {
    fc.assert(
      fc.property(fc.array(messageArb, { maxLength: 6 }), (batch) => {
        expect(decodeBatch(encodeBatch(batch))).toEqual(batch);
      }),
      { numRuns: 200 },
    );
  });

  it('are refused when damaged, never read wrong lengths (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const got = decodeBatch(text);
        if (got) expect(encodeBatch(got)).toBe(text);
      }),
    );
    expect(decodeBatch('s1:1:7:ab{"v":1}')).toEqual([
      { room: 'a', senderId: 'b', senderRole: 'student', text: '{"v":1}' },
    ]);
    expect(decodeBatch('s1:1:8:ab{"v":1}')).toBeUndefined();
    expect(decodeBatch('x1:1:7:ab{"v":1}')).toBeUndefined();
    expect(decodeBatch('s1:-1:7:ab{"v":1}')).toBeUndefined();
  });
});

describe('NOTIFY chunks', () => {
  it('split any text into pieces of at most the chunk size in UTF-8 bytes that join back (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12_000 }), fc.string({ maxLength: 20_000 })),
        fc.constantFrom(CHUNK_BYTES, 4, 5, 7, 64),
        (text, size) => {
          const pieces = chunkText(text, size);
          expect(pieces.join('')).toBe(text);
          for (const p of pieces) {
            expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(size);
            expect(Buffer.from(p, 'utf8').toString('utf8')).toBe(p);
          }
        },
      ),
    );
  });

  it('keep every payload of a batch under the 8,000-byte NOTIFY limit', () => {
    const text = JSON.stringify({
      v: 1,
      type: 'strokeDots',
      dots: Array.from({ length: 3000 }, (_, i) => [i, i, 0.5, i]),
    });
    const batch: BusMessage[] = Array.from({ length: 5 }, (_, i) => ({
      room: 'session/1_x',
      senderId: `s${i}`,
      senderRole: 'student',
      text: i === 2 ? `${text}한글` : text,
    }));
    const chunks = encodeChunks('0123456789ab', 123456, batch);
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(Buffer.byteLength(c, 'utf8')).toBeLessThan(8000);
    const a = new ChunkAssembler(() => 0);
    const whole = chunks.map((c) => a.add(c)).filter((w) => w !== undefined);
    expect(whole).toHaveLength(1);
    expect(whole[0]!.messages).toEqual(batch);
  });

  it('deliver a batch of small messages from one payload, in the order published', () => {
    const batch: BusMessage[] = Array.from({ length: 40 }, (_, i) => ({
      room: `session/1_${i % 3}`,
      senderId: `pen${i % 7}`,
      senderRole: 'student',
      text: `{"v":1,"type":"strokeDots","n":${i}}`,
    }));
    const chunks = encodeChunks('o', 1, batch);
    expect(chunks).toHaveLength(1);
    expect(new ChunkAssembler(() => 0).add(chunks[0]!)?.messages).toEqual(batch);
  });

  it('reassemble messages from chunks arriving interleaved and out of order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(messageArb, { minLength: 1, maxLength: 4 }),
        fc.infiniteStream(fc.nat()),
        (messages, picks) => {
          const queues = messages.map((m, i) => encodeChunks(i % 2 === 0 ? 'aa' : 'bb', i, [m]).reverse());
          const assembler = new ChunkAssembler(() => 0);
          const out: BusMessage[] = [];
          const it = picks[Symbol.iterator]();
          while (queues.some((q) => q.length > 0)) {
            const open = queues.filter((q) => q.length > 0);
            const q = open[it.next().value % open.length]!;
            const whole = assembler.add(q.pop()!);
            if (whole) out.push(...whole.messages);
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
    expect(a.add('o:1:0:1:[["r","s","nobody","x"]]')).toBeUndefined();
    const [c] = encodeChunks('o', 2, [{ room: 'r', senderId: 's', senderRole: 'teacher', text: 'hi' }]);
    expect(a.add(c!)?.messages[0]?.text).toBe('hi');
    expect(a.add(c!)?.messages[0]?.text).toBe('hi');
  });
});
