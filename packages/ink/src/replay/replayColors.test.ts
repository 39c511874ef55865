import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argbToCss, argbToRgba, BLUEPRINT_ARGB, replayColorArgb, rgbaToArgb } from './replayColors';

describe('replay colour modes', () => {
  it('reads android colours as ARGB, signed or not', () => {
    expect(replayColorArgb('android', 0xff336699)).toBe(0xff336699);
    expect(replayColorArgb('android', -16777216)).toBe(0xff000000);
  });

  it('reads iphone colours as RGBA', () => {
    expect(replayColorArgb('iphone', 0x336699ff)).toBe(0xff336699);
    expect(replayColorArgb('iphone', 0xff000080)).toBe(0x80ff0000);
  });

  it('draws everything blueprint blue in blueprint mode', () => {
    expect(replayColorArgb('blueprint', 0xffff0000)).toBe(BLUEPRINT_ARGB);
    expect(argbToCss(BLUEPRINT_ARGB)).toBe('rgba(31, 78, 156, 1)');
  });

  it('converts RGBA ↔ ARGB both ways over all 32-bit values (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (v) => {
        expect(rgbaToArgb(argbToRgba(v))).toBe(v);
        expect(argbToRgba(rgbaToArgb(v))).toBe(v);
        expect(replayColorArgb('android', v | 0)).toBe(v);
      }),
    );
  });
});
