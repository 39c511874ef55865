/** Recognising database errors that are the caller's fault, not the server's. */

/** True for PostgreSQL's unique violation (23505): a row with that key exists already. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
