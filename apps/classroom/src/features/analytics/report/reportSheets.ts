/**
 * A pupil's sheet of the report (issue 30 item 2) from the figures the pupil screens show: the
 * pupil's detail (`/edu/v1/math/summary/student/{id}`) and the class summary's book, written with
 * the screens' own formatters (`oneDecimal` = ink's `formatOneDecimal`, `msToMinutes`, the page
 * label of classroom.md §5, the UI language's dates in the summary's time zone), so the PDF says
 * what the screen says. The class comparison is the screens': the summary's class average, with
 * how many of the pupils wrote.
 */
import type { MathSummaryData, PupilDetailData } from '@dotink/contracts/eduAnalytics';
import type { Stroke } from '@dotink/ink';
import { NU_TO_PT } from '@dotink/ncode';
import { materialPageLabel } from '../../../components/pageLabel';
import type { reportText } from '../../../i18n/report';
import type { T, TWith } from '../../../i18n/text';
import { mondayIndex, msToMinutes, oneDecimal, unitRows, weekdayNames } from '../pupil/pupilFigures';
import { timeFormats, unitNameOf } from '../pupil/usePupilPage';
import type { BarChart, CalendarMonth, PupilSheet, Thumbnail } from './reportModel';

export type ReportT = TWith<(typeof reportText)['en']>;

/** Most thumbnails of a pupil (three rows of four: one page). */
export const MAX_THUMBNAILS = 12;
/** Most calendar months (the latest with study). */
export const MAX_MONTHS = 6;
/** A page without a textbook PDF behind it: A4 portrait, points. */
const PLAIN_PAGE_PT = { widthPt: 595.28, heightPt: 841.89 } as const;

/** Where the textbook PDF's pages are: PDF page (0-based) of a code page, if the PDF has one. */
export type PdfPageOf = (page: number) => number | undefined;

export interface SheetInput {
  readonly t: ReportT;
  readonly language: string;
  readonly summary: Pick<MathSummaryData, 'book'>;
  readonly detail: PupilDetailData;
  readonly className: string;
  readonly textbookTitle: string;
  /** The pupil's strokes on the pages shown (any order). */
  readonly strokes: readonly Stroke[];
  readonly pdfPageOf: PdfPageOf;
}

/** The pages a pupil wrote on, in book order, at most {@link MAX_THUMBNAILS}; and how many more. */
export function writtenPages(detail: Pick<PupilDetailData, 'pupil'>): { shown: number[]; more: number } {
  const all = detail.pupil.pages
    .filter((p) => p.strokeCount > 0)
    .map((p) => p.page)
    .sort((a, b) => a - b);
  return { shown: all.slice(0, MAX_THUMBNAILS), more: Math.max(0, all.length - MAX_THUMBNAILS) };
}

/** The study calendar's months: those with a study day, the latest {@link MAX_MONTHS}. */
export function calendarMonths(
  detail: Pick<PupilDetailData, 'days'>,
  monthLabel: (year: number, month: number) => string,
): CalendarMonth[] {
  const byMonth = new Map<string, { day: number; text: string }[]>();
  for (const d of [...detail.days].sort((a, b) => a.date.localeCompare(b.date))) {
    if (d.durationMs <= 0 && d.numPages <= 0) continue;
    const key = d.date.slice(0, 7);
    const list = byMonth.get(key) ?? [];
    list.push({ day: Number(d.date.slice(8, 10)), text: oneDecimal(msToMinutes(d.durationMs)) });
    byMonth.set(key, list);
  }
  return [...byMonth.keys()].slice(-MAX_MONTHS).map((key) => {
    const year = Number(key.slice(0, 4));
    const month = Number(key.slice(5, 7));
    return {
      label: monthLabel(year, month),
      firstWeekday: mondayIndex(`${key}-01`),
      daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
      study: byMonth.get(key)!,
    };
  });
}

/** Each stroke as x, y pairs in points of its page (the paper's own transform: pt = 6.72 · nu). */
export function strokePolylines(strokes: readonly Stroke[]): Float32Array[] {
  return strokes
    .filter((s) => s.status === 'normal' && s.dots.count > 0)
    .sort((a, b) => a.startTimeMs - b.startTimeMs)
    .map((s) => {
      const xy = new Float32Array(s.dots.count * 2);
      for (let i = 0; i < s.dots.count; i++) {
        xy[2 * i] = s.dots.xNu[i]! * NU_TO_PT;
        xy[2 * i + 1] = s.dots.yNu[i]! * NU_TO_PT;
      }
      return xy;
    });
}

