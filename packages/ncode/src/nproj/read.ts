/**
 * Reads a `.nproj` project file into an {@link NprojDocument}.
 *
 * Tolerates a DOCTYPE without DTD, padded text (trimmed), negative coordinates, `pages@count`
 * larger than the number of page items, an empty `<action_table/>` and encoded entities. Symbol
 * types are read as written (Triangle and Custom included); the Rectangle/Ellipse rule applies
 * only when a symbol becomes a control symbol ({@link toControlSymbol} in `pui.ts`).
 */
import { NPROJ_BOOK_DEFAULTS, NPROJ_DEFAULT_PRESET, NPROJ_RESOURCE_MAPPING_MODE } from './defaults';
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
import type {
  NprojBook,
  NprojConfig,
  NprojCropMargin,
  NprojDocument,
  NprojHomography,
  NprojMediaPreset,
  NprojPageItem,
  NprojPages,
  NprojPreset,
  NprojResource,
  NprojSymbol,
  NprojTicket,
} from './types';
import { parseXmlElements, type XmlElement } from './xml';

function readMedia(el: XmlElement | undefined, fallback: NprojMediaPreset, where: string): NprojMediaPreset {
  if (el === undefined) return fallback;
  return compact({
    set: toBoolean(el.attributes.set, `${where}@set`, fallback.set),
    filter: el.attributes.filter ?? fallback.filter,
    extras: extrasOf(el, ['set', 'filter']),
  });
}

function readPreset(el: XmlElement | undefined): NprojPreset {
  const d = NPROJ_DEFAULT_PRESET;
  if (el === undefined) return d;
  const flag = (name: string, fallback: boolean) =>
    toBoolean(elementText(childElement(el, name)), `preset/${name}`, fallback);
  const setting = childElement(el, 'symbol_setting');
  const s = setting?.attributes ?? {};
  const ds = d.symbolSetting;
  const margin = childElement(el, 'margin');
  const m = margin?.attributes ?? {};
  return compact({
    pattern: childText(el, 'pattern', d.pattern),
    sound: readMedia(childElement(el, 'sound'), d.sound, 'preset/sound'),
    video: readMedia(childElement(el, 'video'), d.video, 'preset/video'),
    image: readMedia(childElement(el, 'image'), d.image, 'preset/image'),
    resCount: toNumber(childText(el, 'res_count'), 'preset/res_count', d.resCount),
    defaultResLang: childText(el, 'default_res_lang', d.defaultResLang),
    exportScript: childText(el, 'export_script', d.exportScript),
    ncp: flag('ncp', d.ncp),
    relationLink: flag('relation_link', d.relationLink),
    dummy: flag('dummy', d.dummy),
    manualAction: flag('manual_action', d.manualAction),
    symbolSetting:
      setting === undefined
        ? ds
        : compact({
            align: toNumber(s.align, 'symbol_setting@align', ds.align),
            bgcolor: s.bgcolor ?? ds.bgcolor,
            bgalpha: toNumber(s.bgalpha, 'symbol_setting@bgalpha', ds.bgalpha),
            outlineAlpha: toOptionalNumber(s.outline_alpha, 'symbol_setting@outline_alpha'),
            textcolor: s.textcolor ?? ds.textcolor,
            textsize: toNumber(s.textsize, 'symbol_setting@textsize', ds.textsize),
            texton: toNumber(s.texton, 'symbol_setting@texton', ds.texton),
            extras: extrasOf(setting, SYMBOL_SETTING_ATTRIBUTES),
          }),
    margin:
      margin === undefined
        ? d.margin
        : compact({
            left: toNumber(m.left, 'margin@left'),
            top: toNumber(m.top, 'margin@top'),
            right: toNumber(m.right, 'margin@right'),
            bottom: toNumber(m.bottom, 'margin@bottom'),
            extras: extrasOf(margin, ['left', 'top', 'right', 'bottom']),
          }),
    extras: extrasOf(el, [], PRESET_CHILDREN),
  });
}

const SYMBOL_SETTING_ATTRIBUTES = [
  'align',
  'bgcolor',
  'bgalpha',
  'outline_alpha',
  'textcolor',
  'textsize',
  'texton',
];
const PRESET_CHILDREN = [
  'pattern',
  'sound',
  'video',
  'image',
  'res_count',
  'default_res_lang',
  'export_script',
  'ncp',
  'relation_link',
  'dummy',
  'manual_action',
  'symbol_setting',
  'margin',
];
const BOOK_CHILDREN = [
  'title',
  'author',
  'section',
  'owner',
  'code',
  'revision',
  'scale',
  'start_page',
  'dot_is_line_segment',
  'line_segment_length',
  'target_dpi',
  'dotsize',
  'segment_info',
  'extra_info',
  'kind',
];
const SEGMENT_ATTRIBUTES = [
  'sub_code',
  'total_size',
  'size',
  'current_sequence',
  'ncode_start_page',
  'ncode_end_page',
];

function requiredInteger(el: XmlElement | undefined, name: string): number {
  const raw = elementText(childElement(el, name));
  if (raw === undefined || raw === '') throw new Error(`nproj: book/${name} is missing`);
  return toNumber(raw, `book/${name}`);
}

