/**
 * Page-order registration of a printout on pre-printed Ncode paper (board spec §4, fact sheet §6),
 * as a pure state machine fed with pen taps.
 *
 * Steps for N printed pages: 0 — tap the top-left cross of printed page 1; 1 — tap the
 * bottom-right cross of the same sheet; 2 … N — one tap anywhere on printed page k = step. A tap is
 * the dots of one pen stroke; it counts only when they stay within 2 nu ({@link acceptTap}), else
 * it is ignored silently. Alerts (the step repeats):
 * - step 1 on another Ncode page than step 0 → "not the same page" (one PDF page must correspond
 *   to one Ncode paper);
 * - a tap on an Ncode page already registered (in this registration, or shown by another page of
 *   the board) → "overlap with registered page".
 *
 * The page transform: the two crosses are at (0.1 W, 0.1 H) and (0.9 W, 0.9 H) of page 1, so
 * {@link calibrationHomography} gives page 1's map nu → pt. Every printed page sat on the same
 * kind of sheet, so the sheet's own map (nu → printed-sheet pt, page 1's map followed by page 1's
 * placement) is shared; each page's map is that sheet map followed by the inverse of its own
 * placement. Pages printed alike (same size) get page 1's map, as in the reference; pages of
 * other sizes still land right (a full homography is solved and stored per page).
 */
import {
  acceptTap,
  applyHomography,
  calibrationHomography,
  composeHomography,
  type Homography,
  invertHomography,
  type PageAddress,
  type Point2,
  pageId,
  scaleHomography,
} from '@dotink/ncode';

/** Where a document page sat on its printed sheet (top-left origin, pt), as the print job reports it. */
export interface SheetPlacement {
  readonly leftPt: number;
  readonly topPt: number;
  /** Printed pt per document pt. */
  readonly scale: number;
}

/** One printed page to register. */
export interface RegistrationPage {
  /** 1-based page number in the printed document (the board page number). */
  readonly pdfPageNo: number;
  /** The document page size in pt. */
  readonly sizePt: { readonly widthPt: number; readonly heightPt: number };
  /** Its placement on the sheet (absent: assumed printed like page 1). */
  readonly placement?: SheetPlacement;
}

/** What a tap was. */
export type TapOutcome = 'ignored' | 'accepted' | 'notSame' | 'overlap' | 'done';

/** The alert the dialog shows. */
export type RegistrationAlert = 'notSame' | 'overlap';

/** Registration progress. */
export interface RegistrationState {
  readonly pages: readonly RegistrationPage[];
  /** Page ids shown by other board pages (a tap on one of them overlaps). */
  readonly taken: ReadonlySet<string>;
  /** 0 … N; N + 1 = done. */
  readonly step: number;
  readonly topLeftNu?: Point2;
  readonly bottomRightNu?: Point2;
  /** The Ncode page of each registered printed page, in print order. */
  readonly registered: readonly PageAddress[];
  readonly alert?: RegistrationAlert;
}

/** A registered page: its Ncode page and map. */
export interface RegisteredPage {
  readonly pdfPageNo: number;
  readonly address: PageAddress;
  /** nu → document pt. */
  readonly h: Homography;
  /** document pt → nu. */
  readonly hRev: Homography;
  /** The document page's corners in nu (TL, TR, BR, BL). */
  readonly npageArea: readonly [Point2, Point2, Point2, Point2];
}

/** Where the calibration crosses are, as fractions of the document page. */
export const CROSS_FRACTIONS = Object.freeze({ topLeft: 0.1, bottomRight: 0.9 });

/** Starts a registration of `pages` (print order; at least one). */
export function startRegistration(
  pages: readonly RegistrationPage[],
  takenByOtherPages: readonly PageAddress[] = [],
): RegistrationState {
  if (pages.length === 0) throw new RangeError('nothing to register: no printed page');
  return { pages, taken: new Set(takenByOtherPages.map(pageId)), step: 0, registered: [] };
}

