import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPLAY_DEFAULT_PADDING, replayLayout } from './replayScale';

describe('replay scale modes', () => {
  const image = { width: 1240, height: 1754 }; // A4 at 150 dpi
  const page = { width: 595.28, height: 841.89 }; // A4 in pt

  it('image up to page: the canvas is the page, the image fitted and centred', () => {
    const l = replayLayout('imageUpToPage', { width: 100, height: 200 }, { width: 400, height: 400 });
    expect(l).toEqual({
      canvasWidth: 400,
      canvasHeight: 400,
      image: { scale: 2, offsetX: 100, offsetY: 0 },
      page: { scale: 1, offsetX: 0, offsetY: 0 },
    });
  });

  it('page down to image: the canvas is the image, the page fitted into it', () => {
    const l = replayLayout('pageDownToImage', image, page);
    expect(l.canvasWidth).toBe(1240);
    expect(l.image).toEqual({ scale: 1, offsetX: 0, offsetY: 0 });
    expect(l.page.scale).toBeCloseTo(Math.min(1240 / 595.28, 1754 / 841.89));
    expect(l.page.scale * page.width + 2 * l.page.offsetX).toBeCloseTo(1240);
  });

  it('no scale: both at 1, the canvas holds both', () => {
    expect(replayLayout('noScale', { width: 10, height: 50 }, { width: 30, height: 20 })).toEqual({
      canvasWidth: 30,
      canvasHeight: 50,
      image: { scale: 1, offsetX: 0, offsetY: 0 },
      page: { scale: 1, offsetX: 0, offsetY: 0 },
    });
  });

  it('image up with padding: the page padded on every side, the image fitted inside', () => {
    const l = replayLayout(
      'imageUpWithPadding',
      { width: 100, height: 100 },
      { width: 200, height: 100 },
      16,
    );
    expect(l).toEqual({
      canvasWidth: 232,
      canvasHeight: 132,
      image: { scale: 1, offsetX: 66, offsetY: 16 },
      page: { scale: 1, offsetX: 16, offsetY: 16 },
    });
    expect(replayLayout('imageUpWithPadding', image, page).page.offsetX).toBe(REPLAY_DEFAULT_PADDING);
  });

  it('survives an empty image', () => {
    expect(replayLayout('imageUpToPage', { width: 0, height: 0 }, page).image.scale).toBe(1);
  });

  it('always fits the fitted thing inside its box (property)', () => {
    const size = fc.record({
      width: fc.integer({ min: 1, max: 5000 }),
      height: fc.integer({ min: 1, max: 5000 }),
    });
    fc.assert(
      fc.property(size, size, (img, pg) => {
        const up = replayLayout('imageUpToPage', img, pg).image;
        expect(up.offsetX).toBeGreaterThanOrEqual(-1e-9);
        expect(up.offsetY).toBeGreaterThanOrEqual(-1e-9);
        expect(up.scale * img.width + up.offsetX).toBeLessThanOrEqual(pg.width + 1e-6);
        expect(up.scale * img.height + up.offsetY).toBeLessThanOrEqual(pg.height + 1e-6);
        const down = replayLayout('pageDownToImage', img, pg).page;
        expect(down.scale * pg.width + down.offsetX).toBeLessThanOrEqual(img.width + 1e-6);
        expect(down.scale * pg.height + down.offsetY).toBeLessThanOrEqual(img.height + 1e-6);
      }),
    );
  });
});
