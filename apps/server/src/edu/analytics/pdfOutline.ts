/**
 * The units of a teacher's own material (POD) from its PDF's outline (bookmarks), issue 15: each
 * outline item with a page destination becomes a unit (title, start page = its page, end page =
 * the next sibling's start − 1, the last sibling ending where its parent ends), children become
 * sub-units, and PDF page i (from 0) is the material's Ncode page `ncodeStartPage + i`.
 *
 * Read with the bounded PDF reader (`pdf/boundedPdf.ts`, never the whole file): explicit destinations, named ones
 * (the catalogue's `/Dests` and the `/Names` tree) and GoTo actions. An item without a page takes
 * its first child's; one with neither is left out. Items are bounded (cycles and huge outlines
 * end at `MAX_UNITS`); a PDF without an outline, or with one that cannot be read, has no units.
 */
import { MAX_UNITS, type UnitDefinition } from '@dotink/contracts/eduAnalytics';
import { PDFHexString } from 'pdf-lib';
import type { BoundedPdf } from '../../pdf/boundedPdf';
import { PdfDict, PdfName, PdfReadError, PdfRef, PdfString, type PdfValue } from '../../pdf/pdfSyntax';

/** An outline item read: title, PDF page index (when it names one), children. */
interface OutlineItem {
  readonly title: string;
  readonly pageIndex: number | undefined;
  readonly children: OutlineItem[];
}

/** Most nodes of the named-destination tree walked. */
const MAX_NAME_NODES = 2000;

/** A text string (PDFDocEncoding, UTF-16BE or UTF-8 with their marks), decoded by pdf-lib. */
function textOf(o: PdfValue | undefined): string | undefined {
  if (o instanceof PdfString) return PDFHexString.of(Buffer.from(o.bytes).toString('hex')).decodeText();
  if (o instanceof PdfName) return o.name;
  return undefined;
}

/** The named destinations of the document (catalogue `/Dests` and the `/Names` `/Dests` tree). */
async function namedDestinations(pdf: BoundedPdf): Promise<Map<string, PdfValue>> {
  const named = new Map<string, PdfValue>();
  const dests = await pdf.resolve(pdf.catalog.get('Dests'));
  if (dests instanceof PdfDict) {
    for (const [k, v] of dests.entries) named.set(k, v);
  }
  const names = await pdf.resolve(pdf.catalog.get('Names'));
  const tree = names instanceof PdfDict ? await pdf.resolve(names.get('Dests')) : undefined;
  const seen = new Set<PdfDict>();
  const walk = async (node: PdfValue | undefined, depth: number): Promise<void> => {
    if (!(node instanceof PdfDict) || seen.has(node) || depth > 32 || seen.size >= MAX_NAME_NODES) return;
    seen.add(node);
    const pairs = await pdf.resolve(node.get('Names'));
    if (Array.isArray(pairs)) {
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        const name = textOf(await pdf.resolve(pairs[i]));
        if (name !== undefined) named.set(name, pairs[i + 1]!);
      }
    }
    const kids = await pdf.resolve(node.get('Kids'));
    if (Array.isArray(kids)) for (const kid of kids) await walk(await pdf.resolve(kid), depth + 1);
  };
  await walk(tree, 0);
  return named;
}

/** The outline of `pdf` as items (empty without one); `pages` are the page tree's leaves in order. */
async function readOutline(pdf: BoundedPdf, pages: readonly PdfRef[]): Promise<OutlineItem[]> {
  const outlines = await pdf.resolve(pdf.catalog.get('Outlines'));
  if (!(outlines instanceof PdfDict)) return [];
  const pageIndex = new Map<string, number>();
  pages.forEach((p, i) => {
    if (!pageIndex.has(p.key)) pageIndex.set(p.key, i);
  });
  let named: Map<string, PdfValue> | undefined;
  const pageOf = async (dest: PdfValue | undefined, depth = 0): Promise<number | undefined> => {
    const d = await pdf.resolve(dest);
    if (Array.isArray(d)) {
      const target = d[0];
      return target instanceof PdfRef ? pageIndex.get(target.key) : undefined;
    }
    if (d instanceof PdfDict) return depth < 2 ? pageOf(d.get('D'), depth + 1) : undefined;
    const name = textOf(d);
    if (name === undefined || depth >= 2) return undefined;
    named ??= await namedDestinations(pdf);
    return pageOf(named.get(name), depth + 1);
  };
  const seen = new Set<PdfDict>();
  let count = 0;
  const siblings = async (first: PdfValue | undefined, depth: number): Promise<OutlineItem[]> => {
    const items: OutlineItem[] = [];
    let node = await pdf.resolve(first);
    while (node instanceof PdfDict && !seen.has(node) && count < MAX_UNITS && depth < 16) {
      seen.add(node);
      count++;
      const action = await pdf.resolve(node.get('A'));
      const dest =
        node.get('Dest') ??
        (action instanceof PdfDict && textOf(await pdf.resolve(action.get('S'))) === 'GoTo'
          ? action.get('D')
          : undefined);
      items.push({
        title: (textOf(await pdf.resolve(node.get('Title'))) ?? '').trim().slice(0, 200),
        pageIndex: await pageOf(dest),
        children: await siblings(node.get('First'), depth + 1),
      });
      node = await pdf.resolve(node.get('Next'));
    }
    return items;
  };
  return siblings(outlines.get('First'), 0);
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
 * The units of the outline of `pdf`, on the Ncode pages from `ncodeStartPage` (the PDF's first
 * page); `pages` are its page tree's leaves in order. Empty when the PDF has no outline (or none
 * with pages).
 */
export async function outlineUnits(
  pdf: BoundedPdf,
  pages: readonly PdfRef[],
  ncodeStartPage: number,
): Promise<UnitDefinition[]> {
  if (pages.length === 0) return [];
  let outline: OutlineItem[];
  try {
    outline = await readOutline(pdf, pages);
  } catch (error) {
    // A damaged outline does not make the PDF unusable: the material then has no units from it
    // (source 'none'), and the teacher sets them with PUT …/categories.
    if (error instanceof PdfReadError) return [];
    throw error;
  }
  return toUnits(outline, 0, pages.length - 1, ncodeStartPage);
}