/** True when every page is registered. */
export function registrationDone(s: RegistrationState): boolean {
  return s.step > s.pages.length;
}

/** The printed page (0-based index) the current step is about. */
export function currentPageIndex(s: RegistrationState): number {
  return Math.min(Math.max(0, s.step - 1), s.pages.length - 1);
}

/** What the user is asked to tap now. */
export function currentTarget(s: RegistrationState): 'topLeft' | 'bottomRight' | 'anywhere' | 'done' {
  if (registrationDone(s)) return 'done';
  if (s.step === 0) return 'topLeft';
  if (s.step === 1) return 'bottomRight';
  return 'anywhere';
}

const isTaken = (s: RegistrationState, page: PageAddress, upTo = s.registered.length) =>
  s.taken.has(pageId(page)) || s.registered.slice(0, upTo).some((r) => pageId(r) === pageId(page));

/** Feeds one pen stroke (its page and pen-down dots in nu) as a tap. */
export function tap(
  s: RegistrationState,
  page: PageAddress,
  dots: readonly Point2[],
): { readonly state: RegistrationState; readonly outcome: TapOutcome } {
  if (registrationDone(s)) return { state: s, outcome: 'ignored' };
  const at = acceptTap(dots);
  if (!at) return { state: s, outcome: 'ignored' };
  const { alert: _, ...rest } = s;
  if (s.step === 0) {
    if (isTaken(s, page)) return { state: { ...rest, alert: 'overlap' }, outcome: 'overlap' };
    return { state: { ...rest, step: 1, topLeftNu: at, registered: [page] }, outcome: 'accepted' };
  }
  if (s.step === 1) {
    if (pageId(page) !== pageId(s.registered[0]!)) {
      return { state: { ...rest, alert: 'notSame' }, outcome: 'notSame' };
    }
    const next = { ...rest, step: 2, bottomRightNu: at };
    return { state: next, outcome: registrationDone(next) ? 'done' : 'accepted' };
  }
  if (isTaken(s, page)) return { state: { ...rest, alert: 'overlap' }, outcome: 'overlap' };
  const next = { ...rest, step: s.step + 1, registered: [...s.registered, page] };
  return { state: next, outcome: registrationDone(next) ? 'done' : 'accepted' };
}

/** The placement as a map document pt → sheet pt. */
const placementMap = (p: SheetPlacement): Homography => scaleHomography(p.scale, p.scale, p.leftPt, p.topPt);

/**
 * The registered pages with their maps. Throws unless registration is done, or when the two
 * crosses were tapped at the same point.
 */
export function registrationResult(s: RegistrationState): RegisteredPage[] {
  if (!registrationDone(s) || !s.topLeftNu || !s.bottomRightNu) {
    throw new Error('registration is not complete');
  }
  const first = s.pages[0]!;
  const { widthPt: w, heightPt: h } = first.sizePt;
  const { topLeft: f0, bottomRight: f1 } = CROSS_FRACTIONS;
  const h1 = calibrationHomography(
    s.topLeftNu,
    s.bottomRightNu,
    { x: f0 * w, y: f0 * h },
    { x: f1 * w, y: f1 * h },
  );
  const sheet = first.placement ? composeHomography(h1, placementMap(first.placement)) : undefined;
  return s.pages.map((p, k) => {
    const hk =
      k === 0 || !sheet || !p.placement
        ? h1
        : composeHomography(sheet, invertHomography(placementMap(p.placement)));
    const hRev = invertHomography(hk);
    const { widthPt: pw, heightPt: ph } = p.sizePt;
    const corners: Point2[] = [
      { x: 0, y: 0 },
      { x: pw, y: 0 },
      { x: pw, y: ph },
      { x: 0, y: ph },
    ].map((c) => applyHomography(hRev, c));
    const npageArea = corners as unknown as readonly [Point2, Point2, Point2, Point2];
    return { pdfPageNo: p.pdfPageNo, address: s.registered[k]!, h: hk, hRev, npageArea };
  });
}
