import { homographyFromMatrix } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { IDENTITY_PAGE_TRANSFORM } from './pageTransform';
import { boxMayShow, visiblePagePt } from './strokeBounds';

describe('culling', () => {
  const view = visiblePagePt({ scale: 2, offsetXPx: -100, offsetYPx: -200 }, 400, 300);

  it('takes the visible part of the page from the viewport', () => {
    expect(view).toEqual({ left: 50, top: 100, right: 250, bottom: 250 });
  });

  it('keeps boxes that overlap the view (with the line margin) and drops the others', () => {
    const box = (l: number, t: number, r: number, b: number) => ({ left: l, top: t, right: r, bottom: b });
    const nu = (pt: number) => pt / 6.72;
    expect(boxMayShow(box(nu(60), nu(120), nu(80), nu(130)), IDENTITY_PAGE_TRANSFORM, view)).toBe(true);
    expect(boxMayShow(box(nu(0), nu(0), nu(30), nu(30)), IDENTITY_PAGE_TRANSFORM, view)).toBe(false);
    expect(boxMayShow(box(nu(0), nu(0), nu(45), nu(95)), IDENTITY_PAGE_TRANSFORM, view)).toBe(true); // within 12 pt
    expect(boxMayShow(box(nu(300), nu(120), nu(310), nu(130)), IDENTITY_PAGE_TRANSFORM, view)).toBe(false);
    // an empty box never shows
    expect(boxMayShow({ left: 1, top: 1, right: 0, bottom: 0 }, IDENTITY_PAGE_TRANSFORM, view)).toBe(false);
  });

  it('maps the box through a perspective transform', () => {
    const h = homographyFromMatrix([1, 0, 100, 0, 1, 150, 0, 0, 1]);
    expect(boxMayShow({ left: 0, top: 0, right: 1, bottom: 1 }, h, view)).toBe(true);
    expect(boxMayShow({ left: -500, top: 0, right: -400, bottom: 1 }, h, view)).toBe(false);
  });
});
