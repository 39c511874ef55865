/**
 * Reads a `.nproj` project file into an {@link NprojDocument}.
 *
 * Tolerates a DOCTYPE without DTD, padded text (trimmed), negative coordinates, `pages@count`
 * larger than the number of page items, an empty `<action_table/>` and encoded entities. Symbol
 * types are read as written (Triangle and Custom included); the Rectangle/Ellipse rule applies
 * only when a symbol becomes a control symbol (`toControlSymbol` in `pui.ts`).
 */
import {
  childElement,
  childElements,
  childText,
  compact,
  elementText,
  extrasOf,
  toBoolean,
  toNumber,
  toNumberList,
  toOptionalNumber,
} from './readFields';
import { readBook, readConfig, readPreset, readTicket } from './readHeader';
import type {
  NprojCropMargin,
  NprojDocument,
  NprojHomography,
  NprojPageItem,
  NprojPages,
  NprojResource,
  NprojSymbol,
} from './types';
import { parseXmlElements, type XmlElement } from './xml';

const PAGE_ITEM_ATTRIBUTES = [
  'number',
  'rotate_angle',
  'x1',
  'y1',
  'x2',
  'y2',
  'crop_margin',
  'bg_disabled',
  'page_type',
  'homography',
];

function readCropMargin(raw: string | undefined): NprojCropMargin {
  const values = toNumberList(raw ?? '', 'page_item@crop_margin');
  if (values.length === 0) return { left: 0, right: 0, top: 0, bottom: 0 };
  if (values.length !== 4) throw new Error(`nproj: page_item@crop_margin needs 4 numbers: "${raw}"`);
  const [left, right, top, bottom] = values as [number, number, number, number];
  return { left, right, top, bottom };
}

function readHomography(raw: string | undefined): NprojHomography | undefined {
  if (raw === undefined) return undefined;
  const values = toNumberList(raw, 'page_item@homography');
  if (values.length !== 9) throw new Error(`nproj: page_item@homography needs 9 numbers: "${raw}"`);
  return values as unknown as NprojHomography;
}

function readPageItem(el: XmlElement): NprojPageItem {
  const a = el.attributes;
  const n = (name: string) => toNumber(a[name], `page_item@${name}`);
  return compact({
    number: n('number'),
    rotateAngle: n('rotate_angle'),
    x1: n('x1'),
    y1: n('y1'),
    x2: n('x2'),
    y2: n('y2'),
    cropMargin: readCropMargin(a.crop_margin),
    bgDisabled: toBoolean(a.bg_disabled, 'page_item@bg_disabled'),
    pageType: n('page_type'),
    homography: readHomography(a.homography),
    extras: extrasOf(el, PAGE_ITEM_ATTRIBUTES),
  });
}

function readPages(el: XmlElement | undefined): NprojPages {
  const items = childElements(el, 'page_item').map(readPageItem);
  return compact({
    count: toNumber(el?.attributes.count, 'pages@count', items.length),
    items,
    extras: extrasOf(el, ['count'], ['page_item']),
  });
}

const SYMBOL_ATTRIBUTES = [
  'page',
  'page_name',
  'type',
  'x',
  'y',
  'width',
  'height',
  'lock',
  'xylock',
  'resource_type',
  'resource_id',
];
const SYMBOL_CHILDREN = ['name', 'id', 'command', 'language_resources', 'matching_symbols', 'customshape'];
const LANGUAGE_ATTRIBUTES = ['resource_country', 'resource_type', 'resource_id'];

