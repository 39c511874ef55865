import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, encodeUtf8 } from './utf8';

/** Any UTF-16 text, lone surrogates included (cheaper to build than fc.string's binary unit). */
const anyUtf16 = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x7ff }), fc.integer({ min: 0, max: 0xffff })), {
    maxLength: 120,
  })
  .map((units) => String.fromCharCode(...units));

describe('utf8', () => {
  it('encodes 1-, 2-, 3- and 4-byte characters', () => {
    expect([...encodeUtf8('A\u00e9\u4e2d\u{1f58a}')]).toEqual([
      0x41, 0xc3, 0xa9, 0xe4, 0xb8, 0xad, 0xf0, 0x9f, 0x96, 0x8a,
    ]);
    expect(decodeUtf8(new Uint8Array([0x41, 0xc3, 0xa9, 0xe4, 0xb8, 0xad, 0xf0, 0x9f, 0x96, 0x8a]))).toBe(
      'A\u00e9\u4e2d\u{1f58a}',
    );
  });

  it('agrees with TextEncoder on any text, lone surrogates included (property)', () => {
    fc.assert(
      fc.property(anyUtf16, (text) => {
        expect(Buffer.from(encodeUtf8(text)).toString('hex')).toBe(
          Buffer.from(new TextEncoder().encode(text)).toString('hex'),
        );
      }),
    );
  });

  it('round-trips any well-formed text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(decodeUtf8(encodeUtf8(text))).toBe(text);
      }),
    );
  });

  it('agrees with TextDecoder on any bytes, malformed included (fuzz)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(decodeUtf8(bytes)).toBe(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
      }),
      { numRuns: 500 },
    );
    const nasty = [
      [0xc0, 0x80],
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf0, 0x9f, 0x96],
      [0xff],
      [0xe4, 0x41],
    ];
    for (const b of nasty) {
      const bytes = new Uint8Array(b);
      expect(decodeUtf8(bytes)).toBe(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
    }
  });

  it('decodes long texts (chunked)', () => {
    const text = '\u4e2d'.repeat(30_000);
    expect(decodeUtf8(encodeUtf8(text))).toBe(text);
  });
});
