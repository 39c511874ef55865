/**
 * Page-order registration around the board: which pages to register (those just printed on
 * pre-printed Ncode paper), which Ncode pages are taken by the board's other pages, taps from the
 * board's pens (ink is not stored meanwhile), and storing the result with the board.
 */
import type { Stroke } from '@dotink/ink';
import { dotList, StrokeBuilder, seededKeySource } from '@dotink/ink';
import type { PageAddress, Point2 } from '@dotink/ncode';
import type { PenManager } from '@dotink/pen';
import type { PrintedPageMapping } from '@dotink/print';
import { applyPageCodes, documentFingerprint, type PageCodeMap, storedMapping } from './boardMapping';
import { type BoardPrintTarget, printMappingKey } from './printFlow';
import {
  type RegistrationPage,
  type RegistrationState,
  registrationResult,
  startRegistration,
} from './registration';

/** One pen stroke seen as a tap: its page and dots (nu). */
export interface PenTap {
  readonly page: PageAddress;
  readonly dots: readonly Point2[];
}

/** Where taps come from while a registration dialog is open. */
export interface TapSource {
  /** Starts delivering taps (the board stops storing ink meanwhile); returns the stop. */
  listen(onTap: (tap: PenTap) => void): () => void;
}

/** The pages to register: the printed pages, in print order, with their size and placement. */
export function registrationPages(printed: readonly PrintedPageMapping[]): RegistrationPage[] {
  return printed.map((p) => ({
    pdfPageNo: p.pdfPageNo,
    sizePt: p.pdfPageSizePt,
    placement: { leftPt: p.placement.leftPt, topPt: p.placement.topPt, scale: p.placement.scale },
  }));
}

/** Starts the registration of the printed pages of the board in `target`. */
export function startBoardRegistration(
  target: BoardPrintTarget,
  printed: readonly PrintedPageMapping[],
): RegistrationState {
  return resumeBoardRegistration(target, registrationPages(printed));
}

/** Starts (again) the registration of `pages` of the board in `target`. */
export function resumeBoardRegistration(
  target: BoardPrintTarget,
  pages: readonly RegistrationPage[],
): RegistrationState {
  const printedNos = new Set(pages.map((p) => p.pdfPageNo));
  const taken = target
    .pages()
    .filter((_, i) => !printedNos.has(i + 1))
    .map((p) => p.address);
  return startRegistration(pages, taken);
}

/**
 * Metadata key of a board's registration still to do: the pages printed on pre-printed Ncode
 * paper, kept from the print until they are registered, so a cancelled registration can be
 * opened again from the page menu.
 */
export const pendingRegistrationKey = (boardId: string) => `print.registration.${boardId}`;

const pendingListeners = new Set<(boardId: string) => void>();

/** Calls `listener` with the board id whenever a board's registration still to do is stored. */
export function onPendingRegistrationChange(listener: (boardId: string) => void): () => void {
  pendingListeners.add(listener);
  return () => {
    pendingListeners.delete(listener);
  };
}

/** Keeps the pages to register (undefined: nothing left to register). */
export async function savePendingRegistration(
  target: Pick<BoardPrintTarget, 'boardId' | 'saveMeta'>,
  pages: readonly RegistrationPage[] | undefined,
): Promise<void> {
  await target.saveMeta(pendingRegistrationKey(target.boardId), pages ?? null);
  for (const l of [...pendingListeners]) l(target.boardId);
}

/** The pages still to register, if any (a stored record of another shape is an error). */
export async function loadPendingRegistration(
  target: Pick<BoardPrintTarget, 'boardId' | 'loadMeta'>,
): Promise<readonly RegistrationPage[] | undefined> {
  const value = await target.loadMeta(pendingRegistrationKey(target.boardId));
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length === 0 || !value.every(isRegistrationPage)) {
    throw new TypeError(`the stored registration of board ${target.boardId} is not a list of printed pages`);
  }
  return value;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isRegistrationPage(v: unknown): v is RegistrationPage {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  const size = p.sizePt as Record<string, unknown> | undefined;
  const placement = p.placement as Record<string, unknown> | undefined;
  return (
    Number.isInteger(p.pdfPageNo) &&
    typeof size === 'object' &&
    size !== null &&
    isNumber(size.widthPt) &&
    isNumber(size.heightPt) &&
    (placement === undefined ||
      (isNumber(placement.leftPt) && isNumber(placement.topPt) && isNumber(placement.scale)))
  );
}

/** Stores a finished registration: page codes and maps, and the mapping record. */
export async function saveRegistration(
  target: BoardPrintTarget,
  state: RegistrationState,
  nowMs: number,
): Promise<PageCodeMap[]> {
  const maps: PageCodeMap[] = registrationResult(state).map((r) => ({
    pdfPageNo: r.pdfPageNo,
    address: r.address,
    h: r.h,
  }));
  const updated = applyPageCodes(target.pages(), maps);
  await target.replacePages(updated);
  const fingerprint = documentFingerprint(
    target.boardId,
    updated,
    target.pdfs(),
    maps.map((m) => m.pdfPageNo),
  );
  await target.saveMeta(
    printMappingKey(target.boardId),
    storedMapping(fingerprint, 'ncodeA4', 'registration', updated, maps, nowMs),
  );
  return maps;
}

/** The tap of a completed stroke (any stroke: the registration decides whether it is one). */
export function strokeTap(stroke: Stroke): PenTap {
  return { page: stroke.page, dots: dotList(stroke.dots).map((d) => ({ x: d.xNu, y: d.yNu })) };
}

/**
 * Taps from a pen manager's events through a stroke builder of their own. `pauseInk` stops the
 * board from storing ink (and making pages) while listening; its result resumes it.
 */
export function penManagerTaps(manager: PenManager, pauseInk: () => () => void): TapSource {
  return {
    listen(onTap) {
      const builder = new StrokeBuilder({
        keys: seededKeySource(0x7a9),
        brushFor: (penId) => manager.strokeStyle(penId),
        listener: { strokeCompleted: (stroke) => onTap(strokeTap(stroke)) },
      });
      const resume = pauseInk();
      const off = manager.onEvent((e) => builder.handle(e));
      return () => {
        off();
        resume();
      };
    },
  };
}
