/**
 * The options every board `getDocument` call passes to pdf.js (the on-screen pages and the print
 * render share one open document).
 *
 * - `isEvalSupported: false`: no `new Function` for PostScript functions (CSP, and no eval).
 * - `isImageDecoderSupported: true`: JPEG images decode in the browser's native `ImageDecoder`
 *   (libjpeg-turbo instead of pdf.js's JavaScript decoder: on a full-page 300 dpi photo the pdf.js
 *   worker's CPU drops from ~235 to ~45 ms a page and the 300 dpi print render's wall time by about
 *   half, bench `boardPhotoPrint`, issue 12 item 18). pdfjs-dist 5.6 keeps it off in Chromium by default because of
 *   two Chromium bugs of 2024 (mozilla/pdf.js#19045, tracked in #19060), both fixed since; pdf.js
 *   turned it on in Chromium upstream once they were (mozilla/pdf.js#20961). pdf.js still decodes
 *   in JavaScript every JPEG the native decoder would get wrong: four-component (CMYK/YCCK, the
 *   Adobe inversion), three components with `/ColorTransform 0`, and any non-default `/Decode`.
 *   `e2e/print/nativeJpeg.e2e.test.ts` renders each kind of JPEG both ways in Chromium and
 *   compares the rasters. Browsers without `ImageDecoder` fall back by themselves.
 */
export const PDFJS_DOCUMENT_OPTIONS = {
  isEvalSupported: false,
  isImageDecoderSupported: true,
} as const;