function readSymbol(el: XmlElement): NprojSymbol {
  const a = el.attributes;
  const n = (name: string) => toNumber(a[name], `symbol@${name}`);
  const command = childElement(el, 'command');
  const matching = childElement(el, 'matching_symbols');
  const points = childElement(childElement(el, 'customshape'), 'points');
  return compact({
    page: n('page'),
    pageName: a.page_name ?? '',
    type: a.type ?? '',
    x: n('x'),
    y: n('y'),
    width: n('width'),
    height: n('height'),
    lock: n('lock'),
    xylock: toOptionalNumber(a.xylock, 'symbol@xylock'),
    resourceType: a.resource_type,
    resourceId: a.resource_id,
    name: childText(el, 'name'),
    id: childText(el, 'id'),
    command: compact({
      name: command?.attributes.name ?? '',
      action: command?.attributes.action ?? '',
      param: command?.attributes.param ?? '',
      extras: extrasOf(command, ['name', 'action', 'param']),
    }),
    languageResources: childElements(childElement(el, 'language_resources'), 'language').map((l) =>
      compact({
        country: l.attributes.resource_country ?? '',
        resourceType: l.attributes.resource_type ?? '',
        resourceId: l.attributes.resource_id ?? '',
        extras: extrasOf(l, LANGUAGE_ATTRIBUTES),
      }),
    ),
    matchingSymbols: compact({
      previous: matching?.attributes.previous ?? '',
      next: matching?.attributes.next ?? '',
      extras: extrasOf(matching, ['previous', 'next']),
    }),
    customShapePoints:
      points === undefined ? undefined : toNumberList(elementText(points) ?? '', 'customshape/points'),
    extras: extrasOf(el, SYMBOL_ATTRIBUTES, SYMBOL_CHILDREN),
  });
}

const RESOURCE_ATTRIBUTES = ['type', 'editable', 'removable', 'ref_count'];
const RESOURCE_CHILDREN = ['name', 'id', 'path', 'file', 'resource'];

function readResource(el: XmlElement): NprojResource {
  const a = el.attributes;
  const path = childElement(el, 'path');
  return compact({
    type: a.type ?? '',
    editable: a.editable ?? '',
    removable: a.removable ?? '',
    refCount: toNumber(a.ref_count, 'resource@ref_count'),
    name: childText(el, 'name'),
    id: childText(el, 'id'),
    path: elementText(path) ?? '',
    pathType: path?.attributes.type,
    file: childText(el, 'file'),
    children: childElements(el, 'resource').map(readResource),
    extras: extrasOf(el, RESOURCE_ATTRIBUTES, RESOURCE_CHILDREN),
  });
}

const ROOT_CHILDREN = [
  'preset',
  'book',
  'ticket',
  'pdf',
  'config',
  'pages',
  'action_table',
  'symbols',
  'resources',
  'palette',
];

/**
 * Parses the text of a `.nproj` file. Throws an Error when there is no `<nproj>` root, when
 * `book/section`, `owner`, `code` or `start_page` is missing, or when a number or boolean
 * field holds something else.
 */
export function parseNproj(xmlText: string): NprojDocument {
  const root = parseXmlElements(xmlText).find((e) => e.name === 'nproj');
  if (root === undefined) throw new Error('nproj: no <nproj> root element');
  const symbols = childElement(root, 'symbols');
  const symbolNames = childElement(symbols, 'symbol_names');
  return compact({
    version: root.attributes.version ?? '',
    category: root.attributes.category ?? '',
    preset: readPreset(childElement(root, 'preset')),
    book: readBook(childElement(root, 'book')),
    ticket: readTicket(childElement(root, 'ticket')),
    pdfPaths: childElements(childElement(root, 'pdf'), 'path').map((p) => elementText(p) ?? ''),
    config: readConfig(childElement(root, 'config')),
    pages: readPages(childElement(root, 'pages')),
    actionTable: childElements(childElement(root, 'action_table'), 'action').map((e) => elementText(e) ?? ''),
    symbols: childElements(symbols, 'symbol').map(readSymbol),
    symbolNames: elementText(symbolNames),
    resources: childElements(childElement(root, 'resources'), 'resource').map(readResource),
    palette: childElement(root, 'palette'),
    extras: extrasOf(root, ['version', 'category'], ROOT_CHILDREN),
  });
}
