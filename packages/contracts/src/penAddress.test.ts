import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_PEN_ADDRESS, normalizePenAddress, penAddressStatuses, penKey, samePen } from './penAddress';

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

describe('one pen, any spelling (penKey, samePen)', () => {
  it('gives every spelling of one pen one key; none for no pen, empty or not an address', () => {
    expect(penKey('9c7bd2000001')).toBe('9C:7B:D2:00:00:01');
    expect(penKey(' 9C-7B-D2-0-0-1 ')).toBe('9C:7B:D2:00:00:01');
    for (const none of [undefined, null, '', '00:00:00:00:00:00', 'NOT-A-PEN', '12:34'])
      expect(penKey(none)).toBeUndefined();
    expect(samePen('9c:7b:d2:00:00:01', '9C7BD2000001')).toBe(true);
    expect(samePen('9C7BD2000001', '9C7BD2000002')).toBe(false);
    expect(samePen('00:00:00:00:00:00', '')).toBe(false);
  });
});
