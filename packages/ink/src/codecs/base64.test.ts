import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeInkBase64, encodeInkBase64, INVALID_BASE64 } from './base64';

const bytesOf = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('base64', () => {
  it('encodes the RFC 4648 test vectors', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, text] of cases) {
      expect(encodeInkBase64(bytesOf(plain))).toBe(text);
      expect(decodeInkBase64(text)).toEqual(bytesOf(plain));
    }
  });

  it('round-trips any bytes and agrees with Node (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20_000 }), (bytes) => {
        const text = encodeInkBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(decodeInkBase64(text)).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('crosses the encoder chunk boundary exactly', () => {
    for (const n of [3071, 3072, 3073, 6144, 6145]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 31) & 255);
      expect(encodeInkBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('reads unpadded, URL-safe and line-wrapped text', () => {
    expect(decodeInkBase64('Zm8')).toEqual(bytesOf('fo'));
    expect(decodeInkBase64('-_-_')).toEqual(new Uint8Array([0xfb, 0xff, 0xbf]));
    expect(decodeInkBase64('Zm9v\r\nYmFy\n')).toEqual(bytesOf('foobar'));
    expect(decodeInkBase64(' Zm 9v ')).toEqual(bytesOf('foo'));
  });

  it('rejects malformed text', () => {
    for (const bad of ['Z', 'Zm9vY', 'Zm9v!', 'Zm===', 'Zm9\u0100', 'Zm9v\u0141mFy', '====']) {
      expect(() => decodeInkBase64(bad)).toThrow(INVALID_BASE64);
    }
  });

  it('either decodes or throws its own error for any text (fuzz)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), (text) => {
        try {
          decodeInkBase64(text);
        } catch (e) {
          expect((e as Error).message).toBe(INVALID_BASE64);
        }
      }),
    );
  });
});
