/**
 * The pupil's study calendar (classroom.md §3 Calendar event, §4 Calendar): month and agenda
 * (list) views, toolbar today / previous / next, a click on an event or a day drills to the
 * agenda of that day, in the locale of the UI language. One event per study day at its study
 * times (first block's start to last block's end, the school's clocks), titled with its minutes
 * and pages (e.g. '12.5 min · 3 pages').
 */
import type { CalendarDay } from '@dotink/contracts/eduAnalytics';
import { useLanguage } from '@dotink/view/i18n';
import FullCalendar, { type CalendarRef, type LocaleInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import jaLocale from '@fullcalendar/react/locales/ja';
import koLocale from '@fullcalendar/react/locales/ko';
import zhTwLocale from '@fullcalendar/react/locales/zh-tw';
import classicTheme from '@fullcalendar/react/themes/classic';
import { useMemo, useRef, useState } from 'react';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useT } from '../../../i18n/text';
import { dayEvents, monthKey, type YearMonth } from './pupilFigures';

const LOCALES: Record<string, LocaleInput | undefined> = { ko: koLocale, ja: jaLocale, 'zh-TW': zhTwLocale };
const plugins = [dayGridPlugin, listPlugin, interactionPlugin, classicTheme];

/** The calendar's views: the month grid and the agenda of one day. */
export const MONTH_VIEW = 'dayGridMonth';
export const AGENDA_VIEW = 'listDay';

/** 'YYYY-MM-DD' of a calendar date (FullCalendar gives local midnight). */
const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function PupilCalendar(props: {
  readonly days: readonly CalendarDay[];
  readonly initial: YearMonth;
  /** The school's time zone: the study times are its clocks'. */
  readonly timeZone: string;
}) {
  const t = useT();
  const language = useLanguage();
  const ref = useRef<CalendarRef>(null);
  const events = useMemo(
    () =>
      dayEvents(
        props.days,
        (f) => t('analyticsPupil.eventTitle', { min: f.min, pages: f.pages }),
        props.timeZone,
      ),
    [props.days, t, props.timeZone],
  );
  const [shown, setShown] = useState<{ view: string; start: string }>(() => ({
    view: MONTH_VIEW,
    start: `${monthKey(props.initial)}-01`,
  }));
  const drill = (date: Date | string) => ref.current?.getApi().changeView(AGENDA_VIEW, date);
  return (
    <section
      className="chart-frame pupil-calendar"
      aria-labelledby="pupil-calendar-title"
      data-testid="pupil-calendar"
      data-view={shown.view}
      data-start={shown.start}
    >
      <div className="chart-frame-head">
        <h2 id="pupil-calendar-title">{t('analyticsPupil.calendar')}</h2>
      </div>
      <FullCalendar
        ref={ref}
        plugins={plugins}
        initialView={MONTH_VIEW}
        initialDate={`${monthKey(props.initial)}-01`}
        locale={LOCALES[language] ?? 'en'}
        firstDay={1}
        height="auto"
        headerToolbar={{ start: 'today prev,next', center: 'title', end: `${MONTH_VIEW},${AGENDA_VIEW}` }}
        buttons={{
          today: { text: t('analyticsPupil.today'), hint: t('analyticsPupil.today') },
          [MONTH_VIEW]: { text: t('analyticsPupil.month'), hint: t('analyticsPupil.month') },
          [AGENDA_VIEW]: { text: t('analyticsPupil.agenda'), hint: t('analyticsPupil.agenda') },
        }}
        todayHint={t('analyticsPupil.today')}
        datesSet={(info) => setShown({ view: info.view.type, start: localDate(info.view.currentStart) })}
        events={events}
        // a study running past midnight stays on the day it started
        nextDayThreshold="12:00:00"
        displayEventEnd
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          if (info.event.start) drill(info.event.start);
        }}
        dateClick={(info) => drill(info.date)}
        navLinks
        navLinkDayClick={(date) => drill(date)}
        noEventsText={t('analyticsPupil.noActivity')}
      />
    </section>
  );
}
