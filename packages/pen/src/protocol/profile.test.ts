/**
 * Profile passwords are 8 raw bytes on the wire (pen-protocol.md §4.16): NeoLAB's own profile
 * password `6B CA 6B 50 5D EC A7 8C` is not the UTF-8 of any string, so the codec takes bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8 } from './bytes';
import {
  decodeProfileRequest,
  decodeProfileResponse,
  encodeProfileRequest,
  NEOLAB_PROFILE_PASSWORD,
  profilePasswordFromText,
  sameProfilePassword,
} from './profile';

const NEOLAB = Uint8Array.of(0x6b, 0xca, 0x6b, 0x50, 0x5d, 0xec, 0xa7, 0x8c);

describe('profile password', () => {
  it("sends NeoLAB's binary profile password byte for byte and reads it back", () => {
    expect(NEOLAB_PROFILE_PASSWORD).toEqual(NEOLAB);
    const payload = encodeProfileRequest('neolab', { op: 'delete', password: NEOLAB });
    // name str[8], type u8, password[8]
    expect([...payload]).toEqual([0x6e, 0x65, 0x6f, 0x6c, 0x61, 0x62, 0, 0, 0x02, ...NEOLAB]);
    expect(decodeProfileRequest(payload)).toEqual({
      profileName: 'neolab',
      request: { op: 'delete', password: NEOLAB },
    });
  });

  it('round-trips any 8 password bytes in every request that carries one', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (password) => {
        const create = { op: 'create' as const, password, sectorSize: 32, sectorCount: 128 };
        expect(decodeProfileRequest(encodeProfileRequest('p', create)).request).toEqual(create);
        const write = { op: 'write' as const, password, values: [{ key: 'k', data: Uint8Array.of(1) }] };
        expect(decodeProfileRequest(encodeProfileRequest('p', write)).request).toEqual(write);
        const del = { op: 'deleteValues' as const, password, keys: ['k'] };
        expect(decodeProfileRequest(encodeProfileRequest('p', del)).request).toEqual(del);
      }),
    );
  });

  it('turns a text password into 8 bytes (UTF-8, zero-padded) and refuses a longer one', () => {
    expect(profilePasswordFromText('pw')).toEqual(Uint8Array.of(0x70, 0x77, 0, 0, 0, 0, 0, 0));
    expect(() => profilePasswordFromText('123456789')).toThrow(RangeError);
    expect(() => encodeProfileRequest('p', { op: 'delete', password: new Uint8Array(9) })).toThrow(
      RangeError,
    );
  });
});

describe('profile passwords compared and refused', () => {
  it('takes a text of exactly 8 bytes, and names the bytes of a longer one', () => {
    expect(profilePasswordFromText('12345678')).toEqual(utf8('12345678'));
    expect(() => profilePasswordFromText('123456789')).toThrow(
      'a profile password has at most 8 bytes, "123456789" has 9',
    );
    // 'é' is two bytes: five of them are 10.
    expect(() => profilePasswordFromText('ééééé')).toThrow('"ééééé" has 10');
    expect(() => encodeProfileRequest('p', { op: 'delete', password: new Uint8Array(9) })).toThrow(
      'a profile password has at most 8 bytes, got 9',
    );
  });

  it('compares passwords as the 8 zero-padded bytes on the wire', () => {
    expect(sameProfilePassword(NEOLAB, Uint8Array.from(NEOLAB))).toBe(true);
    expect(sameProfilePassword(Uint8Array.of(1, 2), Uint8Array.of(1, 2, 0, 0, 0, 0, 0, 0))).toBe(true);
    expect(sameProfilePassword(new Uint8Array(0), new Uint8Array(8))).toBe(true);
    for (let i = 0; i < 8; i++) {
      const other = Uint8Array.from(NEOLAB);
      other[i] = other[i]! ^ 1;
      expect(sameProfilePassword(NEOLAB, other)).toBe(false);
      expect(sameProfilePassword(other, NEOLAB)).toBe(false);
    }
    expect(sameProfilePassword(Uint8Array.of(1), Uint8Array.of(1, 2))).toBe(false);
    expect(sameProfilePassword(Uint8Array.of(1, 2), Uint8Array.of(1))).toBe(false);
  });

  it('refuses an unknown operation code in a request or a response, naming it', () => {
    const unknown = Uint8Array.of(0x70, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0);
    expect(() => decodeProfileRequest(unknown)).toThrow('unknown profile operation 0x7f');
    expect(() => decodeProfileResponse(unknown)).toThrow('unknown profile operation 0x7f');
  });
});
