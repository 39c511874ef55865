/**
 * Numbered migrations of the .GRIDA manifest. A file carries `version`; reading applies every
 * migration from its version up to {@link GRIDA_VERSION}, in order, each a pure function of the
 * parsed manifest. Adding a field or changing a layout = bump the version, append a migration,
 * add its test. A file newer than this code is refused rather than half read.
 *
 * History:
 * 1. First layout: board id, title and times; PDFs; pages (address, source, size, transform);
 *    strokes as records plus a 17-byte dot blob.
 * 2. Board groups (`board.group`, '' = unshelved), page backgrounds (`background`, BASIC or
 *    lined) and page rotation (`rotation`, degrees).
 * 3. The dot blob's layout is named (`dotsLayout`): files before 3 hold 17-byte server dots
 *    (`server17`, `dotOffset` in bytes); version 3 writes `planes` (by field and byte plane,
 *    `dotOffset` in dots), which deflates several times faster and smaller.
 */
import { GridaFormatError } from './types';

/** The `format` field of every manifest we write. */
export const GRIDA_FORMAT = 'dotink.grida';
/** The manifest version this code writes. */
export const GRIDA_VERSION = 3;

type Json = Record<string, unknown>;

/** One step: turns a manifest of version `from` into one of version `from + 1`. */
export interface GridaMigration {
  readonly from: number;
  readonly description: string;
  readonly up: (manifest: Json) => Json;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every migration, in order: `GRIDA_MIGRATIONS[k].from === k + 1`. */
export const GRIDA_MIGRATIONS: readonly GridaMigration[] = Object.freeze([
  {
    from: 1,
    description: 'board groups, page backgrounds and rotation',
    up: (m: Json): Json => {
      const board = isObject(m.board) ? m.board : {};
      const pages = Array.isArray(m.pages) ? m.pages : [];
      return {
        ...m,
        version: 2,
        board: { ...board, group: typeof board.group === 'string' ? board.group : '' },
        pages: pages.map((p) => (isObject(p) ? { background: 'basic', rotation: 0, ...p } : p)),
      };
    },
  },
  {
    from: 2,
    description: 'the dot blob layout is named; older files hold 17-byte server dots',
    up: (m: Json): Json => ({ ...m, version: 3, dotsLayout: 'server17' }),
  },
]);

/**
 * Brings a parsed manifest to {@link GRIDA_VERSION}. Throws {@link GridaFormatError} when it is
 * not a dotink manifest, has no usable version, or is newer than this code.
 */
export function migrateManifest(manifest: unknown): Json {
  if (!isObject(manifest) || manifest.format !== GRIDA_FORMAT) {
    throw new GridaFormatError('no dotink.grida manifest');
  }
  const version = manifest.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new GridaFormatError('bad manifest version');
  }
  if (version > GRIDA_VERSION) {
    throw new GridaFormatError(`made by a newer version (file ${version}, this code ${GRIDA_VERSION})`);
  }
  let m: Json = manifest;
  for (let v = version; v < GRIDA_VERSION; v++) {
    const step = GRIDA_MIGRATIONS[v - 1];
    if (!step || step.from !== v) throw new GridaFormatError(`no migration from version ${v}`);
    m = step.up(m);
  }
  return m;
}
