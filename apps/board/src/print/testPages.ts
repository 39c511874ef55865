/** Board page fixtures for the print tests. */
import type { GridaPage } from '@dotink/ink';
import { type PageAddress, pageAddress, scaleHomography } from '@dotink/ncode';

/** A temporary (section 256) code, as the board model gives imported pages. */
export const temporary = (n: number): PageAddress => pageAddress(256, 27, 1068, n);

/** Board pages `p1…pN`: pages of PDF `pdf1` (A4), on temporary codes, with the dummy A4 transform. */
export function boardPages(count: number, size = { widthPt: 595.28, heightPt: 841.89 }): GridaPage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    address: temporary(i),
    source: { kind: 'pdf', pdfId: 'pdf1', pageNo: i + 1 },
    sizePt: size,
    nuToPt: scaleHomography(6.72),
    rotation: 0,
    background: 'basic',
  }));
}
