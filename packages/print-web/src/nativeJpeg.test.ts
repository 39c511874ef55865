import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformJpegEncoder } from './nativeJpeg';

/** A stand-in OffscreenCanvas: an opaque one either keeps the colour of alpha-0 pixels (Chromium, the HTML spec) or premultiplies them to black. */
function fakeCanvas(opaqueKeepsColour: boolean) {
  const made: { alpha: boolean | undefined; put?: Uint8ClampedArray }[] = [];
  class FakeImageData {
    constructor(
      readonly data: Uint8ClampedArray,
      readonly width: number,
      readonly height: number,
    ) {}
  }
  class FakeCanvas {
    private pixels = new Uint8ClampedArray(0);
    private readonly record: (typeof made)[number] = { alpha: undefined };
    constructor(
      readonly width: number,
      readonly height: number,
    ) {
      made.push(this.record);
    }
    getContext(_kind: '2d', options?: { alpha?: boolean }) {
      this.record.alpha = options?.alpha;
      const opaque = options?.alpha === false;
      return {
        putImageData: (image: FakeImageData) => {
          this.record.put = image.data.slice();
          this.pixels = image.data.slice();
          for (let i = 0; i < this.pixels.length; i += 4) {
            const a = image.data[i + 3]!;
            if (opaque && opaqueKeepsColour) this.pixels[i + 3] = 255;
            else if (opaque || a < 255) {
              for (let c = 0; c < 3; c++) this.pixels[i + c] = Math.round((image.data[i + c]! * a) / 255);
              this.pixels[i + 3] = opaque ? 255 : a;
            }
          }
        },
        getImageData: () => ({ data: this.pixels.slice() }),
      };
    }
    // the "JPEG" is the canvas's R, G, B of each pixel
    async convertToBlob(options: { type: string }) {
      const rgb = this.pixels.filter((_, i) => i % 4 !== 3);
      return new Blob([rgb], { type: options.type });
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal('ImageData', FakeImageData);
  return made;
}

/** Two CMYK pixels, K = 0. */
const cmyk = () => new Uint8Array([10, 20, 30, 0, 200, 150, 100, 0]);

describe('the native JPEG encoder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts C, M, Y on an opaque canvas as they are, without writing the K bytes, where the canvas keeps their colour', async () => {
    const made = fakeCanvas(true);
    const input = cmyk();
    const jpeg = await platformJpegEncoder()(input, 2, 1, 80);
    expect([...jpeg]).toEqual([10, 20, 30, 200, 150, 100]);
    const page = made.at(-1)!;
    expect(page.alpha).toBe(false);
    expect([...page.put!]).toEqual([10, 20, 30, 0, 200, 150, 100, 0]);
    expect([...input]).toEqual([10, 20, 30, 0, 200, 150, 100, 0]);
  });

  it('makes the K bytes an opaque alpha first where an opaque canvas would turn alpha-0 pixels black', async () => {
    const made = fakeCanvas(false);
    const jpeg = await platformJpegEncoder()(cmyk(), 2, 1, 80);
    expect([...jpeg]).toEqual([10, 20, 30, 200, 150, 100]);
    const page = made.at(-1)!;
    expect(page.alpha).not.toBe(false);
    expect([...page.put!]).toEqual([10, 20, 30, 255, 200, 150, 100, 255]);
  });

  it('probes the canvas once and keeps one page canvas for pages of one size', async () => {
    const made = fakeCanvas(true);
    const encode = platformJpegEncoder();
    await encode(cmyk(), 2, 1, 80);
    await encode(cmyk(), 2, 1, 80);
    expect(made.length).toBe(2); // the 1 × 1 probe and the page canvas
  });
});
