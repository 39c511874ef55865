import { zlibSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { readNcodeData } from '../../../test-support/shared';
import { photoPage, syntheticPage } from '../test/content';
import { checkDots, inkCount } from '../test/dots';
import { pdftoppm, qpdfCheck, renderRgb, separateInks } from '../test/tools';
import { type CodePage, readCodePage } from './codeFile';
import {
  type ComposedPage,
  composePage,
  crossOps,
  DotsCache,
  type DotsImage,
  inkedRows,
  type PrintSettings,
} from './compose';
import { defaultDeflater, fflateDeflate } from './deflate';
import { printedPageSize } from './paper';
import { dotSeed, maskPixel, type NcodeDensity, renderPattern } from './pattern';
import { pdfNumber } from './pdfSyntax';
import { concatChunks, PdfStreamWriter, type PreparedPage } from './pdfWriter';

const BOOK = 's3-o27-b1068';
const codes: CodePage[] = [];
beforeAll(() => {
  for (const p of [1, 2, 3]) codes.push(readCodePage(readNcodeData('code', BOOK, `${BOOK}-p${p}.code.gz`)));
});

async function pdfOf(pages: readonly PreparedPage[]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const w = new PdfStreamWriter((c) => {
    chunks.push(c);
  });
  await w.begin();
  for (const p of pages) await w.addPage(p);
  await w.finish('/Producer (test)', '<x:xmpmeta xmlns:x="adobe:ns:meta/"/>', 'test');
  return concatChunks(chunks);
}

const A4_DOC = { widthPt: 595.2756, heightPt: 841.8898 };
const LETTER_DOC = { widthPt: 612, heightPt: 792 };

function expectValidPdf(pdf: Uint8Array, pages: number) {
  const check = qpdfCheck(pdf);
  expect(check.output).toContain('No syntax or stream encoding errors found');
  expect(check.status).toBe(0);
  const ppm = pdftoppm(pdf);
  expect(ppm.stderr).toBe('');
  expect(ppm.status).toBe(0);
  expect(ppm.pages).toBe(pages);
}

describe('composePage', () => {
  it('makes a page of the paper size on the 600-dpi grid with a CMYK content image and a 1-bit dot mask', async () => {
    const content = syntheticPage(A4_DOC.widthPt, A4_DOC.heightPt, 100);
    const page = await composePage(
      { content, code: codes[0]! },
      { paperChoice: 'plainPaper' },
      fflateDeflate,
    );
    expect(page.size).toMatchObject({
      paper: 'A4',
      widthPx: 4961,
      heightPx: 7016,
      widthPt: 595.32,
      heightPt: 841.92,
    });
    expect(page.prepared.widthPt).toBe(595.32);
    const [img, dots] = page.prepared.images;
    expect(img!.dict).toContain('/ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /FlateDecode');
    expect(dots!.dict).toBe(
      '/Type /XObject /Subtype /Image /Width 4961 /Height 7016 /ImageMask true /BitsPerComponent 1 /Decode [1 0] /Filter /FlateDecode',
    );
    const ops = new TextDecoder().decode(page.prepared.content);
    expect(ops).toContain('q 0 g 595.32 0 0 841.92 0 0 cm /Dots Do Q');
    expect(ops.indexOf('/Content Do')).toBeLessThan(ops.indexOf('/Dots Do'));
    // the content raster is rewritten in place as CMYK with K = 0
    for (let i = 3; i < content.rgba.length; i += 4) if (content.rgba[i] !== 0) throw new Error('K written');
  });

  it('fits and centres the document page, and follows its orientation', async () => {
    const letterOnA4 = await composePage(
      { pageSizePt: LETTER_DOC, code: codes[0]! },
      { paperChoice: 'savePdf' },
      fflateDeflate,
    );
    expect(letterOnA4.placement.scale).toBeCloseTo(595.32 / 612, 10);
    expect(letterOnA4.placement.leftPt).toBeCloseTo(0, 10);
    expect(letterOnA4.placement.topPt).toBeCloseTo((841.92 - 792 * (595.32 / 612)) / 2, 10);
    const wide = await composePage(
      { pageSizePt: { widthPt: 842, heightPt: 595 }, code: codes[0]! },
      { paperChoice: 'plainPaper', paperSize: 'A3' },
      fflateDeflate,
    );
    expect(wide.size).toMatchObject({ paper: 'A3', landscape: true, widthPx: 9921, heightPx: 7016 });
    const portrait = await composePage(
      { pageSizePt: { widthPt: 842, heightPt: 595 }, code: codes[0]! },
      { paperChoice: 'plainPaper', orientation: 'portrait' },
      fflateDeflate,
    );
    expect(portrait.size.landscape).toBe(false);
  });

  it('draws the outline only when asked, and crosses on pre-printed Ncode paper without dots', async () => {
    const text = (p: ComposedPage) => new TextDecoder().decode(p.prepared.content);
    const plain = await composePage({ code: codes[0]! }, { paperChoice: 'plainPaper' }, fflateDeflate);
    expect(text(plain)).not.toContain(' re S');
    expect(text(plain)).not.toContain('0 1 1 0 K');
    const outlined = await composePage(
      { code: codes[0]! },
      { paperChoice: 'plainPaper', outline: true },
      fflateDeflate,
    );
    expect(text(outlined)).toContain('0.4 0.4 0 0 K 0.5 w 0 0 595.32 841.92 re S');
    const ncode = await composePage(
      { pageSizePt: A4_DOC },
      { paperChoice: 'ncodeA4', paperSize: 'Letter' },
      fflateDeflate,
    );
    expect(ncode.size.paper).toBe('A4');
    expect(ncode.prepared.images).toHaveLength(0);
    expect(text(ncode)).toContain(crossOps(ncode.placement, ncode.size));
  });

  it('places the crosses at 10 % and 90 % of the document page', () => {
    const ops = crossOps(
      { leftPt: 0, topPt: 0, widthPt: 595.32, heightPt: 841.92, scale: 1 },
      { heightPt: 841.92 },
    );
    // centres (59.532, 84.192) and (535.788, 757.728) from the top-left; arms 24 pt; line 1.2 pt
    expect(ops).toContain('1.2 w');
    expect(ops).toContain('35.532 757.728 m 83.532 757.728 l');
    expect(ops).toContain('535.788 60.192 m 535.788 108.192 l');
  });

  it('refuses to print the pattern without a code page', async () => {
    await expect(composePage({ pageSizePt: A4_DOC }, { paperChoice: 'plainPaper' })).rejects.toThrow(
      'composePage: this paper choice prints the Ncode pattern but no code page was given',
    );
  });
});

describe('printed inks (Ghostscript tiffsep at 600 dpi)', () => {
  it('puts every dot of a full A4 page on the black plate and nothing else; the content only on C, M, Y', async () => {
    const content = syntheticPage(A4_DOC.widthPt, A4_DOC.heightPt, 300);
    const page = await composePage(
      { content, code: codes[0]! },
      { paperChoice: 'plainPaper' },
      defaultDeflater(),
    );
    const pdf = await pdfOf([page.prepared]);
    expectValidPdf(pdf, 1);
    const [plates] = separateInks(pdf, 1);
    const { black, cyan, magenta, yellow } = plates!;
    expect([black.width, black.height]).toEqual([4961, 7016]);
    const mask = renderPattern(codes[0]!, 4961, 7016, 'normal');
    const check = checkDots(black, 0, 0, mask);
    expect(check.examples).toEqual([]);
    expect(check.bad).toBe(0);
    // 621 × 877 grid points; a dot of the last column pushed right (u, r) falls off the page
    let offPage = 0;
    for (let r = 0; r < 877; r++) if (dotSeed(codes[0]!, 620, r).x >= 4961) offPage++;
    expect(offPage).toBeGreaterThan(0);
    expect(check.dots).toBe(621 * 877 - offPage);
    // the checker itself: another code page's dots, or dots 2 px away, are not accepted
    expect(checkDots(black, 0, 0, renderPattern(codes[1]!, 4961, 7016)).bad).toBeGreaterThan(40_000);
    // a 1-px shift is tolerated (only the dots cut by the page edge then differ)
    expect(checkDots(black, 1, 1, mask).bad).toBeLessThanOrEqual(621 + 877);
    expect(checkDots(black, 2, 0, mask).bad).toBeGreaterThan(500_000);
    // the black text band holds content on cyan and magenta but none on yellow; black = dots only
    const band = [500, 900, 4400, 1400] as const;
    expect(inkCount(cyan, ...band)).toBeGreaterThan(100_000);
    expect(inkCount(magenta, ...band)).toBeGreaterThan(100_000);
    expect(inkCount(yellow, ...band)).toBe(0);
  }, 60_000);

  const densities: NcodeDensity[] = ['light', 'normal', 'dark'];
  it.each([
    ['A4', A4_DOC],
    ['Letter', LETTER_DOC],
  ] as const)(
    'prints each density on %s with every dot in place (corner and text regions)',
    async (paper, doc) => {
      const settings = (density: NcodeDensity): PrintSettings => ({
        paperChoice: 'plainPaper',
        paperSize: paper,
        density,
      });
      const pages = await Promise.all(
        densities.map((d, i) =>
          composePage(
            { content: syntheticPage(doc.widthPt, doc.heightPt, 150), code: codes[i]! },
            settings(d),
            defaultDeflater(),
          ),
        ),
      );
      const size = printedPageSize(paper);
      expect(pages[0]!.size).toEqual(size);
      const pdf = await pdfOf(pages.map((p) => p.prepared));
      expectValidPdf(pdf, 3);
      const regions = [
        { x: 0, y: 0, width: 400, height: 304 },
        { x: size.widthPx - 400, y: size.heightPx - 304, width: 400, height: 304 },
        { x: 1200, y: 1000, width: 400, height: 304 }, // black text
      ];
      for (const region of regions) {
        const plates = separateInks(pdf, 3, { ...region, pageHeightPx: size.heightPx });
        densities.forEach((d, i) => {
          const mask = renderPattern(codes[i]!, size.widthPx, size.heightPx, d);
          const check = checkDots(plates[i]!.black, region.x, region.y, mask);
          expect(check.examples, `${paper} ${d} at ${region.x},${region.y}`).toEqual([]);
          expect(check.dots).toBeGreaterThan(1500);
        });
      }
    },
    60_000,
  );

  it('paints the dots pure black on an RGB print path (browser, Windows driver), not composite black', async () => {
    // an RGB path converts CMYK 0 0 0 1 to a dark grey (35, 31, 32) that the driver prints with
    // C, M, Y and K: the pen sees no dot. DeviceGray 0 becomes RGB 0 0 0, printed with K only.
    const page = await composePage(
      { content: syntheticPage(A4_DOC.widthPt, A4_DOC.heightPt, 150), code: codes[0]! },
      { paperChoice: 'plainPaper' },
      fflateDeflate,
    );
    const pdf = await pdfOf([page.prepared]);
    const region = { x: 1200, y: 1000, width: 400, height: 304, pageHeightPx: page.size.heightPx };
    const image = renderRgb(pdf, region);
    const mask = renderPattern(codes[0]!, page.size.widthPx, page.size.heightPx, 'normal');
    let dotPixels = 0;
    const notBlack: string[] = [];
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        if (!maskPixel(mask, region.x + x, region.y + y)) continue;
        dotPixels++;
        const i = (y * image.width + x) * 3;
        const rgb = [image.rgb[i]!, image.rgb[i + 1]!, image.rgb[i + 2]!];
        if (rgb.some((v) => v !== 0) && notBlack.length < 3) notBlack.push(`${x},${y}: ${rgb.join(' ')}`);
      }
    }
    expect(dotPixels).toBeGreaterThan(6000);
    expect(notBlack).toEqual([]);
  }, 60_000);

  it('compresses a photo page with DCT within 1.5 MB, keeping K for the dots and the colours on C, M, Y', async () => {
    const photo = await composePage(
      { content: photoPage(A4_DOC.widthPt, A4_DOC.heightPt, 300), code: codes[0]! },
      { paperChoice: 'plainPaper' },
      defaultDeflater(),
    );
    const [content] = photo.prepared.images;
    expect(content!.dict).toContain('/Filter /DCTDecode');
    expect(content!.dict).toContain('/DeviceN [/Cyan /Magenta /Yellow] /DeviceCMYK');
    const bytes = photo.prepared.images.reduce(
      (n, im) => n + im.data.length + (im.extra?.data.length ?? 0),
      0,
    );
    expect(bytes).toBeLessThan(1.5e6);
    // the same page lossless, for the ink amounts
    const lossless = await composePage(
      { content: photoPage(A4_DOC.widthPt, A4_DOC.heightPt, 300), code: codes[0]! },
      { paperChoice: 'plainPaper', contentCompression: 'lossless' },
      defaultDeflater(),
    );
    expect(lossless.prepared.images[0]!.dict).toContain(
      '/DeviceCMYK /BitsPerComponent 8 /Filter /FlateDecode',
    );
    const pdf = await pdfOf([photo.prepared, lossless.prepared]);
    expectValidPdf(pdf, 2);
    const region = { x: 1200, y: 1000, width: 400, height: 304, pageHeightPx: photo.size.heightPx };
    const [dct, exact] = separateInks(pdf, 2, region);
    const mask = renderPattern(codes[0]!, photo.size.widthPx, photo.size.heightPx, 'normal');
    // K: the dots and nothing else
    const check = checkDots(dct!.black, region.x, region.y, mask);
    expect(check.examples).toEqual([]);
    expect(check.dots).toBeGreaterThan(1500);
    // C, M, Y within a few levels of the lossless page, on average (away from the dots)
    for (const ink of ['cyan', 'magenta', 'yellow'] as const) {
      const a = dct![ink].data;
      const b = exact![ink].data;
      expect(a.length).toBe(b.length);
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
      expect(sum / a.length, ink).toBeLessThan(4);
    }
    // the compared plates do hold the picture (every pixel inks one or two of C, M, Y)
    const inked = inkCount(exact!.cyan) + inkCount(exact!.magenta) + inkCount(exact!.yellow);
    expect(inked).toBeGreaterThan(region.width * region.height);
  }, 60_000);

  it('keeps text and white pages lossless', async () => {
    const text = await composePage(
      { content: syntheticPage(A4_DOC.widthPt, A4_DOC.heightPt, 150), code: codes[0]! },
      { paperChoice: 'plainPaper' },
      fflateDeflate,
    );
    expect(text.prepared.images[0]!.dict).toContain('/Filter /FlateDecode');
  });

  it('prints red crosses (magenta + yellow) and no black on pre-printed Ncode A4 paper', async () => {
    const page = await composePage({ pageSizePt: A4_DOC }, { paperChoice: 'ncodeA4' }, fflateDeflate);
    const pdf = await pdfOf([page.prepared]);
    expectValidPdf(pdf, 1);
    // around the top-left cross (10 %, 10 % of the page)
    const cx = Math.round((page.placement.leftPt + 0.1 * page.placement.widthPt) / 0.12);
    const cy = Math.round((page.placement.topPt + 0.1 * page.placement.heightPt) / 0.12);
    const region = { x: cx - 240, y: cy - 240, width: 480, height: 480, pageHeightPx: page.size.heightPx };
    const [plates] = separateInks(pdf, 1, region);
    expect(inkCount(plates!.black)).toBe(0);
    expect(inkCount(plates!.magenta, 235, 235, 245, 245)).toBe(100);
    expect(inkCount(plates!.yellow, 235, 235, 245, 245)).toBe(100);
    expect(inkCount(plates!.cyan, 235, 235, 245, 245)).toBe(0);
    // arm: 24 pt = 200 px each side, 1.2 pt = 10 px wide
    expect(inkCount(plates!.magenta, 430, 235, 435, 245)).toBe(50);
    expect(inkCount(plates!.magenta, 450, 235, 455, 245)).toBe(0);
  }, 60_000);
});

