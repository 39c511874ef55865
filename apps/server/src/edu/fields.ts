/**
 * Server-side helpers of the education API. The zod building blocks of its wire contract live in
 * `@dotink/contracts/eduFields` (re-exported here for the server's modules).
 */
export {
  INT32_MAX,
  idParam,
  int32,
  isoInstant,
  looseInt,
  looseNcode,
  looseText,
  ncodeNumber,
  ncodeText,
  text,
} from '@dotink/contracts/eduFields';

/** A Date as ISO text in an answer (null stays null). */
export function isoOrNull(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** True when `value` is blank once spaces are removed. */
export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.replace(/\s+/g, '') === '';
}

/** True for a unique-constraint violation from PostgreSQL or PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
