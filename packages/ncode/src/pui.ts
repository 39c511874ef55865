/**
 * PUI: printed control sheets whose symbols are paper buttons (fact sheet §7, engine.md §3
 * "Predefined control symbol", §4 "Strokes on a control-area page …").
 *
 * - Gate: a dot is PUI input only on (owner 27, book 161, page 1) or (owner 1013, book 1 or
 *   1116); the section is not compared. Dots on 3.1013.1.15 are dropped entirely.
 * - Match: a controller (one `.nproj`) matches when owner and book are equal (section not
 *   compared) and `startPage ≤ page < startPage + pages@count`; its symbols on page index
 *   `page − startPage` are tried in ascending `y·10000 + x`, strict-inside test in inches
 *   (`x/72 < xNu·56/600 < (x + width)/72`, same for y; every type is tested as its box); the first
 *   hit decides the controller's answer; the first controller with a (non-empty) command wins.
 *
 * Which dot to test (the first move dot of a stroke) and what to do with the command is the
 * caller's business (the ink package).
 */
import type { PageAddress } from './address';
import type { NprojDocument, NprojSymbol } from './nproj/index';

/** A predefined control symbol (engine.md §3): a rectangle or ellipse with a command, in pt. */
export interface ControlSymbol {
  readonly type: 'Rectangle' | 'Ellipse';
  /** The command name: the symbol's `command@param`. */
  readonly command: string;
  /** `command@action` (`Custom`, `color`, `thickness`, `None`). */
  readonly action: string;
  /** 0-based page index within the controller. */
  readonly page: number;
  readonly xPt: number;
  readonly yPt: number;
  readonly widthPt: number;
  readonly heightPt: number;
}

/** The error a symbol of another type raises when made into a control symbol (engine.md §8). */
export const SYMBOL_TYPE_ERROR = 'symbol type is not Rectangle nor Ellipse';

/**
 * Makes a project symbol a control symbol. Throws `Error('symbol type is not Rectangle nor
 * Ellipse')` for any other type (Triangle, Custom, …): the `.nproj` reader accepts those, the
 * PUI layer does not.
 */
export function toControlSymbol(symbol: NprojSymbol): ControlSymbol {
  const type = symbol.type === 'Rectangle' ? 'Rectangle' : symbol.type === 'Ellipse' ? 'Ellipse' : undefined;
  if (type === undefined) throw new Error(SYMBOL_TYPE_ERROR);
  return Object.freeze({
    type,
    command: symbol.command.param,
    action: symbol.command.action,
    page: symbol.page,
    xPt: symbol.x,
    yPt: symbol.y,
    widthPt: symbol.width,
    heightPt: symbol.height,
  });
}

/**
 * The controller files GridaBoard loads, in its lookup order (note_1096 is bundled but not
 * loaded). Pass documents to {@link createPuiRegistry} in this order to get its precedence.
 */
export const GRIDA_PUI_FILE_ORDER: readonly string[] = Object.freeze([
  '3_1013_1116_Grida',
  'papertube_controller_171117',
  'note_3_1013_1',
  'SmartClassKit_Controller',
]);

/** The PUI gate: true when dots on this page are control input, never ink. */
export function isPuiGatePage(page: PageAddress): boolean {
  if (page.owner === 27) return page.book === 161 && page.page === 1;
  return page.owner === 1013 && (page.book === 1 || page.book === 1116);
}

/** True for 3.1013.1.15 (a Windows-only controller page): its dots are dropped entirely. */
export function isDroppedPuiPage(page: PageAddress): boolean {
  return page.section === 3 && page.owner === 1013 && page.book === 1 && page.page === 15;
}

/** Strict-inside hit test of a pen point (nu) against a symbol box (pt), in inches as GridaBoard does. */
export function controlSymbolContains(symbol: ControlSymbol, xNu: number, yNu: number): boolean {
  const xIn = (xNu * 56) / 600;
  const yIn = (yNu * 56) / 600;
  return (
    symbol.xPt / 72 < xIn &&
    xIn < (symbol.xPt + symbol.widthPt) / 72 &&
    symbol.yPt / 72 < yIn &&
    yIn < (symbol.yPt + symbol.heightPt) / 72
  );
}

/** One controller sheet, ready for hit tests. */
export interface PuiController {
  readonly owner: number;
  readonly book: number;
  readonly startPage: number;
  /** `pages@count` (trusted over the number of page items). */
  readonly pageCount: number;
  /** Symbols per page index, in test order (ascending `y·10000 + x`, file order on ties). */
  readonly symbolsByPage: ReadonlyMap<number, readonly ControlSymbol[]>;
}

/** Builds a controller from a project document; throws {@link SYMBOL_TYPE_ERROR} for non-box symbols. */
export function puiControllerFromNproj(doc: NprojDocument): PuiController {
  const byPage = new Map<number, ControlSymbol[]>();
  for (const s of doc.symbols) {
    const c = toControlSymbol(s);
    const list = byPage.get(c.page);
    if (list === undefined) byPage.set(c.page, [c]);
    else list.push(c);
  }
  for (const list of byPage.values()) list.sort((a, b) => a.yPt * 10000 + a.xPt - (b.yPt * 10000 + b.xPt));
  return Object.freeze({
    owner: doc.book.owner,
    book: doc.book.code,
    startPage: doc.book.startPage,
    pageCount: doc.pages.count,
    symbolsByPage: byPage,
  });
}

/**
 * The controller's command at a pen point, or undefined when the page is not the controller's, no
 * symbol is hit, or the first symbol hit has an empty command.
 */
export function puiControllerCommandAt(
  controller: PuiController,
  page: PageAddress,
  xNu: number,
  yNu: number,
): string | undefined {
  if (page.owner !== controller.owner || page.book !== controller.book) return undefined;
  const index = page.page - controller.startPage;
  if (index < 0 || index >= controller.pageCount) return undefined;
  const hit = controller.symbolsByPage.get(index)?.find((s) => controlSymbolContains(s, xNu, yNu));
  return hit === undefined || hit.command === '' ? undefined : hit.command;
}

/** What the ink package asks about PUI pages (structural: exactly these three methods). */
export interface PuiRegistry {
  /** The gate: dots on this page are PUI input (never ink). True for the dropped page too. */
  isControlPage(page: PageAddress): boolean;
  /** Dots on this page are ignored entirely (3.1013.1.15). */
  isDroppedPage(page: PageAddress): boolean;
  /** The command param at a pen point (nu), or undefined (outside the gate, dropped, no hit). */
  commandAt(page: PageAddress, xNu: number, yNu: number): string | undefined;
}

/**
 * A registry over controller documents, consulted in the given order (GridaBoard's is
 * {@link GRIDA_PUI_FILE_ORDER}). Throws `Error('symbol type is not Rectangle nor Ellipse')` when a
 * document holds a symbol of another type.
 */
export function createPuiRegistry(docs: readonly NprojDocument[]): PuiRegistry {
  const controllers = docs.map(puiControllerFromNproj);
  return Object.freeze({
    isControlPage: (page: PageAddress) => isPuiGatePage(page),
    isDroppedPage: (page: PageAddress) => isDroppedPuiPage(page),
    commandAt(page: PageAddress, xNu: number, yNu: number): string | undefined {
      if (!isPuiGatePage(page) || isDroppedPuiPage(page)) return undefined;
      for (const c of controllers) {
        const command = puiControllerCommandAt(c, page, xNu, yNu);
        if (command !== undefined) return command;
      }
      return undefined;
    },
  });
}