function readBook(el: XmlElement | undefined): NprojBook {
  const d = NPROJ_BOOK_DEFAULTS;
  const num = (name: string, fallback = 0) =>
    toNumber(elementText(childElement(el, name)), `book/${name}`, fallback);
  const startPage = childElement(el, 'start_page');
  const seg = childElement(el, 'segment_info');
  const a = seg?.attributes ?? {};
  return compact({
    title: childText(el, 'title'),
    author: childText(el, 'author'),
    section: requiredInteger(el, 'section'),
    owner: requiredInteger(el, 'owner'),
    code: requiredInteger(el, 'code'),
    revision: num('revision'),
    scale: num('scale', d.scale),
    startPage: requiredInteger(el, 'start_page'),
    startPageSide: startPage?.attributes.side,
    dotIsLineSegment: toBoolean(
      elementText(childElement(el, 'dot_is_line_segment')),
      'book/dot_is_line_segment',
      d.dotIsLineSegment,
    ),
    lineSegmentLength: num('line_segment_length', d.lineSegmentLength),
    targetDpi: num('target_dpi', d.targetDpi),
    dotsize: num('dotsize', d.dotsize),
    segmentInfo: compact({
      subCode: a.sub_code ?? '',
      totalSize: toNumber(a.total_size, 'segment_info@total_size'),
      size: toNumber(a.size, 'segment_info@size'),
      currentSequence: toNumber(a.current_sequence, 'segment_info@current_sequence'),
      ncodeStartPage: toNumber(a.ncode_start_page, 'segment_info@ncode_start_page'),
      ncodeEndPage: toNumber(a.ncode_end_page, 'segment_info@ncode_end_page'),
      extras: extrasOf(seg, SEGMENT_ATTRIBUTES),
    }),
    extraInfo: childText(el, 'extra_info'),
    kind: num('kind', d.kind),
    extras: extrasOf(el, [], BOOK_CHILDREN),
  });
}

const TICKET_ATTRIBUTES = [
  'section',
  'ownerStart',
  'ownerEnd',
  'bookStart',
  'bookEnd',
  'pageStart',
  'pageEnd',
  'name',
];

function readTicket(el: XmlElement | undefined): NprojTicket {
  const a = el?.attributes ?? {};
  const path = childElement(el, 'path');
  const n = (name: string) => toOptionalNumber(a[name], `ticket@${name}`);
  return compact({
    section: n('section'),
    ownerStart: n('ownerStart'),
    ownerEnd: n('ownerEnd'),
    bookStart: n('bookStart'),
    bookEnd: n('bookEnd'),
    pageStart: n('pageStart'),
    pageEnd: n('pageEnd'),
    name: a.name,
    path: elementText(path) ?? '',
    pathLocation: path?.attributes.location,
    extras: extrasOf(el, TICKET_ATTRIBUTES, ['path']),
  });
}

const NCODE_PARAMS = [
  'outputType',
  'pdf_x1a',
  'isPrintingNcodeInBold',
  'ncodeFillOption',
  'printMappingValue',
];
const APP_PARAMS = [
  'outputResolutionWidth',
  'outputResolutionHeight',
  'outputQuality',
  'partialExport',
  'includeMp3',
  'includePagesImage',
  'includePDF',
  'includeNPROJ',
  'includeThumb',
  'partialItemSize',
  'naming_format',
  'packageId',
  'targetDevice',
];

function readConfig(el: XmlElement | undefined): NprojConfig {
  const conf = childElement(el, 'export_conf');
  const ncode = childElement(conf, 'params_for_ncode');
  const app = childElement(conf, 'params_for_app');
  const b = (e: XmlElement, name: string) => toBoolean(e.attributes[name], `${e.name}@${name}`);
  const n = (e: XmlElement, name: string) => toNumber(e.attributes[name], `${e.name}@${name}`);
  return compact({
    resourceMappingMode: childText(el, 'resource_mapping_mode', NPROJ_RESOURCE_MAPPING_MODE),
    exportConf:
      conf === undefined
        ? undefined
        : compact({
            paramsForNcode:
              ncode === undefined
                ? undefined
                : compact({
                    outputType: ncode.attributes.outputType ?? '',
                    pdfX1a: b(ncode, 'pdf_x1a'),
                    isPrintingNcodeInBold: b(ncode, 'isPrintingNcodeInBold'),
                    ncodeFillOption: n(ncode, 'ncodeFillOption'),
                    printMappingValue: b(ncode, 'printMappingValue'),
                    extras: extrasOf(ncode, NCODE_PARAMS),
                  }),
            paramsForApp:
              app === undefined
                ? undefined
                : compact({
                    outputResolutionWidth: n(app, 'outputResolutionWidth'),
                    outputResolutionHeight: n(app, 'outputResolutionHeight'),
                    outputQuality: n(app, 'outputQuality'),
                    partialExport: b(app, 'partialExport'),
                    includeMp3: b(app, 'includeMp3'),
                    includePagesImage: b(app, 'includePagesImage'),
                    includePDF: b(app, 'includePDF'),
                    includeNPROJ: b(app, 'includeNPROJ'),
                    includeThumb: b(app, 'includeThumb'),
                    partialItemSize: n(app, 'partialItemSize'),
                    namingFormat: app.attributes.naming_format ?? '',
                    packageId: app.attributes.packageId ?? '',
                    targetDevice: app.attributes.targetDevice ?? '',
                    extras: extrasOf(app, APP_PARAMS),
                  }),
            extras: extrasOf(conf, [], ['params_for_ncode', 'params_for_app']),
          }),
    extras: extrasOf(el, [], ['resource_mapping_mode', 'export_conf']),
  });
}

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
