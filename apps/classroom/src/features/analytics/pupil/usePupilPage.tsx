/**
 * What the pupil screens share: the page's math query and its class summary, the chosen pupil's
 * detail, the pupil selector (switching pupil keeps the book and changes `studentId`), unit
 * names (the unclassified unit named in the UI language), and date/time formats of the UI
 * language in the summary's time zone.
 */
import type { SummaryUnit } from '@dotink/contracts/eduAnalytics';
import { useLanguage } from '@dotink/view/i18n';
import { useCallback, useId, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../../i18n/text';
import { type MathQuery, mathSearch, readMathQuery, useMathSummary, usePupilDetail } from '../summaryQueries';

/** The unit's name: its title, or 'unclassified unit' (index −1) in the UI language. */
export function useUnitName(): (unit: Pick<SummaryUnit, 'index' | 'title'>) => string {
  const t = useT();
  return useCallback(
    (unit) => (unit.index === -1 || unit.title.trim() === '' ? t('analytics.unclassified') : unit.title),
    [t],
  );
}

/** The page's query, the class summary and the chosen pupil's detail. */
export function usePupilPage() {
  const [params] = useSearchParams();
  const query = useMemo(() => readMathQuery(params), [params]);
  const summary = useMathSummary(query);
  const studentId = query?.studentId;
  const detail = usePupilDetail(query, studentId);
  return { params, query, studentId, summary, detail };
}

/** Formats instants in the UI language and a time zone. */
export function useTimeFormat(timeZone: string | undefined) {
  const language = useLanguage();
  return useMemo(() => {
    const zone = timeZone ? { timeZone } : {};
    const date = new Intl.DateTimeFormat(language, {
      ...zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const time = new Intl.DateTimeFormat(language, {
      ...zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const dateTime = new Intl.DateTimeFormat(language, {
      ...zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const month = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' });
    return {
      date: (ms: number) => date.format(ms),
      time: (ms: number) => time.format(ms),
      dateTime: (ms: number) => dateTime.format(ms),
      month: (year: number, m: number) => month.format(Date.UTC(year, m - 1, 15)),
    };
  }, [language, timeZone]);
}

/** The pupil selector: the class's pupils by registration number; choosing one opens `path` for them. */
export function PupilSelect(props: {
  readonly query: MathQuery;
  readonly pupils: readonly { readonly studentId: string; readonly num: number; readonly name: string }[];
  readonly path: string;
  /** Extra query kept when switching (e.g. the unit). */
  readonly keep?: Readonly<Record<string, string>> | undefined;
}) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  return (
    <div className="field pupil-select">
      <label htmlFor={id}>{t('analyticsPupil.student')}</label>
      <select
        id={id}
        data-testid="pupil-select"
        value={props.query.studentId ?? ''}
        onChange={(e) => {
          const extra = new URLSearchParams(props.keep ?? {}).toString();
          navigate(`${props.path}${mathSearch(props.query, e.target.value)}${extra ? `&${extra}` : ''}`);
        }}
      >
        {props.query.studentId === undefined && <option value="">—</option>}
        {props.pupils.map((p) => (
          <option key={p.studentId} value={p.studentId}>
            {p.num}. {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
