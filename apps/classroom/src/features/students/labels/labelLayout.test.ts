import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABELS_PER_PAGE, labelPayload, labelRect, PAGE_PT, PT_PER_MM } from './labelLayout';

describe('QR label sheet (classroom.md §3, §9)', () => {
  it('puts 3 × 8 labels of 64 × 34 mm with 3 mm column gaps, centred on A4', () => {
    const first = labelRect(0);
    const second = labelRect(1);
    const last = labelRect(LABELS_PER_PAGE - 1);
    expect(first.width).toBeCloseTo(64 * PT_PER_MM, 6);
    expect(first.height).toBeCloseTo(34 * PT_PER_MM, 6);
    expect(second.x - (first.x + first.width)).toBeCloseTo(3 * PT_PER_MM, 6);
    expect(first.x).toBeCloseTo(PAGE_PT.width - (last.x + last.width), 6);
    expect(first.y + first.height).toBeCloseTo(PAGE_PT.height - last.y, 6);
    expect(labelRect(LABELS_PER_PAGE)).toMatchObject({ page: 1, x: first.x, y: first.y });
    expect(() => labelRect(-1)).toThrow(RangeError);
  });

  it('keeps every label on its page', () => {
    fc.assert(
      fc.property(fc.nat(1000), (i) => {
        const r = labelRect(i);
        expect(r.x).toBeGreaterThan(0);
        expect(r.y).toBeGreaterThan(0);
        expect(r.x + r.width).toBeLessThan(PAGE_PT.width);
        expect(r.y + r.height).toBeLessThan(PAGE_PT.height);
      }),
    );
  });

  it('encodes id|password|mac in base64 (UTF-8)', () => {
    expect(atob(labelPayload('s1', 'pw', '9C:7B:D2:00:00:01'))).toBe('s1|pw|9C:7B:D2:00:00:01');
    fc.assert(
      fc.property(fc.string(), fc.string(), (id, pw) => {
        const text = new TextDecoder().decode(
          Uint8Array.from(atob(labelPayload(id, pw, 'M')), (c) => c.charCodeAt(0)),
        );
        expect(text).toBe(`${id}|${pw}|M`);
      }),
    );
  });
});
