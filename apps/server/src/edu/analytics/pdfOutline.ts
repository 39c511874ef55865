/**
 * The units of a teacher's own material (POD) from its PDF's outline (bookmarks), issue 15: each
 * outline item with a page destination becomes a unit (title, start page = its page, end page =
 * the next sibling's start − 1, the last sibling ending where its parent ends), children become
 * sub-units, and PDF page i (from 0) is the material's Ncode page `ncodeStartPage + i`.
 *
 * Read with pdf-lib's object model (the server's PDF library): explicit destinations, named ones
 * (the catalogue's `/Dests` and the `/Names` tree) and GoTo actions. An item without a page takes
 * its first child's; one with neither is left out. Items are bounded (cycles and huge outlines
 * end at `MAX_UNITS`); a PDF without an outline, or with one pdf-lib cannot read, has no units.
 */
import { MAX_UNITS, type UnitDefinition } from '@dotink/contracts/eduAnalytics';
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFString,
} from 'pdf-lib';

/** An outline item read: title, PDF page index (when it names one), children. */
interface OutlineItem {
  readonly title: string;
  readonly pageIndex: number | undefined;
  readonly children: OutlineItem[];
}

const key = (name: string) => PDFName.of(name);

function textOf(o: PDFObject | undefined): string | undefined {
  if (o instanceof PDFString || o instanceof PDFHexString) return o.decodeText();
  if (o instanceof PDFName) return o.decodeText();
  return undefined;
}

/** The named destinations of the document (catalogue `/Dests` and the `/Names` `/Dests` tree). */
function namedDestinations(doc: PDFDocument): Map<string, PDFObject> {
  const named = new Map<string, PDFObject>();
  const catalog = doc.catalog;
  const dests = catalog.lookup(key('Dests'));
  if (dests instanceof PDFDict) {
    for (const [k, v] of dests.entries()) named.set(k.decodeText(), v);
  }
  const names = catalog.lookup(key('Names'));
  const tree = names instanceof PDFDict ? names.lookup(key('Dests')) : undefined;
  const seen = new Set<PDFDict>();
  const walk = (node: PDFObject | undefined, depth: number) => {
    if (!(node instanceof PDFDict) || seen.has(node) || depth > 32) return;
    seen.add(node);
    const pairs = node.lookup(key('Names'));
    if (pairs instanceof PDFArray) {
      for (let i = 0; i + 1 < pairs.size(); i += 2) {
        const name = textOf(pairs.lookup(i));
        if (name !== undefined) named.set(name, pairs.get(i + 1));
      }
    }
    const kids = node.lookup(key('Kids'));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) walk(kids.lookup(i), depth + 1);
  };
  walk(tree, 0);
  return named;
}

/** The outline of `doc` as items (empty without one). */
function readOutline(doc: PDFDocument): OutlineItem[] {
  const outlines = doc.catalog.lookup(key('Outlines'));
  if (!(outlines instanceof PDFDict)) return [];
  const pageIndex = new Map<string, number>();
  doc.getPages().forEach((p, i) => {
    pageIndex.set(p.ref.toString(), i);
  });
  let named: Map<string, PDFObject> | undefined;
  const resolve = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const pageOf = (dest: PDFObject | undefined, depth = 0): number | undefined => {
    const d = resolve(dest);
    if (d instanceof PDFArray) {
      const target = d.get(0);
      return target instanceof PDFRef ? pageIndex.get(target.toString()) : undefined;
    }
    if (d instanceof PDFDict) return depth < 2 ? pageOf(d.lookup(key('D')), depth + 1) : undefined;
    const name = textOf(d);
    if (name === undefined || depth >= 2) return undefined;
    named ??= namedDestinations(doc);
    return pageOf(named.get(name), depth + 1);
  };
  const seen = new Set<PDFDict>();
  let count = 0;
  const siblings = (first: PDFObject | undefined, depth: number): OutlineItem[] => {
    const items: OutlineItem[] = [];
    let node = resolve(first);
    while (node instanceof PDFDict && !seen.has(node) && count < MAX_UNITS && depth < 16) {
      seen.add(node);
      count++;
      const action = node.lookup(key('A'));
      const dest =
        node.get(key('Dest')) ??
        (action instanceof PDFDict && textOf(action.lookup(key('S'))) === 'GoTo'
          ? action.get(key('D'))
          : undefined);
      items.push({
        title: (textOf(node.lookup(key('Title'))) ?? '').trim().slice(0, 200),
        pageIndex: pageOf(dest),
        children: siblings(node.get(key('First')), depth + 1),
      });
      node = resolve(node.get(key('Next')));
    }
    return items;
  };
  return siblings(outlines.get(key('First')), 0);
}

/** Units of items within PDF pages `[first, last]` (indexes), mapped to Ncode pages from `base`. */
function toUnits(items: readonly OutlineItem[], first: number, last: number, base: number): UnitDefinition[] {
  const placed = items
    .map((item) => ({ item, start: item.pageIndex ?? firstPage(item.children) }))
    .filter((x): x is { item: OutlineItem; start: number } => x.start !== undefined && x.item.title !== '')
    .map((x) => ({ ...x, start: Math.min(Math.max(x.start, first), last) }));
  return placed.map(({ item, start }, i) => {
    const next = placed[i + 1]?.start;
    const end = next === undefined ? last : Math.max(start, next - 1);
    return {
      title: item.title,
      startPage: base + start,
      endPage: base + end,
      subCategories: toUnits(item.children, start, end, base),
    };
  });
}

function firstPage(items: readonly OutlineItem[]): number | undefined {
  for (const item of items) {
    const p = item.pageIndex ?? firstPage(item.children);
    if (p !== undefined) return p;
  }
  return undefined;
}

/**
 * The units of the outline of `doc`, on the Ncode pages from `ncodeStartPage` (the PDF's first
 * page); empty when the PDF has no outline (or none with pages).
 */
export function outlineUnits(doc: PDFDocument, ncodeStartPage: number): UnitDefinition[] {
  const pages = doc.getPageCount();
  if (pages === 0) return [];
  let outline: OutlineItem[];
  try {
    outline = readOutline(doc);
  } catch (error) {
    // A damaged outline does not make the PDF unusable: the material then has no units from it
    // (source 'none'), and the teacher sets them with PUT …/categories.
    if (error instanceof Error) return [];
    throw error;
  }
  return toUnits(outline, 0, pages - 1, ncodeStartPage);
}
