/**
 * The board file model: what a .GRIDA file holds, whichever format it was read from (our
 * versioned container or GridaBoard's legacy JSON). Plain readonly records; ink stays in nu,
 * keyed by the Ncode page address of each board page, with the page transform nu → pt beside it.
 */
import type { Homography, PageAddress, SizePt } from '@dotink/ncode';
import type { Stroke } from '../../types';

/** A page background: the plain page, or the second (lined) style of the toolbar. */
export type PageBackground = 'basic' | 'lined';

/** Page rotation, degrees clockwise. */
export type PageRotation = 0 | 90 | 180 | 270;

/** Where a board page comes from: a page of an imported PDF, or Ncode paper written with a pen. */
export type GridaPageSource =
  | { readonly kind: 'pdf'; readonly pdfId: string /** 1-based. */; readonly pageNo: number }
  | { readonly kind: 'ncode' };

/** One page of a board. */
export interface GridaPage {
  /** Unique within the board. */
  readonly id: string;
  /** The Ncode page whose ink shows on this board page (unique within the board). */
  readonly address: PageAddress;
  /** The page's base (identity) code, when it differs from `address`. */
  readonly baseAddress?: PageAddress;
  readonly source: GridaPageSource;
  /** The page box in pt (unrotated). */
  readonly sizePt: SizePt;
  /** The page transform nu → pt (unrotated page). */
  readonly nuToPt: Homography;
  readonly rotation: PageRotation;
  readonly background: PageBackground;
}

/** A PDF stored in the board, byte for byte as imported. */
export interface GridaPdf {
  readonly id: string;
  readonly fileName: string;
  /** pdf.js fingerprint (or any stable digest) used to refuse a duplicate import; may be ''. */
  readonly fingerprint: string;
  readonly bytes: Uint8Array;
}

/** Board metadata. */
export interface GridaBoardMeta {
  readonly id: string;
  readonly title: string;
  /** The board list group it belongs to; '' when unshelved. */
  readonly group: string;
  readonly createdMs: number;
  readonly updatedMs: number;
}

/** Everything a board file holds. Strokes of any status (erased ones too), in drawing order. */
export interface GridaDocument {
  readonly board: GridaBoardMeta;
  readonly pdfs: readonly GridaPdf[];
  readonly pages: readonly GridaPage[];
  readonly strokes: readonly Stroke[];
}

/** Thrown for a file that is not a board file we can read; `reason` says why (for logs). */
export class GridaFormatError extends Error {
  constructor(readonly reason: string) {
    super(`not a readable .grida file: ${reason}`);
    this.name = 'GridaFormatError';
  }
}
