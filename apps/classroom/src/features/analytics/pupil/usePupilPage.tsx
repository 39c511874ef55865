/**
 * What the pupil screens share: the page's math query and its class summary, the chosen pupil's
 * detail, the pupil selector (switching pupil keeps the book and changes `studentId`), unit
 * names (the unclassified unit named in the UI language), and date/time formats of the UI
 * language in the summary's time zone.
 */
import type { PupilDetailData, SummaryUnit } from '@dotink/contracts/eduAnalytics';
import { useLanguage } from '@dotink/view/i18n';
import { type ReactNode, useId, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type T, useT } from '../../../i18n/text';
import { errorText } from '../../../lib/services';
import { type MathQuery, mathSearch, readMathQuery, useMathSummary, usePupilDetail } from '../summaryQueries';

/** A unit's name: its title, or 'unclassified unit' (index −1) in the language of `t`. */
export const unitNameOf =
  (t: T) =>
  (unit: Pick<SummaryUnit, 'index' | 'title'>): string =>
    unit.index === -1 || unit.title.trim() === '' ? t('analytics.unclassified') : unit.title;

/** The unit's name: its title, or 'unclassified unit' (index −1) in the UI language. */
export function useUnitName(): (unit: Pick<SummaryUnit, 'index' | 'title'>) => string {
  const t = useT();
  return useMemo(() => unitNameOf(t), [t]);
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

/** Formats of instants in a language and a time zone (the pupil tables and their exports). */
export function timeFormats(language: string, timeZone: string | undefined) {
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
}
export type TimeFormats = ReturnType<typeof timeFormats>;

/** Formats instants in the UI language and a time zone. */
export function useTimeFormat(timeZone: string | undefined): TimeFormats {
  const language = useLanguage();
  return useMemo(() => timeFormats(language, timeZone), [language, timeZone]);
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

/**
 * The frame both pupil screens share: title with book and pupil, the pupil selector, and the
 * chain of states before the figures — no book chosen, no pupil chosen (`noPupil`), a pupil not in
 * the class, the detail failed, loading — then `children` with the pupil's detail.
 */
export function PupilPageFrame(props: {
  readonly testId: string;
  readonly title: string;
  /** The screen's path (the selector opens it for another pupil). */
  readonly path: string;
  /** Extra query kept when switching pupil. */
  readonly keep?: Readonly<Record<string, string>> | undefined;
  /** Shown when the query names no pupil. */
  readonly noPupil: ReactNode;
  readonly children: (figures: {
    readonly query: MathQuery;
    readonly studentId: string;
    readonly detail: PupilDetailData;
  }) => ReactNode;
}) {
  const t = useT();
  const { query, studentId, summary, detail } = usePupilPage();
  if (!query)
    return (
      <section className="page" data-testid={props.testId}>
        <p>{t('analyticsPupil.noQuery')}</p>
      </section>
    );
  const pupil = summary.data?.pupils.find((p) => p.studentId === studentId);
  return (
    <section className="page pupil-page" data-testid={props.testId}>
      <h1>
        {props.title}{' '}
        <span className="muted">
          · {query.textbookTitle}
          {pupil ? ` · ${pupil.num}. ${pupil.name}` : ''}
        </span>
      </h1>
      <div className="toolbar">
        {summary.data && (
          <PupilSelect query={query} pupils={summary.data.pupils} path={props.path} keep={props.keep} />
        )}
      </div>
      {studentId === undefined ? (
        props.noPupil
      ) : summary.data && !pupil ? (
        <p className="error-text" role="alert" data-testid="pupil-unknown">
          {t('analyticsPupil.unknownStudent')}
        </p>
      ) : detail.isError ? (
        <p className="error-text" role="alert" data-testid="pupil-error">
          {t('analytics.failed', { message: errorText(t, detail.error) })}
        </p>
      ) : !detail.data ? (
        <p className="muted" role="status">
          {t('analytics.loading')}
        </p>
      ) : (
        props.children({ query, studentId, detail: detail.data })
      )}
    </section>
  );
}
