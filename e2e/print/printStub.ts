/**
 * Stands in for the browser's print dialog (headless Chromium cannot show PDFs): the board's
 * print frame gets an empty page, and the PDF URL it was given is kept in `window.__printedPdfs`.
 * Only the hand-off to the printer is replaced; the board and the server are the real ones.
 */
export const PRINT_STUB = `(() => {
  const desc = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src');
  window.__printedPdfs = [];
  Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
    configurable: true,
    get() { return desc.get.call(this); },
    set(v) {
      if (this.title === 'print' && String(v).startsWith('blob:')) {
        window.__printedPdfs.push(String(v));
        desc.set.call(this, 'about:blank');
      } else desc.set.call(this, v);
    },
  });
})();`;
