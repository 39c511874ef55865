/**
 * A deleted board page in the board's print records: the registration still to do and the
 * stored mapping name board pages by number (`pdfPageNo`, 1-based), so deleting page n drops
 * n's entry and moves the later pages up one; the records as they were come back with Undo.
 * (The pages themselves carry their code and transform: the other pages keep theirs.)
 */
import type { StoredPrintMapping } from './boardMapping';
import { type BoardPrintTarget, printMappingKey } from './printFlow';
import { loadPendingRegistration, savePendingRegistration } from './registrationFlow';

/** `list` after board page `deletedNo` is deleted: its entry gone, later pages one lower. */
export function renumberAfterDelete<T extends { readonly pdfPageNo: number }>(
  list: readonly T[],
  deletedNo: number,
): T[] {
  return list
    .filter((p) => p.pdfPageNo !== deletedNo)
    .map((p) => (p.pdfPageNo > deletedNo ? { ...p, pdfPageNo: p.pdfPageNo - 1 } : p));
}

export type PrintRecordsTarget = Pick<BoardPrintTarget, 'boardId' | 'loadMeta' | 'saveMeta'>;

/**
 * Renumbers the board's print records for the deletion of board page `deletedNo`. Returns the
 * undo: the records put back as they were.
 */
export async function printRecordsAfterDelete(
  target: PrintRecordsTarget,
  deletedNo: number,
): Promise<() => Promise<void>> {
  // a stored registration that is not a list of printed pages (TypeError) is left as it is: the
  // printed pages' own dialog reports it; a storage that cannot be read fails the deletion
  const pending = await loadPendingRegistration(target).catch((error: unknown) => {
    if (error instanceof TypeError) return undefined;
    throw error;
  });
  const mappingKey = printMappingKey(target.boardId);
  const mapping = (await target.loadMeta(mappingKey)) as StoredPrintMapping | undefined | null;
  if (pending) {
    const next = renumberAfterDelete(pending, deletedNo);
    await savePendingRegistration(target, next.length > 0 ? next : undefined);
  }
  const hasPages = typeof mapping === 'object' && mapping !== null && Array.isArray(mapping.pages);
  if (hasPages) {
    await target.saveMeta(mappingKey, { ...mapping, pages: renumberAfterDelete(mapping.pages, deletedNo) });
  }
  return async () => {
    if (pending) await savePendingRegistration(target, pending);
    if (hasPages) await target.saveMeta(mappingKey, mapping);
  };
}