describe('DotsCache', () => {
  const entry = (n: number): Promise<DotsImage> =>
    Promise.resolve({ widthPx: n, heightPx: n, data: new Uint8Array([n]) });

  it('drops the least recently used entry beyond its limit', async () => {
    const cache = new DotsCache(2);
    cache.set('3.27.1068.1 10x10 normal', entry(1));
    cache.set('3.27.1068.2 10x10 normal', entry(2));
    expect(cache.get('3.27.1068.1 10x10 normal')).toBeDefined(); // now the most recent
    cache.set('3.27.1068.3 10x10 normal', entry(3));
    expect(cache.size).toBe(2);
    expect(cache.get('3.27.1068.2 10x10 normal')).toBeUndefined();
    expect((await cache.get('3.27.1068.1 10x10 normal'))?.widthPx).toBe(1);
  });

  it('forgets an entry whose deflation failed', async () => {
    const cache = new DotsCache();
    const failed = Promise.reject(new Error('deflate failed'));
    cache.set('3.27.1068.1 10x10 normal', failed);
    await expect(failed).rejects.toThrow('deflate failed');
    await Promise.resolve();
    expect(cache.size).toBe(0);
  });

  it('knows a code page by address and density, at any size', () => {
    const cache = new DotsCache();
    cache.set('3.27.1068.1 10x10 normal', entry(1));
    const address = { section: 3, owner: 27, book: 1068, page: 1 };
    expect(cache.hasCodePage(address, 'normal')).toBe(true);
    expect(cache.hasCodePage(address, 'dark')).toBe(false);
    expect(cache.hasCodePage({ ...address, page: 11 }, 'normal')).toBe(false);
  });

  it('gives composePage the same dots without the code page', async () => {
    const cache = new DotsCache();
    const address = { section: 3, owner: 27, book: 1068, page: 1 };
    const settings: PrintSettings = { paperChoice: 'plainPaper' };
    const first = await composePage({ code: codes[0]!, address }, settings, fflateDeflate, undefined, cache);
    const again = await composePage({ address }, settings, fflateDeflate, undefined, cache);
    expect(await pdfOf([again.prepared])).toEqual(await pdfOf([first.prepared]));
  });
});

