import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_PEN_ADDRESS, normalizePenAddress, penAddressStatuses } from './penAddress';

const hexByte = fc.integer({ min: 0, max: 255 });
const address = fc.array(hexByte, { minLength: 6, maxLength: 6 });
const canonical = (bytes: number[]) =>
  bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');

describe('pen addresses (classroom.md §5)', () => {
  it('adds colons, pads with zeros, upper-cases; empty is no pen', () => {
    expect(normalizePenAddress('9c7bd2000007')).toBe('9C:7B:D2:00:00:07');
    expect(normalizePenAddress('7')).toBe('00:00:00:00:00:07');
    expect(normalizePenAddress('9c-7b-d2-0-0-7')).toBe('9C:7B:D2:00:00:07');
    expect(normalizePenAddress('')).toBe(NO_PEN_ADDRESS);
    expect(normalizePenAddress('9C:7B:D2:00:00')).toBeUndefined();
    expect(normalizePenAddress('ZZ:7B:D2:00:00:07')).toBeUndefined();
  });

  it('reads every separator form and the bare form of any address back to the canonical one', () => {
    fc.assert(
      fc.property(address, fc.constantFrom(':', '-', '.', ' ', ''), fc.boolean(), (bytes, sep, lower) => {
        let typed = bytes.map((b) => b.toString(16).padStart(2, '0')).join(sep);
        if (!lower) typed = typed.toUpperCase();
        expect(normalizePenAddress(typed)).toBe(canonical(bytes));
      }),
    );
  });

  it('is idempotent on its own output', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        const once = normalizePenAddress(s);
        if (once !== undefined) expect(normalizePenAddress(once)).toBe(once);
      }),
    );
  });

  it('marks invalid and duplicated entries of a list; no-pen entries never clash', () => {
    expect(penAddressStatuses(['9c7bd2000007', '9C:7B:D2:00:00:07', 'xyz', '', ''])).toEqual([
      'duplicate',
      'duplicate',
      'invalid',
      'none',
      'none',
    ]);
  });
});
