import { penKey as normaliseMac, samePen as sameMac } from '@dotink/contracts/penAddress';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelPayload } from '../students/labels/labelLayout';
import { decodeLabelPayload } from './labelCode';

const id = fc.string({ minLength: 1, maxLength: 24 }).filter((s) => !s.includes('|') && s.trim() === s);
const mac = fc
  .array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 6 })
  .map((b) => b.map((x) => x.toString(16).padStart(2, '0').toUpperCase()).join(':'));

describe('decodeLabelPayload', () => {
  it('reads back every label the print writes (any id, any password, any address)', () => {
    fc.assert(
      fc.property(
        id,
        fc.string({ maxLength: 40, unit: 'grapheme' }),
        fc.oneof(mac, fc.constant('')),
        (i, p, m) => {
          expect(decodeLabelPayload(labelPayload(i, p, m))).toEqual({ id: i, password: p, mac: m });
        },
      ),
    );
  });

  it('reads a Korean password and the demo form', () => {
    expect(decodeLabelPayload(labelPayload('s-0001', '비밀|번호', '9C:7B:D2:00:00:01'))).toEqual({
      id: 's-0001',
      password: '비밀|번호',
      mac: '9C:7B:D2:00:00:01',
    });
  });

  it('refuses what is not a label', () => {
    for (const text of ['', 'https://example.com', '!!!!', btoa('no-bars'), btoa('|pw|mac'), btoa('a|b')]) {
      expect(decodeLabelPayload(text)).toBeUndefined();
    }
    // bytes that are not UTF-8
    expect(decodeLabelPayload(btoa(String.fromCharCode(0xff, 0x7c, 0xfe, 0x7c)))).toBeUndefined();
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        decodeLabelPayload(s);
      }),
    );
  });
});

describe('pen addresses', () => {
  it('compares addresses in any case and separator', () => {
    expect(sameMac('9c7bd2000001', '9C:7B:D2:00:00:01')).toBe(true);
    expect(sameMac('9C-7B-D2-00-00-01', '9C:7B:D2:00:00:02')).toBe(false);
    expect(sameMac(null, null)).toBe(false);
    expect(normaliseMac('12:34')).toBeUndefined();
  });
});
