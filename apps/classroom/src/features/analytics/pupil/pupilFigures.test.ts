import type { CalendarDay, MathSummaryData } from '@dotink/contracts/eduAnalytics';
import { decodePageArray, pageId } from '@dotink/ncode';
import { describe, expect, it } from 'vitest';
import { parseReplayQuery } from '../../../components/replay/replayQuery';
import type { MathQuery } from '../summaryQueries';
import {
  clickKind,
  clickTypeLabel,
  dayEvents,
  hourLabel,
  hourRows,
  initialMonth,
  mondayIndex,
  monthAt,
  monthlyWeekdayMinutes,
  oneDecimal,
  pageStates,
  pagesReplayPath,
  shiftMonth,
  unitDrafts,
  unitProblems,
  unitsOfDrafts,
  weekdayNames,
  weekdayRows,
} from './pupilFigures';

const day = (date: string, minutes: number, numPages = 1): CalendarDay => ({
  date,
  startMs: 0,
  endMs: 0,
  durationMs: minutes * 60_000,
  numPages,
  pages: Array.from({ length: numPages }, (_, i) => 10 + i),
  studies: 1,
});

describe('weekday names and order (Monday to Sunday)', () => {
  it('names the weekdays Monday first in each UI language', () => {
    expect(weekdayNames('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('ko')).toEqual(['월', '화', '수', '목', '금', '토', '일']);
    expect(weekdayNames('ja')).toEqual(['月', '火', '水', '木', '金', '土', '日']);
    expect(weekdayNames('zh-TW')).toEqual(['週一', '週二', '週三', '週四', '週五', '週六', '週日']);
  });

  it('pairs weekdayStudyMin (Monday first) with the names', () => {
    const rows = weekdayRows([1, 2, 3, 4, 5, 6, 7.5], 'en');
    expect(rows[0]).toEqual({ name: 'Mon', minutes: 1 });
    expect(rows[6]).toEqual({ name: 'Sun', minutes: 7.5 });
  });

  it('finds the Monday-first index of a date', () => {
    expect(mondayIndex('2026-11-23')).toBe(0); // a Monday
    expect(mondayIndex('2026-11-29')).toBe(6); // a Sunday
    expect(mondayIndex('2024-02-29')).toBe(3); // a Thursday
  });
});

describe('the daily participation bars', () => {
  it('puts each hour in the middle of its slot on the 0–24 axis', () => {
    const hours = Array.from({ length: 24 }, (_, h) => (h === 9 ? 12.5 : 0));
    const rows = hourRows(hours);
    expect(rows).toHaveLength(24);
    expect(rows[9]).toEqual({ hour: 9, x: 9.5, minutes: 12.5 });
    expect(hourLabel(9)).toBe('09–10');
    expect(hourLabel(23)).toBe('23–24');
  });
});

describe('content click types', () => {
  const words = { youtube: 'youtube', remedial: 'e-learning centre', estimate: 'edus' };
  it('shows youtube, remedial as e-learning centre, estimate as edus, others raw', () => {
    expect(clickTypeLabel('youtube', words)).toBe('youtube');
    expect(clickTypeLabel('remedial', words)).toBe('e-learning centre');
    expect(clickTypeLabel('estimate', words)).toBe('edus');
    expect(clickTypeLabel('quiz', words)).toBe('quiz');
    expect(clickKind('YouTube')).toBe('youtube');
  });
});

describe('calendar event titles', () => {
  it('titles a study day with its minutes (one decimal) and pages', () => {
    const events = dayEvents(
      [day('2026-11-20', 12.5, 3), day('2026-11-21', 0, 0), day('2026-11-22', 1 / 60, 1)],
      (f) => `${f.min} min · ${f.pages} pages`,
      'UTC',
    );
    expect(events.map((e) => [e.id, e.title])).toEqual([
      ['2026-11-20', '12.5 min · 3 pages'],
      ['2026-11-22', '0.0 min · 1 pages'],
    ]);
  });

  it("places a study day at its study's times in the school's time zone, not 'all day'", () => {
    // study from 09:05 to 10:17:30 in Seoul (00:05 to 01:17:30 UTC) on 20 November 2026, and
    // one running past midnight on the 21st (23:50 to 00:10 the next day)
    const events = dayEvents(
      [
        {
          ...day('2026-11-20', 60),
          startMs: Date.UTC(2026, 10, 20, 0, 5),
          endMs: Date.UTC(2026, 10, 20, 1, 17, 30),
        },
        {
          ...day('2026-11-21', 20),
          startMs: Date.UTC(2026, 10, 21, 14, 50),
          endMs: Date.UTC(2026, 10, 21, 15, 10),
        },
      ],
      (f) => f.min,
      'Asia/Seoul',
    );
    expect(events.map((e) => [e.start, e.end, e.allDay])).toEqual([
      ['2026-11-20T09:05:00', '2026-11-20T10:17:30', false],
      ['2026-11-21T23:50:00', '2026-11-22T00:10:00', false],
    ]);
  });
});

describe('the monthly study-time chart', () => {
  const days = [
    day('2026-10-31', 30), // Saturday, October
    day('2026-11-02', 10), // Monday
    day('2026-11-09', 5.5), // Monday
    day('2026-11-29', 20), // Sunday
    day('2026-12-01', 40), // Tuesday, December
  ];

  it('sums each weekday of one month, Monday first', () => {
    const nov = monthlyWeekdayMinutes(days, { year: 2026, month: 11 });
    expect(nov.minutes).toEqual([15.5, 0, 0, 0, 0, 0, 20]);
    expect(nov.studyDays).toEqual([2, 0, 0, 0, 0, 0, 1]);
    expect(monthlyWeekdayMinutes(days, { year: 2026, month: 10 }).minutes).toEqual([0, 0, 0, 0, 0, 30, 0]);
    expect(monthlyWeekdayMinutes(days, { year: 2027, month: 1 }).minutes).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('keeps a study day of a month whose study rounds to 0.0 min (hand-worked from classroom.md §4, §9)', () => {
    // One study block of 2 s on Tuesday 2026-03-10: 2 / 60 = 0.033 min → 0.0 min with one
    // decimal, but March had a study day: the chart shows it, not 'no data'.
    const march = monthlyWeekdayMinutes([{ ...day('2026-03-10', 0), durationMs: 2000 }], {
      year: 2026,
      month: 3,
    });
    expect(march).toEqual({
      minutes: [0, 0, 0, 0, 0, 0, 0],
      studyDays: [0, 1, 0, 0, 0, 0, 0],
      hasStudy: true,
    });
    expect(monthlyWeekdayMinutes([], { year: 2026, month: 3 }).hasStudy).toBe(false);
  });

  it('steps months across years and opens on the last study month', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(initialMonth(days, 0, 'UTC')).toEqual({ year: 2026, month: 12 });
    const now = Date.UTC(2026, 10, 30, 20); // 30 Nov 20:00 UTC = 1 Dec in Seoul
    expect(initialMonth([], now, 'Asia/Seoul')).toEqual({ year: 2026, month: 12 });
    expect(monthAt(now, 'UTC')).toEqual({ year: 2026, month: 11 });
  });
});

describe('the replay address of a unit', () => {
  const q: MathQuery = {
    eduClassId: 4,
    curriculumId: 7,
    section: 3,
    owner: 1012,
    book: 1191,
    ncodeStartPage: 1,
    ncodeEndPage: 124,
    textbookTitle: 'Math 3-1',
  };
  it('carries the unit pages as encoded page runs the replay reads back', () => {
    const path = pagesReplayPath(q, 'stu-1', [10, 11, 12, 20]);
    const params = new URL(path, 'http://x').searchParams;
    expect(params.get('studentId')).toBe('stu-1');
    expect(decodePageArray(params.get('pages')!).map(pageId)).toEqual([
      '3.1012.1191.10',
      '3.1012.1191.11',
      '3.1012.1191.12',
      '3.1012.1191.20',
    ]);
    const parsed = parseReplayQuery(params);
    expect(parsed.ok && parsed.query.pages.length).toBe(4);
  });
  it('leaves out a missing curriculum id', () => {
    const path = pagesReplayPath({ ...q, curriculumId: undefined }, 'stu-1', []);
    expect(path).not.toContain('curriculumId');
    expect(path).toContain('ncodeEndPage=124');
  });
});

describe('the study check page states', () => {
  it('marks each page of the material written, tapped or untouched', () => {
    const book = {
      section: 3,
      owner: 27,
      book: 100,
      startPage: 5,
      endPage: 8,
      numPages: 4,
      pageNaming: 'number',
    } as const;
    const pupil = {
      pages: [
        { page: 5, strokeCount: 3, touchCount: 0, studyTimeMs: 1 },
        { page: 7, strokeCount: 0, touchCount: 2, studyTimeMs: 0 },
      ],
    } as unknown as MathSummaryData['pupils'][number];
    expect(pageStates(book, pupil).map((p) => `${p.page}:${p.state}`)).toEqual([
      '5:written',
      '6:none',
      '7:touched',
      '8:none',
    ]);
  });
});

describe('the units editor', () => {
  it('shows material pages from 1 and saves Ncode pages', () => {
    const drafts = unitDrafts([{ title: 'Fractions', startPage: 17, endPage: 19, subCategories: [] }], 17);
    expect(drafts[0]).toMatchObject({ title: 'Fractions', start: '1', end: '3' });
    expect(unitsOfDrafts([{ ...drafts[0]!, title: ' Fractions ' }], 17)).toEqual([
      { title: 'Fractions', startPage: 17, endPage: 19, subCategories: [] },
    ]);
  });
  it('names every problem of a row', () => {
    const row = (title: string, start: string, end: string) => ({ title, start, end, subCategories: [] });
    expect(
      unitProblems([row('A', '1', '3'), row(' ', '0', '4'), row('B', '3', '2'), row('C', 'x', '')], 3),
    ).toEqual([[], ['title', 'start', 'end'], ['order'], ['start', 'end']]);
  });
  it('formats figures with one decimal', () => {
    expect(oneDecimal(12.345)).toBe('12.3');
    expect(oneDecimal(0)).toBe('0.0');
    expect(oneDecimal(99.95)).toBe('100.0');
  });
});
