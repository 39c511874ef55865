/**
 * zod building blocks of the education API's requests and answers. Every number that reaches an
 * `integer` column is bounded to 32 bits and every text refuses NUL (PostgreSQL cannot store it),
 * so a malformed request is a 400, never a database error.
 */
import { z } from 'zod';
import { INT32_MAX, wholeNumberText } from './fields';

export { INT32_MAX } from './fields';

/** A database id in a path, query or form field: a positive 32-bit integer, digits only. */
export const idParam = wholeNumberText(1, INT32_MAX);

/** An integer that fits an `integer` column (from JSON). */
export const int32 = z.number().int().min(-INT32_MAX).max(INT32_MAX);

/** A non-negative integer (Ncode page address part) from a query string or a form field. */
export const ncodeText = wholeNumberText(0, INT32_MAX);

/** A non-negative integer (Ncode page address part) in JSON. */
export const ncodeNumber = z.number().int().min(0).max(INT32_MAX);

/** Text without NUL characters, at most `max` characters. */
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');

/** An instant as ISO 8601 text with an offset (or Z), between the years 1900 and 2999. */
export const isoInstant = z.iso.datetime({ offset: true }).refine((s) => {
  const y = new Date(s).getUTCFullYear();
  return y >= 1900 && y <= 2999;
}, 'out of range');

/**
 * An optional integer from JSON that may arrive as a number or as digits in text (form
 * values); empty text and null count as absent, so a handler can answer the spec's
 * "not entered" message.
 */
export const looseInt = z.preprocess(digitsToNumber, int32.optional());

/** Like {@link looseInt}, for Ncode page address parts (never negative). */
export const looseNcode = z.preprocess(digitsToNumber, ncodeNumber.optional());

function digitsToNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  return typeof v === 'string' && /^\s*-?\d{1,10}\s*$/.test(v) ? Number(v) : v;
}

/** An optional text from JSON; null counts as absent. */
export const looseText = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), text(max).optional());
