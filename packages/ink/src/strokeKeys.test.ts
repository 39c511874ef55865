import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counterKeySource, isUuidV4, randomKeySource, seededKeySource, uuidV4FromBytes } from './strokeKeys';

describe('uuidV4FromBytes', () => {
  it('formats 16 bytes with the version and variant bits forced', () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    expect(uuidV4FromBytes(bytes)).toBe('00112233-4455-4677-8899-aabbccddeeff');
    expect(uuidV4FromBytes(new Uint8Array(16).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidV4FromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('rejects anything but 16 bytes', () => {
    expect(() => uuidV4FromBytes(new Uint8Array(15))).toThrow(RangeError);
  });

  it('always gives a valid UUID v4 that keeps the 122 free bits', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const s = uuidV4FromBytes(bytes);
        expect(isUuidV4(s)).toBe(true);
        const back = Uint8Array.from(
          s
            .replace(/-/g, '')
            .match(/../g)!
            .map((h) => Number.parseInt(h, 16)),
        );
        for (let i = 0; i < 16; i++) {
          const mask = i === 6 ? 0x0f : i === 8 ? 0x3f : 0xff;
          expect(back[i]! & mask).toBe(bytes[i]! & mask);
        }
      }),
    );
  });
});

describe('key sources', () => {
  it('seeded keys are reproducible, distinct and differ between seeds', () => {
    const a = seededKeySource(42);
    const b = seededKeySource(42);
    const c = seededKeySource(43);
    const keysA = Array.from({ length: 20_000 }, () => a.nextKey());
    expect(new Set(keysA).size).toBe(keysA.length);
    expect(keysA.every(isUuidV4)).toBe(true);
    expect(b.nextKey()).toBe(keysA[0]);
    expect(c.nextKey()).not.toBe(keysA[0]);
  });

  it('random keys come from the injected byte source', () => {
    let n = 0;
    const keys = randomKeySource((bytes) => bytes.fill(n++));
    expect(keys.nextKey()).toBe('00000000-0000-4000-8000-000000000000');
    expect(keys.nextKey()).toBe('01010101-0101-4101-8101-010101010101');
  });

  it('counter keys are readable', () => {
    const keys = counterKeySource('k');
    expect([keys.nextKey(), keys.nextKey()]).toEqual(['k1', 'k2']);
  });
});
