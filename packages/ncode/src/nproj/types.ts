/**
 * The typed model of a `.nproj` project file (NeoLAB Caster / Caster Lite XML, versions 2.30 and
 * 2.31). Every element and attribute found in the real files has a field; element and attribute
 * names are given beside each field. Lengths are PDF points (1/72 in) unless named otherwise.
 *
 * Unknown parts: any attribute or child element a record does not name is kept in its
 * `extras` and written back after the known ones, so a read → write cycle keeps them. Records
 * with `extras`: the document root, preset, book, ticket, config, export_conf, pages, page_item,
 * symbol, command, language, resource and the small attribute records. Unknown children of the
 * pure list elements (`pdf`, `action_table`, `symbols`, `language_resources`, `resources`) and
 * all XML comments are dropped.
 *
 * Unknown attributes of text-only elements (`title`, `name`, …) other than those modelled
 * (`start_page@side`, `path@location`, `path@type`) are dropped.
 *
 * Missing parts: a missing element or attribute reads as the fixed value a generated file has
 * where there is one (the `preset` block, scale 0.001, target_dpi 600, line_segment_length 1,
 * dotsize 1, resource_mapping_mode NORMAL; see `defaults.ts`), otherwise as 0, '' or false.
 * `book/section`, `owner`, `code` and `start_page` are required (the reader throws). Optional
 * fields (`?`) stay absent and are not written.
 */
import type { XmlElement } from './xml';

/** Attributes and child elements a record does not model, kept so they survive a rewrite. */
export interface NprojExtras {
  /** Unknown attributes, by name, decoded. */
  readonly attributes?: Readonly<Record<string, string>>;
  /** Unknown child elements, in file order. */
  readonly elements?: readonly XmlElement[];
}

/** A record read from one element, with room for what the model does not know. */
export interface WithNprojExtras {
  readonly extras?: NprojExtras;
}

/** `preset/sound`, `preset/video`, `preset/image`. */
export interface NprojMediaPreset extends WithNprojExtras {
  /** `@set` */
  readonly set: boolean;
  /** `@filter`, e.g. `*.jpg,*.png`. */
  readonly filter: string;
}

/** `preset/symbol_setting`: how the authoring tool draws symbols. */
export interface NprojSymbolSetting extends WithNprojExtras {
  readonly align: number;
  /** `#rrggbb` as written (case kept). */
  readonly bgcolor: string;
  readonly bgalpha: number;
  /** `@outline_alpha`; absent in the 2.30 files. */
  readonly outlineAlpha?: number;
  readonly textcolor: string;
  readonly textsize: number;
  readonly texton: number;
}

