/**
 * What kind of file the user picked (board.md §5: import accepts only supported types): a PDF or
 * a board file (.GRIDA, ours or GridaBoard's), from its extension and its first bytes.
 */
import { boardFileKind } from '@dotink/ink';

export type ImportKind = 'pdf' | 'grida' | 'unsupported';

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function startsWithPdf(bytes: Uint8Array): boolean {
  // pdf.js and most readers accept junk before the header within the first kilobyte.
  const limit = Math.min(bytes.length - PDF_MAGIC.length, 1024);
  for (let i = 0; i <= limit; i++) {
    if (PDF_MAGIC.every((b, k) => bytes[i + k] === b)) return true;
  }
  return false;
}

/** The kind of an imported file. */
export function importKind(fileName: string, bytes: Uint8Array): ImportKind {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'pdf') return startsWithPdf(bytes) ? 'pdf' : 'unsupported';
  if (ext === 'grida') return boardFileKind(bytes) === 'unknown' ? 'unsupported' : 'grida';
  if (startsWithPdf(bytes)) return 'pdf';
  return boardFileKind(bytes) === 'grida' ? 'grida' : 'unsupported';
}

/** The file name without its extension (a new board's title). */
export function baseName(fileName: string): string {
  const name = fileName.replace(/^.*[\\/]/, '');
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
