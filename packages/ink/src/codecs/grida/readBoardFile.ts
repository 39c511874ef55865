/**
 * Opening any board file: our zip container or GridaBoard's legacy JSON, told apart by their
 * first bytes.
 */
import { looksLikeZip } from './container';
import { looksLikeLegacyGrida } from './legacy/importLegacy';

/** Which board file format the bytes are. */
export type BoardFileKind = 'grida' | 'legacy-grida' | 'unknown';

/** The format of a board file, from its first bytes. */
export function boardFileKind(bytes: Uint8Array): BoardFileKind {
  if (looksLikeZip(bytes)) return 'grida';
  if (looksLikeLegacyGrida(bytes)) return 'legacy-grida';
  return 'unknown';
}
