import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nprojFileNames, readNcodeText } from '../../../../test-support/shared';
import type { BookAddress } from '../address';
import { parseNproj } from './read';
import { scanNprojBook } from './scanBook';
import type { NprojDocument } from './types';
import { writeNproj } from './write';
import type { XmlElement } from './xml';

/** The book as the full reader sees it. */
const fullBook = (text: string): BookAddress => {
  const { book } = parseNproj(text);
  return { section: book.section, owner: book.owner, book: book.code };
};

const realFiles = nprojFileNames().map((f) => [f, readNcodeText('nproj', f)] as const);

describe('scanNprojBook on the 5 real files', () => {
  it.each(realFiles)('%s: the header gives the book the full parse gives', (_name, text) => {
    expect(scanNprojBook(text)).toEqual(fullBook(text));
  });

  it.each(realFiles)('%s: the first 4 KiB are enough', (_name, text) => {
    expect(scanNprojBook(text.slice(0, 4096))).toEqual(fullBook(text));
  });
});

describe('scanNprojBook cannot tell (undefined, never a wrong book)', () => {
  const grida = realFiles[0]![1];
  it.each([
    ['the text ends inside <book>', grida.slice(0, grida.indexOf('</book>'))],
    ['no nproj root first', grida.replace('<nproj ', '<other ').replace('</nproj>', '</other>')],
    [
      'a DOCTYPE with an internal subset',
      grida.replace('<!DOCTYPE nproj>', '<!DOCTYPE nproj [<!ENTITY s "3">]>'),
    ],
    ['mismatched tags before the book', grida.replace('</preset>', '</presets>')],
    ['a book without section', grida.replace(/<section>3<\/section>/, '')],
    ['text before the root', `junk${grida}`],
    ['no book at all', '<?xml version="1.0"?><nproj version="2.31"><preset/></nproj>'],
    ['empty text', ''],
  ])('%s', (_what, text) => {
    expect(scanNprojBook(text)).toBeUndefined();
  });
});

// ---- Generated files ---------------------------------------------------------------------------

/** The real documents, cut to a few symbols and pages (the body does not change the header). */
const baseDocs = realFiles.map(([, text]): NprojDocument => {
  const doc = parseNproj(text);
  const pages = { ...doc.pages, items: doc.pages.items.slice(0, 2) };
  return { ...doc, pages, symbols: doc.symbols.slice(0, 2), actionTable: doc.actionTable.slice(0, 3) };
});
const int = fc.integer({ min: -1, max: 2_147_483_647 });
/** Element names that could fool a scanner which does not follow nesting. */
const trickyName = fc.constantFrom('book', 'section', 'owner', 'code', 'nproj', 'x_a');
const trickyText = fc.constantFrom('', '9', '</book>', '<book>', 'Q&A', ']]>', ' 7 ', '&amp;#51;');
const trickyElement: fc.Arbitrary<XmlElement> = fc.letrec<{ el: XmlElement }>((tie) => ({
  el: fc.record({
    name: trickyName,
    attributes: fc.dictionary(fc.constantFrom('a', 'section', 'b'), trickyText, { maxKeys: 2 }),
    children: fc.oneof(
      { depthSize: 'small' },
      fc.constant([]),
      trickyText.filter((s) => s.trim() !== '').map((s) => [s.trim()]),
      fc.array(tie('el'), { maxLength: 2 }),
    ),
  }),
})).el;
const extras = fc.option(
  fc.array(trickyElement, { minLength: 1, maxLength: 3 }).map((elements) => ({ elements })),
  { nil: undefined },
);

/** A real document with another book, tricky extras and a tricky title. */
const docArb: fc.Arbitrary<NprojDocument> = fc
  .record({
    base: fc.constantFrom(...baseDocs),
    section: int,
    owner: int,
    code: int,
    title: trickyText.map((s) => s.trim()),
    presetExtras: extras,
    bookExtras: extras,
  })
  .map(({ base, section, owner, code, title, presetExtras, bookExtras }) => ({
    ...base,
    preset: { ...base.preset, extras: presetExtras },
    book: { ...base.book, section, owner, code, title, extras: bookExtras },
  }));

/** Things a file may hold between tags without changing the book. */
const noise = fc.constantFrom(
  '<!-- <book><section>9</section></book> -->',
  '<?pi <book> ?>',
  '\n\t  ',
  '<!---->',
);

/** Inserts noise after some of the first 60 `>` of the text (between tags or before a text). */
function withNoise(text: string, inserts: readonly (readonly [number, string])[]): string {
  const gts: number[] = [];
  for (let i = text.indexOf('>'); i >= 0 && gts.length < 60; i = text.indexOf('>', i + 1)) gts.push(i);
  const at = new Map(inserts.map(([k, s]) => [gts[k % gts.length]!, s]));
  let out = '';
  for (let i = 0; i < text.length; i++) out += text[i] + (at.get(i) ?? '');
  return out;
}

/** Writes the book's numbers as character references, as some writers might. */
const asCharRefs = (text: string) =>
  text.replace(/<(section|owner|code)>(-?\d+)<\/\1>/g, (_m, name: string, digits: string) => {
    const refs = [...digits].map((c) => `&#${c.charCodeAt(0)};`).join('');
    return `<${name}>${refs}</${name}>`;
  });

const fileArb = fc
  .record({
    doc: docArb,
    inserts: fc.array(fc.tuple(fc.nat(), noise), { maxLength: 4 }),
    charRefs: fc.boolean(),
  })
  .map(({ doc, inserts, charRefs }) => {
    const written = withNoise(writeNproj(doc), inserts);
    return charRefs ? asCharRefs(written) : written;
  })
  .filter((text) => {
    try {
      parseNproj(text);
      return true;
    } catch {
      return false; // only files the full reader reads (a tricky extra may break the document)
    }
  });

describe('scanNprojBook on generated files', () => {
  it('gives the book the full parse gives', () => {
    fc.assert(
      fc.property(fileArb, (text) => {
        expect(scanNprojBook(text)).toEqual(fullBook(text));
      }),
      { numRuns: 200 },
    );
  });

  it('on any beginning of a file gives that book or cannot tell', () => {
    fc.assert(
      fc.property(fileArb, fc.double({ min: 0, max: 1, noNaN: true }), (text, fraction) => {
        const head = scanNprojBook(text.slice(0, Math.floor(text.length * fraction)));
        if (head !== undefined) expect(head).toEqual(fullBook(text));
      }),
      { numRuns: 200 },
    );
  });
});
