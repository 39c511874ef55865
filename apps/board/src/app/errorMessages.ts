/**
 * Which message a failure shows (issue 12: every failure reaches the user in their language):
 * storage failures (IndexedDB, through Dexie) by kind, anything else as an unexpected error
 * with its own text as the detail.
 */
import type { Message } from './editorStore';

/** IndexedDB / Dexie error names that mean the browser's storage failed. */
const STORAGE_ERRORS: ReadonlySet<string> = new Set([
  'AbortError',
  'ConstraintError',
  'DataCloneError',
  'DataError',
  'DatabaseClosedError',
  'InvalidStateError',
  'OpenFailedError',
  'QuotaExceededError',
  'ReadOnlyError',
  'TransactionInactiveError',
  'UnknownError',
  'VersionError',
]);

/** Errors meaning there is no storage at all (no IndexedDB, or it is blocked). */
const NO_STORAGE_ERRORS: ReadonlySet<string> = new Set(['MissingAPIError', 'SecurityError']);

function nameOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
}

/** The error's own text (a reason shown after the message). */
export function errorDetail(error: unknown): string {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const e = error as { name?: unknown; message?: unknown };
    const text = String(e.message ?? '').trim();
    return text || String(e.name ?? '');
  }
  return String(error);
}

/** True when `error` is a failure of the browser's storage. */
export function isStorageError(error: unknown): boolean {
  const name = nameOf(error);
  return STORAGE_ERRORS.has(name) || NO_STORAGE_ERRORS.has(name);
}

/** The message for a failure. */
export function errorMessage(error: unknown): Message {
  const name = nameOf(error);
  const reason = errorDetail(error);
  if (NO_STORAGE_ERRORS.has(name)) return { key: 'storage.unavailable', params: { reason } };
  if (name === 'QuotaExceededError') return { key: 'storage.full', params: { reason } };
  if (STORAGE_ERRORS.has(name)) return { key: 'storage.failed', params: { reason } };
  return { key: 'error.unexpected', params: { reason } };
}
