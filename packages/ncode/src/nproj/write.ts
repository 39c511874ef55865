/**
 * Writes an {@link NprojDocument} as `.nproj` XML, in the element order of the real files and of
 * fact sheet §3.4: preset, book, ticket, pdf, config, pages, action_table, symbols, resources,
 * then palette and unknown root elements. Known attributes and children come first, each record's
 * extras after them. Numbers are plain decimals; `&`, `<`, `>` and `"` are escaped in attributes
 * and text.
 */
import { NPROJ_CROP_MARGIN_COMMENT } from './defaults';
import type {
  NprojBook,
  NprojConfig,
  NprojDocument,
  NprojExtras,
  NprojLanguageResource,
  NprojMediaPreset,
  NprojPageItem,
  NprojPreset,
  NprojResource,
  NprojSymbol,
  NprojTicket,
} from './types';
import { formatXmlNumber, serializeXmlElement, type XmlElement, type XmlNode } from './xml';

type Value = string | number | boolean | undefined;
type Attribute = readonly [name: string, value: Value];

function text(value: Exclude<Value, undefined>): string {
  if (typeof value === 'number') return formatXmlNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

function element(
  name: string,
  attributes: readonly Attribute[],
  children: readonly XmlNode[],
  extras?: NprojExtras,
): XmlElement {
  const attrs: Record<string, string> = {};
  for (const [key, value] of attributes) if (value !== undefined) attrs[key] = text(value);
  for (const [key, value] of Object.entries(extras?.attributes ?? {}))
    if (!(key in attrs)) attrs[key] = value;
  return { name, attributes: attrs, children: [...children, ...(extras?.elements ?? [])] };
}

/** A text element; always written as `<name>text</name>`, even when empty. */
function textElement(name: string, value: Exclude<Value, undefined>, attributes: readonly Attribute[] = []) {
  return element(name, attributes, [text(value)]);
}

function media(name: string, m: NprojMediaPreset): XmlElement {
  return element(
    name,
    [
      ['set', m.set],
      ['filter', m.filter],
    ],
    [],
    m.extras,
  );
}

function presetElement(p: NprojPreset): XmlElement {
  const s = p.symbolSetting;
  return element(
    'preset',
    [],
    [
      textElement('pattern', p.pattern),
      media('sound', p.sound),
      media('video', p.video),
      media('image', p.image),
      textElement('res_count', p.resCount),
      textElement('default_res_lang', p.defaultResLang),
      textElement('export_script', p.exportScript),
      textElement('ncp', p.ncp),
      textElement('relation_link', p.relationLink),
      textElement('dummy', p.dummy),
      textElement('manual_action', p.manualAction),
      element(
        'symbol_setting',
        [
          ['align', s.align],
          ['bgcolor', s.bgcolor],
          ['bgalpha', s.bgalpha],
          ['outline_alpha', s.outlineAlpha],
          ['textcolor', s.textcolor],
          ['textsize', s.textsize],
          ['texton', s.texton],
        ],
        [],
        s.extras,
      ),
      element(
        'margin',
        [
          ['left', p.margin.left],
          ['top', p.margin.top],
          ['right', p.margin.right],
          ['bottom', p.margin.bottom],
        ],
        [],
        p.margin.extras,
      ),
    ],
    p.extras,
  );
}

function bookElement(b: NprojBook): XmlElement {
  const g = b.segmentInfo;
  return element(
    'book',
    [],
    [
      textElement('title', b.title),
      textElement('author', b.author),
      textElement('section', b.section),
      textElement('owner', b.owner),
      textElement('code', b.code),
      textElement('revision', b.revision),
      textElement('scale', b.scale),
      textElement('start_page', b.startPage, [['side', b.startPageSide]]),
      textElement('dot_is_line_segment', b.dotIsLineSegment),
      textElement('line_segment_length', b.lineSegmentLength),
      textElement('target_dpi', b.targetDpi),
      textElement('dotsize', b.dotsize),
      element(
        'segment_info',
        [
          ['sub_code', g.subCode],
          ['total_size', g.totalSize],
          ['size', g.size],
          ['current_sequence', g.currentSequence],
          ['ncode_start_page', g.ncodeStartPage],
          ['ncode_end_page', g.ncodeEndPage],
        ],
        [],
        g.extras,
      ),
      textElement('extra_info', b.extraInfo),
      textElement('kind', b.kind),
    ],
    b.extras,
  );
}

function ticketElement(t: NprojTicket): XmlElement {
  return element(
    'ticket',
    [
      ['section', t.section],
      ['ownerStart', t.ownerStart],
      ['ownerEnd', t.ownerEnd],
      ['bookStart', t.bookStart],
      ['bookEnd', t.bookEnd],
      ['pageStart', t.pageStart],
      ['pageEnd', t.pageEnd],
      ['name', t.name],
    ],
    [textElement('path', t.path, [['location', t.pathLocation]])],
    t.extras,
  );
}

function configElement(c: NprojConfig): XmlElement {
  const conf = c.exportConf;
  const n = conf?.paramsForNcode;
  const a = conf?.paramsForApp;
  const children: XmlNode[] = [textElement('resource_mapping_mode', c.resourceMappingMode)];
  if (conf !== undefined) {
    const params: XmlNode[] = [];
    if (n !== undefined) {
      params.push(
        element(
          'params_for_ncode',
          [
            ['outputType', n.outputType],
            ['pdf_x1a', n.pdfX1a],
            ['isPrintingNcodeInBold', n.isPrintingNcodeInBold],
            ['ncodeFillOption', n.ncodeFillOption],
            ['printMappingValue', n.printMappingValue],
          ],
          [],
          n.extras,
        ),
      );
    }
    if (a !== undefined) {
      params.push(
        element(
          'params_for_app',
          [
            ['outputResolutionWidth', a.outputResolutionWidth],
            ['outputResolutionHeight', a.outputResolutionHeight],
            ['outputQuality', a.outputQuality],
            ['partialExport', a.partialExport],
            ['includeMp3', a.includeMp3],
            ['includePagesImage', a.includePagesImage],
            ['includePDF', a.includePDF],
            ['includeNPROJ', a.includeNPROJ],
            ['includeThumb', a.includeThumb],
            ['partialItemSize', a.partialItemSize],
            ['naming_format', a.namingFormat],
            ['packageId', a.packageId],
            ['targetDevice', a.targetDevice],
          ],
          [],
          a.extras,
        ),
      );
    }
    children.push(element('export_conf', [], params, conf.extras));
  }
  return element('config', [], children, c.extras);
}

function pageItemElement(p: NprojPageItem): XmlElement {
  const m = p.cropMargin;
  return element(
    'page_item',
    [
      ['number', p.number],
      ['rotate_angle', p.rotateAngle],
      ['x1', p.x1],
      ['y1', p.y1],
      ['x2', p.x2],
      ['y2', p.y2],
      ['crop_margin', [m.left, m.right, m.top, m.bottom].map(formatXmlNumber).join(',')],
      ['bg_disabled', p.bgDisabled],
      ['page_type', p.pageType],
      ['homography', p.homography?.map(formatXmlNumber).join(',')],
    ],
    [],
    p.extras,
  );
}

function languageElement(l: NprojLanguageResource): XmlElement {
  return element(
    'language',
    [
      ['resource_country', l.country],
      ['resource_type', l.resourceType],
      ['resource_id', l.resourceId],
    ],
    [],
    l.extras,
  );
}

function symbolElement(s: NprojSymbol): XmlElement {
  const children: XmlNode[] = [
    textElement('name', s.name),
    textElement('id', s.id),
    element(
      'command',
      [
        ['name', s.command.name],
        ['action', s.command.action],
        ['param', s.command.param],
      ],
      [],
      s.command.extras,
    ),
    element('language_resources', [], s.languageResources.map(languageElement)),
    element(
      'matching_symbols',
      [
        ['previous', s.matchingSymbols.previous],
        ['next', s.matchingSymbols.next],
      ],
      [],
      s.matchingSymbols.extras,
    ),
  ];
  if (s.customShapePoints !== undefined) {
    const points = s.customShapePoints.map(formatXmlNumber).join(',');
    children.push(element('customshape', [], [textElement('points', points)]));
  }
  return element(
    'symbol',
    [
      ['page', s.page],
      ['page_name', s.pageName],
      ['type', s.type],
      ['x', s.x],
      ['y', s.y],
      ['width', s.width],
      ['height', s.height],
      ['lock', s.lock],
      ['xylock', s.xylock],
      ['resource_type', s.resourceType],
      ['resource_id', s.resourceId],
    ],
    children,
    s.extras,
  );
}

function resourceElement(r: NprojResource): XmlElement {
  return element(
    'resource',
    [
      ['type', r.type],
      ['editable', r.editable],
      ['removable', r.removable],
      ['ref_count', r.refCount],
    ],
    [
      textElement('name', r.name),
      textElement('id', r.id),
      textElement('path', r.path, [['type', r.pathType]]),
      textElement('file', r.file),
      ...r.children.map(resourceElement),
    ],
    r.extras,
  );
}

/** The XML element tree of a document (what {@link writeNproj} serialises). */
export function nprojToXmlElement(doc: NprojDocument): XmlElement {
  const symbols: XmlNode[] = doc.symbols.map(symbolElement);
  if (doc.symbolNames !== undefined) symbols.push(textElement('symbol_names', doc.symbolNames));
  const children: XmlNode[] = [
    presetElement(doc.preset),
    bookElement(doc.book),
    ticketElement(doc.ticket),
    element(
      'pdf',
      [],
      doc.pdfPaths.map((p) => textElement('path', p)),
    ),
    configElement(doc.config),
    element(
      'pages',
      [['count', doc.pages.count]],
      [{ comment: NPROJ_CROP_MARGIN_COMMENT }, ...doc.pages.items.map(pageItemElement)],
      doc.pages.extras,
    ),
    element(
      'action_table',
      [],
      doc.actionTable.map((a) => textElement('action', a)),
    ),
    element('symbols', [], symbols),
    element('resources', [], doc.resources.map(resourceElement)),
  ];
  if (doc.palette !== undefined) children.push(doc.palette);
  return element(
    'nproj',
    [
      ['version', doc.version],
      ['category', doc.category],
    ],
    children,
    doc.extras,
  );
}

/**
 * Writes a document as `.nproj` XML text (UTF-8 declaration, `<!DOCTYPE nproj>`, 4-space
 * indentation, final newline). Throws when a string holds a character XML cannot carry or a
 * number is not finite.
 */
export function writeNproj(doc: NprojDocument): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE nproj>\n${serializeXmlElement(nprojToXmlElement(doc))}\n`;
}
