/**
 * File-name rules of the save dialogs (board.md §5, §8): a name cannot start with a dot and may
 * contain only Korean, English, Chinese and Japanese letters, digits, `+ - _` and dots.
 */

/** Why a name was refused. */
export type FileNameProblem = 'empty' | 'leadingDot' | 'characters';

/** The messages of each problem (the spec's rules, quoted). */
export const FILE_NAME_MESSAGES: Readonly<Record<FileNameProblem, string>> = Object.freeze({
  empty: 'Please enter a file name.',
  leadingDot: 'A file name cannot start with a dot.',
  characters:
    'A file name may contain only Korean, English, Chinese and Japanese characters, digits, and the symbols + - _ and a dot.',
});

/**
 * Allowed characters: Latin letters and digits, `+ - _ .`, Hangul (syllables and jamo), CJK
 * ideographs (unified, extension A, compatibility), Hiragana, Katakana (with the long-vowel
 * mark), half-width Katakana.
 */
const ALLOWED =
  /^[A-Za-z0-9+\-_.\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u309f\u30a0-\u30ff\uff66-\uff9f]*$/;

/** The problem with a file name, or undefined when it is fine. */
export function fileNameProblem(name: string): FileNameProblem | undefined {
  if (name.length === 0) return 'empty';
  if (name.startsWith('.')) return 'leadingDot';
  if (!ALLOWED.test(name)) return 'characters';
  return undefined;
}

/** A title turned into a valid default file name (refused characters become `_`). */
export function suggestFileName(title: string): string {
  const cleaned = [...title.trim()]
    .map((c) => (ALLOWED.test(c) ? c : '_'))
    .join('')
    .replace(/^\.+/, '');
  return cleaned.length > 0 ? cleaned : 'board';
}
