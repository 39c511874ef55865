/**
 * The fixed values of a generated project file (fact sheet §3.4, engine.md §7/§9). The reader
 * also uses them for elements a file leaves out.
 */
import type { NprojPreset } from './types';

/** Project file version we write (CASTER: "Export Package for App"). */
export const NPROJ_VERSION = '2.31';
/** Project file category we write. */
export const NPROJ_CATEGORY = 'simple';

/** The `preset` block of every generated file. */
export const NPROJ_DEFAULT_PRESET: NprojPreset = Object.freeze({
  pattern: 'PDS3',
  sound: Object.freeze({ set: true, filter: '*.mp3' }),
  video: Object.freeze({ set: true, filter: '*.wmv,*.avi' }),
  image: Object.freeze({ set: true, filter: '*.jpg,*.png' }),
  resCount: 4,
  defaultResLang: 'Korean',
  exportScript: 'pds',
  ncp: true,
  relationLink: true,
  dummy: true,
  manualAction: true,
  symbolSetting: Object.freeze({
    align: 4,
    bgcolor: '#00ff00',
    bgalpha: 70,
    outlineAlpha: 70,
    textcolor: '#000000',
    textsize: 9,
    texton: 1,
  }),
  margin: Object.freeze({ left: 0, top: 0, right: 0, bottom: 0 }),
});

/** Fixed `book` values (scale, line segments, dpi, dot size, kind). */
export const NPROJ_BOOK_DEFAULTS = Object.freeze({
  /** Project revision (engine.md §9). */
  revision: 15,
  scale: 0.001,
  dotIsLineSegment: false,
  lineSegmentLength: 1,
  targetDpi: 600,
  dotsize: 1,
  kind: 0,
});

/** `config/resource_mapping_mode` we write. */
export const NPROJ_RESOURCE_MAPPING_MODE = 'NORMAL';

/** The four `language@resource_country` entries of a 2.31 symbol, in file order. */
export const NPROJ_LANGUAGES: readonly string[] = Object.freeze(['korean', 'english', 'chinese', 'japanese']);

/** The XML comment every file puts before the page items. */
export const NPROJ_CROP_MARGIN_COMMENT = 'crop_margin="left, right, top, bottom"';