/** The size of a page without a textbook behind it: A4, or the ink's extent when larger. */
function plainSize(lines: readonly Float32Array[]): { widthPt: number; heightPt: number } {
  let w: number = PLAIN_PAGE_PT.widthPt;
  let h: number = PLAIN_PAGE_PT.heightPt;
  for (const xy of lines)
    for (let i = 0; i < xy.length; i += 2) {
      w = Math.max(w, xy[i]! + 20);
      h = Math.max(h, xy[i + 1]! + 20);
    }
  return { widthPt: w, heightPt: h };
}

/** The pupil's sheet. */
export function pupilSheet(x: SheetInput): PupilSheet {
  const { t, detail } = x;
  const f = timeFormats(x.language, detail.timeZone);
  const unitName = unitNameOf(t as unknown as T);
  const days = [...detail.days].filter((d) => d.durationMs > 0 || d.numPages > 0);
  const first = days.reduce<number | undefined>(
    (m, d) => (m === undefined || d.startMs < m ? d.startMs : m),
    undefined,
  );
  const last = days.reduce<number | undefined>(
    (m, d) => (m === undefined || d.endMs > m ? d.endMs : m),
    undefined,
  );
  const period =
    first === undefined || last === undefined ? t('report.noPeriod') : `${f.date(first)} – ${f.date(last)}`;
  const series = [
    t('analyticsPupil.thisStudent'),
    t('report.classOf', { writers: detail.average.writers, pupils: detail.average.pupils }),
  ];
  const rates: BarChart = {
    title: t('report.rates'),
    series,
    axisMax: 100,
    empty: '',
    rows: [
      {
        label: t('analyticsPupil.writingRate'),
        values: [detail.pupil.progress.writtenRatePct, detail.average.progress.writtenRatePct],
        texts: [
          oneDecimal(detail.pupil.progress.writtenRatePct),
          oneDecimal(detail.average.progress.writtenRatePct),
        ],
      },
      {
        label: t('analyticsPupil.contentRate'),
        values: [detail.pupil.progress.touchedRatePct, detail.average.progress.touchedRatePct],
        texts: [
          oneDecimal(detail.pupil.progress.touchedRatePct),
          oneDecimal(detail.average.progress.touchedRatePct),
        ],
      },
    ],
  };
  const units = unitRows(detail.units, detail.pupil.units, detail.average.units);
  const unitValues = units.map((r) => [
    r.pupil?.analysis.studyTimeMin ?? 0,
    r.average?.analysis.studyTimeMin ?? 0,
  ]);
  const unitTime: BarChart = {
    title: t('report.unitTime'),
    series,
    axisMax: Math.max(1, ...unitValues.flat()),
    empty: t('report.noUnits'),
    rows: units.map((r, i) => ({
      label: unitName(r.unit),
      values: unitValues[i]!,
      texts: unitValues[i]!.map(oneDecimal),
    })),
  };
  const { shown, more } = writtenPages(detail);
  const byPage = new Map<number, Stroke[]>();
  for (const s of x.strokes) {
    const list = byPage.get(s.page.page) ?? [];
    list.push(s);
    byPage.set(s.page.page, list);
  }
  const book = { pageNaming: x.summary.book.pageNaming, firstPage: x.summary.book.startPage };
  const pages: Thumbnail[] = shown.map((page) => {
    const strokes = strokePolylines(byPage.get(page) ?? []);
    const pdfPage = x.pdfPageOf(page);
    const label = materialPageLabel(t as unknown as T, book, page);
    return {
      label: label === '' ? String(page) : label,
      pdfPage,
      ...plainSize(strokes),
      strokes,
    };
  });
  return {
    title: t('report.title'),
    name: `${detail.pupil.num}. ${detail.pupil.name}`,
    facts: [
      [t('report.class'), x.className],
      [t('report.textbook'), x.textbookTitle],
      [t('report.period'), period],
    ],
    charts: [rates, unitTime],
    calendar: {
      title: t('report.calendar'),
      weekdays: weekdayNames(x.language),
      months: calendarMonths(detail, f.month),
      empty: t('report.noStudy'),
    },
    thumbnails: {
      title: t('report.pages'),
      pages,
      more: more > 0 ? t('report.morePages', { count: more }) : undefined,
      empty: t('report.noPages'),
    },
  };
}
