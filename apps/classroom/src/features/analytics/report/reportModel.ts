/**
 * What a pupil report PDF holds (issue 30 item 2), as plain data the report worker draws: every
 * text already in the user's language and every figure already formatted by the screens' own
 * formatters (so the PDF reads as the screen does), charts as rows of values, the study calendar
 * as months, and the thumbnails' ink as polylines in points of their textbook page.
 */

/** The paper sizes of the report. */
export type Paper = 'a4' | 'letter';

/** Page sizes in points (A4 210 × 297 mm, Letter 8.5 × 11 in). */
export const PAPER_PT: Readonly<Record<Paper, { readonly widthPt: number; readonly heightPt: number }>> = {
  a4: { widthPt: (210 / 25.4) * 72, heightPt: (297 / 25.4) * 72 },
  letter: { widthPt: 612, heightPt: 792 },
};

/** The languages whose fonts the report embeds. */
export type ReportLanguage = 'ko' | 'en' | 'ja' | 'zh-TW';

/** One row of a horizontal bar chart: a value per series and its text as the screen writes it. */
export interface BarRow {
  readonly label: string;
  readonly values: readonly number[];
  readonly texts: readonly string[];
}

/** A horizontal bar chart, drawn as vector bars with its figures written beside them. */
export interface BarChart {
  readonly title: string;
  readonly series: readonly string[];
  /** The axis end (e.g. 100 for a percentage). */
  readonly axisMax: number;
  readonly rows: readonly BarRow[];
  /** Shown instead of bars when there are no rows. */
  readonly empty: string;
}

/** A month of the study calendar. */
export interface CalendarMonth {
  readonly label: string;
  /** Weekday of the 1st, 0 = Monday … 6 = Sunday. */
  readonly firstWeekday: number;
  readonly daysInMonth: number;
  /** The study days: day of the month and the text written in its cell (minutes). */
  readonly study: readonly { readonly day: number; readonly text: string }[];
}

export interface ReportCalendar {
  readonly title: string;
  /** Weekday names Monday → Sunday. */
  readonly weekdays: readonly string[];
  readonly months: readonly CalendarMonth[];
  readonly empty: string;
}

/** A page the pupil wrote on, with the ink over its textbook page. */
export interface Thumbnail {
  readonly label: string;
  /** The textbook PDF's page (0-based) behind the ink; absent: plain paper. */
  readonly pdfPage?: number | undefined;
  /** The page's size in points (the textbook page's, or the ink's extent). */
  readonly widthPt: number;
  readonly heightPt: number;
  /** Each stroke as x, y pairs in points from the page's top left. */
  readonly strokes: readonly Float32Array[];
}

/** One pupil's part of the report (a page or two). */
export interface PupilSheet {
  readonly title: string;
  /** '3. Name' */
  readonly name: string;
  /** Label and value lines: class, textbook, period. */
  readonly facts: readonly (readonly [string, string])[];
  readonly charts: readonly BarChart[];
  readonly calendar: ReportCalendar;
  readonly thumbnails: {
    readonly title: string;
    readonly pages: readonly Thumbnail[];
    /** Said when some written pages were left out ('and 4 more pages'). */
    readonly more?: string | undefined;
    readonly empty: string;
  };
}

/** What a report PDF is made with before its sheets. */
export interface ReportHead {
  readonly paper: Paper;
  readonly language: ReportLanguage;
  /** The textbook's PDF (the thumbnails' background), when the material has one. */
  readonly textbookPdf?: Uint8Array | undefined;
}

/** A whole report at once. */
export interface ReportJob {
  readonly paper: Paper;
  readonly language: ReportLanguage;
  readonly sheets: readonly PupilSheet[];
  /** The textbook's PDF (the thumbnails' background), when the material has one. */
  readonly textbookPdf?: Uint8Array | undefined;
}

/** The title of a report of these sheets: the pupil's name for one pupil. */
export function reportTitle(sheets: readonly Pick<PupilSheet, 'title' | 'name'>[]): string {
  return sheets.length === 1 ? `${sheets[0]!.title} · ${sheets[0]!.name}` : (sheets[0]?.title ?? '');
}

/** What of a report could not be had: its font, or the textbook's PDF. */
export type ReportFailureKind = 'font' | 'textbook';

/** A report that failed for a reason the user is told in their language. */
export class ReportFailure extends Error {
  override readonly name = 'ReportFailure';
  constructor(
    readonly kind: ReportFailureKind,
    readonly reason: string,
  ) {
    super(`${kind}: ${reason}`);
  }
}
