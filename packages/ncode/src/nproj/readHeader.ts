/**
 * Reads the project header of a `.nproj` file: `preset`, `book`, `ticket` and `config`
 * (see {@link parseNproj} for the whole document).
 */
import { NPROJ_BOOK_DEFAULTS, NPROJ_DEFAULT_PRESET, NPROJ_RESOURCE_MAPPING_MODE } from './defaults';
import {
  childElement,
  childText,
  compact,
  elementText,
  extrasOf,
  toBoolean,
  toNumber,
  toOptionalNumber,
} from './readFields';
import type { NprojBook, NprojConfig, NprojMediaPreset, NprojPreset, NprojTicket } from './types';
import type { XmlElement } from './xml';

function readMedia(el: XmlElement | undefined, fallback: NprojMediaPreset, where: string): NprojMediaPreset {
  if (el === undefined) return fallback;
  return compact({
    set: toBoolean(el.attributes.set, `${where}@set`, fallback.set),
    filter: el.attributes.filter ?? fallback.filter,
    extras: extrasOf(el, ['set', 'filter']),
  });
}

/** Reads `preset`; a missing element gives the defaults. */
export function readPreset(el: XmlElement | undefined): NprojPreset {
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

/** Reads `book`; throws when `section`, `owner`, `code` or `start_page` is missing. */
export function readBook(el: XmlElement | undefined): NprojBook {
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

/** Reads `ticket`; a missing element gives the defaults. */
export function readTicket(el: XmlElement | undefined): NprojTicket {
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

/** Reads `config`; a missing element gives the defaults. */
export function readConfig(el: XmlElement | undefined): NprojConfig {
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