/** A left/top/right/bottom box in pt (`preset/margin`). */
export interface NprojMargin extends WithNprojExtras {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** `preset`: fixed authoring values (PDS3 and friends). */
export interface NprojPreset extends WithNprojExtras {
  /** `pattern`, `PDS3`. */
  readonly pattern: string;
  readonly sound: NprojMediaPreset;
  readonly video: NprojMediaPreset;
  readonly image: NprojMediaPreset;
  /** `res_count` */
  readonly resCount: number;
  /** `default_res_lang`, e.g. `Korean`. */
  readonly defaultResLang: string;
  /** `export_script`, e.g. `pds`. */
  readonly exportScript: string;
  readonly ncp: boolean;
  /** `relation_link` */
  readonly relationLink: boolean;
  readonly dummy: boolean;
  /** `manual_action` */
  readonly manualAction: boolean;
  /** `symbol_setting` */
  readonly symbolSetting: NprojSymbolSetting;
  readonly margin: NprojMargin;
}

/** `book/segment_info`. */
export interface NprojSegmentInfo extends WithNprojExtras {
  /** `@sub_code` */
  readonly subCode: string;
  /** `@total_size` */
  readonly totalSize: number;
  readonly size: number;
  /** `@current_sequence` */
  readonly currentSequence: number;
  /** `@ncode_start_page` */
  readonly ncodeStartPage: number;
  /** `@ncode_end_page` */
  readonly ncodeEndPage: number;
}

/** `book`: the Ncode book the project is printed on. */
export interface NprojBook extends WithNprojExtras {
  readonly title: string;
  readonly author: string;
  readonly section: number;
  readonly owner: number;
  /** `code`: the book number. */
  readonly code: number;
  readonly revision: number;
  /** `scale` (the printed scale, 0.001 in every file). */
  readonly scale: number;
  /** `start_page`: the page code of the first PDF page; page index = pen page − startPage. */
  readonly startPage: number;
  /** `start_page@side`; absent in papertube. */
  readonly startPageSide?: string;
  /** `dot_is_line_segment` */
  readonly dotIsLineSegment: boolean;
  /** `line_segment_length` */
  readonly lineSegmentLength: number;
  /** `target_dpi`: 600, 1200 in papertube. */
  readonly targetDpi: number;
  readonly dotsize: number;
  /** `segment_info` */
  readonly segmentInfo: NprojSegmentInfo;
  /** `extra_info`, e.g. `pdf_page_count=4`. */
  readonly extraInfo: string;
  readonly kind: number;
}

/** `ticket`: the licence key. Its attributes occur only in the 2.30 (`custom`) files. */
export interface NprojTicket extends WithNprojExtras {
  readonly section?: number;
  readonly ownerStart?: number;
  readonly ownerEnd?: number;
  readonly bookStart?: number;
  readonly bookEnd?: number;
  readonly pageStart?: number;
  readonly pageEnd?: number;
  readonly name?: string;
  /** `ticket/path` text (may be a Windows path). */
  readonly path: string;
  /** `ticket/path@location`, e.g. `local`. */
  readonly pathLocation?: string;
}

/** `config/export_conf/params_for_ncode`. */
export interface NprojParamsForNcode extends WithNprojExtras {
  readonly outputType: string;
  /** `@pdf_x1a` */
  readonly pdfX1a: boolean;
  readonly isPrintingNcodeInBold: boolean;
  readonly ncodeFillOption: number;
  readonly printMappingValue: boolean;
}

/** `config/export_conf/params_for_app`. */
export interface NprojParamsForApp extends WithNprojExtras {
  readonly outputResolutionWidth: number;
  readonly outputResolutionHeight: number;
  readonly outputQuality: number;
  readonly partialExport: boolean;
  readonly includeMp3: boolean;
  readonly includePagesImage: boolean;
  readonly includePDF: boolean;
  readonly includeNPROJ: boolean;
  readonly includeThumb: boolean;
  readonly partialItemSize: number;
  /** `@naming_format` */
  readonly namingFormat: string;
  readonly packageId: string;
  readonly targetDevice: string;
}

/** `config/export_conf` (2.30 files only). */
export interface NprojExportConf extends WithNprojExtras {
  readonly paramsForNcode?: NprojParamsForNcode;
  readonly paramsForApp?: NprojParamsForApp;
}

/** `config`. */
export interface NprojConfig extends WithNprojExtras {
  /** `resource_mapping_mode`: `NORMAL` (or `COMPOUND` for sound pens). */
  readonly resourceMappingMode: string;
  readonly exportConf?: NprojExportConf;
}

/** `page_item@crop_margin`, in pt, written in the CASTER order left, right, top, bottom. */
export interface NprojCropMargin {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/**
 * A page's homography nu → pt, `[a, b, c, d, e, f, g, h, i]`:
 * `x = (a·xNu + b·yNu + c)/(g·xNu + h·yNu + i)`, `y = (d·xNu + e·yNu + f)/(g·xNu + h·yNu + i)`.
 * Written as our own attribute `page_item@homography="a,b,c,d,e,f,g,h,i"` (same comma form as
 * `crop_margin`); CASTER readers ignore it.
 */
export type NprojHomography = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** `pages/page_item`: one PDF page. */
export interface NprojPageItem extends WithNprojExtras {
  /** `@number`: 0-based page index. */
  readonly number: number;
  /** `@rotate_angle`: 0, 90, 180 or 270. */
  readonly rotateAngle: number;
  /** `@x1 @y1 @x2 @y2`: the page box in pt. */
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  /** `@crop_margin` */
  readonly cropMargin: NprojCropMargin;
  /** `@bg_disabled` */
  readonly bgDisabled: boolean;
  /** `@page_type` */
  readonly pageType: number;
  /** `@homography` (ours, for printed PDFs). */
  readonly homography?: NprojHomography;
}

/** `pages`. `count` may exceed `items.length` (note_1096: 10 pages, 1 item); count is trusted. */
export interface NprojPages extends WithNprojExtras {
  readonly count: number;
  readonly items: readonly NprojPageItem[];
}

/** Symbol shapes. Ellipse and Triangle are inscribed in the symbol box. */
export type NprojSymbolType = 'Rectangle' | 'Ellipse' | 'Triangle' | 'Custom';

/** `symbol/command`: what the symbol does; `param` is the PUI command name. */
export interface NprojCommand extends WithNprojExtras {
  readonly name: string;
  /** e.g. `Custom`, `None`, `color`, `thickness`. */
  readonly action: string;
  readonly param: string;
}

/** `symbol/language_resources/language`. */
export interface NprojLanguageResource extends WithNprojExtras {
  /** `@resource_country`: korean, english, chinese, japanese. */
  readonly country: string;
  readonly resourceType: string;
  readonly resourceId: string;
}

/** `symbol/matching_symbols`. */
export interface NprojMatchingSymbols extends WithNprojExtras {
  readonly previous: string;
  readonly next: string;
}

/** `symbols/symbol`: an area of a page (a paper button when used as PUI). */
export interface NprojSymbol extends WithNprojExtras {
  /** `@page`: 0-based page index. */
  readonly page: number;
  /** `@page_name`: 3-digit page number as written (e.g. `001`). */
  readonly pageName: string;
  /** `@type`: one of {@link NprojSymbolType} in valid files; other strings are kept as read. */
  readonly type: NprojSymbolType | (string & {});
  /** `@x @y @width @height`: the symbol box in pt on the page box (y may be negative). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly lock: number;
  /** `@xylock`; absent in the 2.30 files. */
  readonly xylock?: number;
  /** `@resource_type`; only in the 2.30 files. */
  readonly resourceType?: string;
  /** `@resource_id`; only in the 2.30 files. */
  readonly resourceId?: string;
  readonly name: string;
  /** `id`: a GUID in braces, unique within one document. */
  readonly id: string;
  readonly command: NprojCommand;
  /** `language_resources/language` (4 in 2.31 files, 3 without korean in 2.30 files). */
  readonly languageResources: readonly NprojLanguageResource[];
  /** `matching_symbols` */
  readonly matchingSymbols: NprojMatchingSymbols;
  /**
   * `customshape/points` of a Custom (polygon) symbol: x1, y1, x2, y2, … as fractions 0–1 of the
   * box (`X = x + width·px`, `Y = y + height·py`).
   */
  readonly customShapePoints?: readonly number[];
}

/** `resources/resource` (nested folders in the 2.30 files). */
export interface NprojResource extends WithNprojExtras {
  /** `@type`, e.g. `Folder`. */
  readonly type: string;
  /** `@editable`, `yes`/`no` as written. */
  readonly editable: string;
  readonly removable: string;
  /** `@ref_count` */
  readonly refCount: number;
  readonly name: string;
  readonly id: string;
  readonly path: string;
  /** `path@type`, e.g. `package`. */
  readonly pathType?: string;
  readonly file: string;
  readonly children: readonly NprojResource[];
}

/** A whole `.nproj` document. */
export interface NprojDocument extends WithNprojExtras {
  /** `nproj@version`, kept as text (`2.31`, `2.30`). */
  readonly version: string;
  /** `nproj@category`: `simple` or `custom`. */
  readonly category: string;
  readonly preset: NprojPreset;
  readonly book: NprojBook;
  readonly ticket: NprojTicket;
  /** `pdf/path` (CASTER allows up to 10). */
  readonly pdfPaths: readonly string[];
  readonly config: NprojConfig;
  readonly pages: NprojPages;
  /** `action_table/action` texts, decoded (`Q&A`, `StartRecord >>TmpFile`). */
  readonly actionTable: readonly string[];
  readonly symbols: readonly NprojSymbol[];
  /** `symbols/symbol_names` text (whitespace-only CDATA in the 2.30 files, read as ''). */
  readonly symbolNames?: string;
  readonly resources: readonly NprojResource[];
  /** `palette` (an empty element in the 2.30 files), kept raw. */
  readonly palette?: XmlElement;
}
