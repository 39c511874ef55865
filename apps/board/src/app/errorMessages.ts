/**
 * Which message a failure shows (issue 12: every failure reaches the user in their language):
 * storage failures (IndexedDB, through Dexie) by kind, anything else as an unexpected error
 * with its own text as the detail.
 */
import { BadRecordError } from '../model/recordSchemas';
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

/** Dexie wraps the cause (`inner`); e.g. a closed database whose cause is a missing API. */
function namesOf(error: unknown): string[] {
  const names: string[] = [];
  let e: unknown = error;
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    names.push(nameOf(e));
    e = (e as { inner?: unknown }).inner;
  }
  const text = errorDetail(error);
  for (const n of NO_STORAGE_ERRORS) if (text.includes(n)) names.push(n);
  return names;
}

/** The error's own text (a reason shown after the message). */
export function errorDetail(error: unknown): string {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const e = error as { name?: unknown; message?: unknown };
    const text = String(e.message ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    return text || String(e.name ?? '');
  }
  return String(error);
}

/** True when `error` is a failure of the browser's storage. */
export function isStorageError(error: unknown): boolean {
  return namesOf(error).some((n) => STORAGE_ERRORS.has(n) || NO_STORAGE_ERRORS.has(n));
}

/** The message for a failure. */
export function errorMessage(error: unknown): Message {
  if (error instanceof BadRecordError) {
    return {
      key: 'storage.badRecord',
      params: { where: error.where, key: error.key, problem: error.problem },
    };
  }
  const names = namesOf(error);
  const reason = errorDetail(error);
  if (names.some((n) => NO_STORAGE_ERRORS.has(n))) return { key: 'storage.unavailable', params: { reason } };
  if (names.includes('QuotaExceededError')) return { key: 'storage.full', params: { reason } };
  if (names.some((n) => STORAGE_ERRORS.has(n))) return { key: 'storage.failed', params: { reason } };
  return { key: 'error.unexpected', params: { reason } };
}
