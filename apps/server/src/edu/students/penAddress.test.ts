import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicatePenAddresses, isNoPen, NO_PEN_ADDRESS, normalizePenAddress } from './penAddress';

const CANONICAL = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;
const octets = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 6 });
const hex = (b: number) => b.toString(16).toUpperCase().padStart(2, '0');

describe('pen addresses', () => {
  it('puts typed addresses in colon form, upper-case, with leading zeros', () => {
    expect(normalizePenAddress('9c7bd2100001')).toBe('9C:7B:D2:10:00:01');
    expect(normalizePenAddress(' 9c:7b:d2:10:0:1 ')).toBe('9C:7B:D2:10:00:01');
    expect(normalizePenAddress('9C-7B-D2-10-00-01')).toBe('9C:7B:D2:10:00:01');
    expect(normalizePenAddress('abc')).toBe('00:00:00:00:0A:BC');
    expect(normalizePenAddress('')).toBe(NO_PEN_ADDRESS);
    expect(normalizePenAddress('   ')).toBe(NO_PEN_ADDRESS);
  });

  it('refuses what is not six hex parts', () => {
    for (const bad of [
      '9C:7B:D2:10:00',
      '9C:7B:D2:10:00:01:02',
      'GG:7B:D2:10:00:01',
      '9C:7B:D2:10:000:01',
      '9c7bd21000011',
      'pen',
      '9C::7B:D2:10:00',
    ]) {
      expect(normalizePenAddress(bad), bad).toBeUndefined();
    }
  });

  it('is idempotent and always canonical (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        const n = normalizePenAddress(s);
        if (n === undefined) return;
        expect(n).toMatch(CANONICAL);
        expect(normalizePenAddress(n)).toBe(n);
      }),
    );
  });

  it('reads the same six bytes however they are written (property)', () => {
    fc.assert(
      fc.property(octets, fc.constantFrom(':', '-', ' ', ''), fc.boolean(), (bytes, sep, lower) => {
        const canonical = bytes.map(hex).join(':');
        let typed = bytes.map(hex).join(sep);
        if (lower) typed = typed.toLowerCase();
        expect(normalizePenAddress(typed)).toBe(canonical);
      }),
    );
  });

  it('finds addresses used twice, never the no-pen address', () => {
    const a = '9C:7B:D2:10:00:01';
    expect([...duplicatePenAddresses([a, NO_PEN_ADDRESS, a, NO_PEN_ADDRESS, '9C:7B:D2:10:00:02'])]).toEqual([
      a,
    ]);
    expect(duplicatePenAddresses([NO_PEN_ADDRESS, NO_PEN_ADDRESS]).size).toBe(0);
    expect(isNoPen(NO_PEN_ADDRESS)).toBe(true);
  });
});
