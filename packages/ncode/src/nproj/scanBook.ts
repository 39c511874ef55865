/**
 * The Ncode book of a `.nproj` file from the beginning of its text only: an index of project
 * files needs just `book/section`, `book/owner` and `book/code` (ncode-paper.md §3.1), which the
 * files carry near the top, while {@link parseNproj} reads every symbol (hundreds of kilobytes).
 */
import type { BookAddress } from '../address';
import { readBook } from './readHeader';
import { parseXmlElements } from './xml';

const START_TAG = /<([A-Za-z_:][^\s/>=<"'!?]*)(?:\s+[^\s/>=<"']+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/y;
const END_TAG = /<\/([^\s>]+)\s*>/y;
const BLANK = /^\s*$/;

/** Where a construct that starts at `at` with `open` ends (after `close`), or -1. */
function skipPast(text: string, at: number, open: string, close: string): number {
  const end = text.indexOf(close, at + open.length);
  return end < 0 ? -1 : end + close.length;
}

/** Reads the `<book>…</book>` slice as {@link parseNproj} would; undefined when it would throw. */
function bookOf(slice: string): BookAddress | undefined {
  try {
    const b = readBook(parseXmlElements(slice)[0]);
    return { section: b.section, owner: b.owner, book: b.code };
  } catch {
    return undefined; // the full parse throws too: the caller finds out there
  }
}

/**
 * The book (`section`, `owner`, `code` → {@link BookAddress}) of a `.nproj` text, read from the
 * root's first `book` element as {@link parseNproj} reads it, looking no further than that
 * element's end. Follows nesting (a `book` inside another element, a comment, a processing
 * instruction or CDATA does not count). Answers undefined when the text cannot tell: it ends
 * before `</book>`, the first element is not `<nproj>`, a DOCTYPE has an internal subset, tags
 * do not match, or the book lacks a field the full reader requires. Then parse the whole file.
 */
export function scanNprojBook(text: string): BookAddress | undefined {
  const open: string[] = [];
  let bookStart = -1;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return undefined;
    if (open.length === 0 && !BLANK.test(text.slice(i, lt))) return undefined;
    if (text.startsWith('<?', lt)) i = skipPast(text, lt, '<?', '?>');
    else if (text.startsWith('<!--', lt)) i = skipPast(text, lt, '<!--', '-->');
    else if (text.startsWith('<![CDATA[', lt)) {
      if (open.length === 0) return undefined;
      i = skipPast(text, lt, '<![CDATA[', ']]>');
    } else if (text.startsWith('<!', lt)) {
      i = skipPast(text, lt, '<!', '>');
      if (open.length > 0 || i < 0 || text.slice(lt, i).includes('[')) return undefined;
    } else if (text.startsWith('</', lt)) {
      END_TAG.lastIndex = lt;
      const m = END_TAG.exec(text);
      if (!m || open.pop() !== m[1]) return undefined;
      i = END_TAG.lastIndex;
      if (open.length === 1 && bookStart >= 0) return bookOf(text.slice(bookStart, i));
      if (open.length === 0) return undefined; // the root ended without a book
    } else {
      START_TAG.lastIndex = lt;
      const m = START_TAG.exec(text);
      if (!m) return undefined;
      const [, name, selfClosing] = m as unknown as [string, string, string];
      i = START_TAG.lastIndex;
      if (open.length === 0 && (name !== 'nproj' || selfClosing)) return undefined;
      if (open.length === 1 && name === 'book') {
        if (selfClosing) return bookOf(text.slice(lt, i));
        bookStart = lt;
      }
      if (!selfClosing) open.push(name);
    }
    if (i < 0) return undefined;
  }
}