describe('lossless content cut to its inked rows', () => {
  const raster = (rows: number[], width = 5, height = 40) => {
    const cmyk = new Uint8Array(width * height * 4);
    for (const y of rows) cmyk[y * width * 4 + 6] = 9;
    return cmyk;
  };

  it('keeps the first to the last inked row and 8 white rows each side', () => {
    expect(inkedRows(raster([12, 20]), 5, 40)).toEqual({ first: 4, end: 29 });
    expect(inkedRows(raster([2, 38]), 5, 40)).toEqual({ first: 0, end: 40 });
    expect(inkedRows(raster([12]), 5, 40, 0)).toEqual({ first: 12, end: 13 });
  });

  it('keeps one row of a page without ink, and reads unaligned buffers alike', () => {
    expect(inkedRows(raster([]), 5, 40)).toEqual({ first: 0, end: 1 });
    const cmyk = raster([12, 20]);
    const shifted = new Uint8Array(cmyk.length + 1);
    shifted.set(cmyk, 1);
    expect(inkedRows(shifted.subarray(1), 5, 40)).toEqual({ first: 4, end: 29 });
  });

  it('prints every ink plate exactly as the whole image would (Ghostscript, 600 dpi)', async () => {
    // a page with ink in its middle band only: the cut leaves out most rows
    const content = syntheticPage(A4_DOC.widthPt, A4_DOC.heightPt, 150);
    const settings: PrintSettings = { paperChoice: 'plainPaper' };
    const cut = await composePage({ content, code: codes[0]! }, settings, fflateDeflate);
    const image = cut.prepared.images.find((i) => i.name === 'Content')!;
    const rows = inkedRows(content.rgba as Uint8Array, content.widthPx, content.heightPx);
    expect(rows.end - rows.first).toBeLessThan(content.heightPx);
    expect(image.dict).toContain(`/Height ${rows.end - rows.first} `);
    // the same page with the whole image (content.rgba now holds the page's CMYK bytes)
    const p = cut.placement;
    const whole: PreparedPage = {
      ...cut.prepared,
      images: cut.prepared.images.map((i) =>
        i.name === 'Content'
          ? {
              ...i,
              dict: i.dict.replace(/\/Height \d+/, `/Height ${content.heightPx}`),
              data: zlibSync(content.rgba as Uint8Array),
            }
          : i,
      ),
      content: new TextEncoder().encode(
        new TextDecoder()
          .decode(cut.prepared.content)
          .replace(
            /^q .* cm \/Content Do Q$/m,
            `q ${pdfNumber(p.widthPt)} 0 0 ${pdfNumber(p.heightPt)} ${pdfNumber(p.leftPt)} ${pdfNumber(cut.size.heightPt - p.topPt - p.heightPt)} cm /Content Do Q`,
          ),
      ),
    };
    expect(new TextDecoder().decode(whole.content)).not.toBe(new TextDecoder().decode(cut.prepared.content));
    const [a, b] = separateInks(await pdfOf([cut.prepared, whole]), 2);
    for (const ink of ['cyan', 'magenta', 'yellow', 'black'] as const) {
      expect(a![ink].width).toBe(b![ink].width);
      expect(
        a![ink].data.findIndex((v, i) => v !== b![ink].data[i]),
        ink,
      ).toBe(-1);
    }
    expect(inkCount(a!.cyan)).toBeGreaterThan(1000);
  }, 60_000);
});
