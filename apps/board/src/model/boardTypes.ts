/**
 * The board list and board pages as stored in the browser (IndexedDB). A board page is a
 * {@link GridaPage} of the file model plus its board and place; ink lives per page.
 */
import type { GridaPage, StrokeRecord } from '@dotink/ink';

/** One board in the board list. */
export interface BoardRecord {
  readonly id: string;
  readonly title: string;
  /** Group (shelf) name; '' = unshelved. */
  readonly group: string;
  /** 1 when in the trash (IndexedDB cannot index booleans). */
  readonly trashed: 0 | 1;
  readonly createdMs: number;
  readonly updatedMs: number;
  /** When the board was last opened; null = never. */
  readonly lastOpenedMs: number | null;
  readonly pageCount: number;
}

/** A page of a board, in board order (`index`). */
export interface PageRecord extends GridaPage {
  readonly boardId: string;
  readonly index: number;
}

/** A PDF of a board, stored byte for byte. */
export interface PdfRecord {
  readonly id: string;
  readonly boardId: string;
  readonly fileName: string;
  readonly fingerprint: string;
  readonly bytes: Uint8Array;
}

/** The ink of one page: the strokes (any status) in drawing order, in the .GRIDA stroke form. */
export interface InkPageRecord {
  readonly boardId: string;
  /** `"s.o.b.p"` of the page. */
  readonly pageId: string;
  readonly records: readonly StrokeRecord[];
  readonly dots: Uint8Array;
}

/** A board list group. */
export interface GroupRecord {
  readonly name: string;
  readonly createdMs: number;
}

/** Small app-wide values (e.g. the next temporary code). */
export interface MetaRecord {
  readonly key: string;
  readonly value: unknown;
}
