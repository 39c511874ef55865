import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64, encodeBase64Url } from './base64';

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const nodeBase64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

describe('base64', () => {
  it('encodes the RFC 4648 test vectors', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, b64] of vectors) {
      expect(encodeBase64(bytes(plain))).toBe(b64);
      expect(decodeBase64(b64)).toEqual(bytes(plain));
    }
  });

  it('writes and reads the URL-safe alphabet', () => {
    const b = Uint8Array.from([0xfb, 0xff, 0xbf, 0xfe]);
    expect(encodeBase64(b)).toBe('+/+//g==');
    expect(encodeBase64Url(b)).toBe('-_-__g');
    expect(decodeBase64('-_-__g')).toEqual(b);
    expect(decodeBase64('-_-__g==')).toEqual(b);
    expect(decodeBase64('+_-/_g')).toEqual(b);
  });

  it('accepts missing padding and ignores white space', () => {
    expect(decodeBase64('Zm9vYg')).toEqual(bytes('foob'));
    expect(decodeBase64('Zm9v\r\nYmFy\n')).toEqual(bytes('foobar'));
    expect(decodeBase64(' Zm8 = ')).toEqual(bytes('fo'));
    expect(decodeBase64('Zm9vYg==\n')).toEqual(bytes('foob'));
  });

  it('rejects bad input with a clear error', () => {
    expect(() => decodeBase64('Zm9v*mFy')).toThrow('Invalid base64: unexpected character "*" at index 4');
    expect(() => decodeBase64('Zm9vYé==')).toThrow('Invalid base64: unexpected character "é" at index 5');
    expect(() => decodeBase64('Zm9v\u0100mFy')).toThrow(/unexpected character/);
    expect(() => decodeBase64('Zm=vYmFy')).toThrow('Invalid base64: "=" before the end, at index 2');
    expect(() => decodeBase64('Zm9vY')).toThrow('Invalid base64: length 5 leaves a single character over');
    expect(() => decodeBase64('Zm8=====')).toThrow(/bad padding/);
    expect(() => decodeBase64('Zg=')).toThrow(/bad padding/);
  });

  it('agrees with Node on random bytes and round-trips', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        const text = encodeBase64(b);
        expect(text).toBe(nodeBase64(b));
        expect(decodeBase64(text)).toEqual(b);
        expect(decodeBase64(encodeBase64Url(b))).toEqual(b);
        expect(encodeBase64Url(b)).toBe(Buffer.from(b).toString('base64url'));
      }),
    );
  });

  it('round-trips large inputs (chunked string building)', () => {
    const big = new Uint8Array(200_003).map((_, k) => (k * 7919) & 255);
    const text = encodeBase64(big);
    expect(text).toBe(nodeBase64(big));
    expect(decodeBase64(text)).toEqual(big);
  });

  it('decodes what Node decodes and rejects the rest', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n*'.split('');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 24 }), (text) => {
        let ours: Uint8Array | undefined;
        try {
          ours = decodeBase64(text);
        } catch (e) {
          expect(String(e)).toMatch(/^Error: Invalid base64/);
          return;
        }
        // whatever we accept, Node decodes the same way
        expect(ours).toEqual(new Uint8Array(Buffer.from(text, 'base64')));
      }),
    );
  });
});
