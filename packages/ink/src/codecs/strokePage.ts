/**
 * The page object shared by the upload data and the ink store: a page address under its wire
 * names, an optional category and the page's server stroke records.
 */
import { type PageAddress, pageAddress } from '@dotink/ncode';
import { readServerStroke, type ServerStroke } from './serverStroke';

/** A stroke category: a number on our side; other senders may use text. */
export type StrokeCategory = number | string;

/** A page of server strokes read from JSON. */
export interface ReadStrokePage {
  readonly page: PageAddress;
  readonly category: StrokeCategory;
  readonly strokes: readonly ServerStroke[];
}

/**
 * Reads `{section, owner, <book>, pageNumber, category?, strokes}` where the book field is named
 * `bookCode` (page object) or `book` (flat form). Throws a plain Error when it does not fit.
 */
export function readStrokePage(value: unknown, bookField: 'bookCode' | 'book'): ReadStrokePage {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a page');
  const v = value as Record<string, unknown>;
  const section = intField(v.section);
  const owner = intField(v.owner);
  const book = intField(v[bookField]);
  const pageNumber = intField(v.pageNumber);
  if (!Array.isArray(v.strokes)) throw new Error('no strokes');
  const category = v.category;
  return {
    page: pageAddress(section, owner, book, pageNumber),
    category: typeof category === 'number' || typeof category === 'string' ? category : 0,
    strokes: v.strokes.map(readServerStroke),
  };
}

function intField(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  if (!Number.isInteger(n)) throw new Error('not an integer');
  return n;
}
