/**
 * zod building blocks for the edge of every API (server and clients): numbers from text taken strictly (digits only,
 * no spaces, hex or exponents) and bounded to the database column they reach, and instants
 * bounded to the years a database and the apps handle.
 */
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer`. */
export const INT32_MAX = 2_147_483_647;

/** Earliest and latest instant accepted from a client (years 1900 to 2999). */
export const MIN_INSTANT_MS = Date.UTC(1900, 0, 1);
export const MAX_INSTANT_MS = Date.UTC(3000, 0, 1) - 1;

/** True when `ms` is a time in the accepted years. */
export function instantInRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;
}

/** Earliest instant a stroke may carry (its start, end and `updated` times): 2000-01-01. */
export const MIN_STROKE_MS = Date.UTC(2000, 0, 1);
/** How far after the server's clock a stroke's instants may lie (a pen clock a little ahead). */
export const STROKE_FUTURE_MS = 24 * 3_600_000;

/**
 * True when `ms` is a stroke instant the server accepts at `nowMs` (its injected clock): from
 * {@link MIN_STROKE_MS} to `nowMs` + {@link STROKE_FUTURE_MS}.
 */
export function strokeInstantInWindow(ms: number, nowMs: number): boolean {
  return Number.isSafeInteger(ms) && ms >= MIN_STROKE_MS && ms <= nowMs + STROKE_FUTURE_MS;
}

/**
 * A whole number written as digits (a path or query parameter, a form field), between `min`
 * and `max`: `" 1 "`, `"0x10"`, `"1e3"` and `""` are refused.
 */
export const wholeNumberText = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,10}$/, 'must be a whole number (digits only)')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
