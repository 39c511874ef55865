/**
 * The frame of the class analytics screens (math/all, math/categories, math/view): reads the
 * book from the URL query (classroom.md §2), loads the class summary, and shows the heading (the
 * textbook title and the screen's label), 'loading..', the §8-style failure in the user's language,
 * or the screen with its data.
 */
import type { MathSummaryData } from '@dotink/contracts/eduAnalytics';
import { type ReactNode, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/text';
import { errorText } from '../../../lib/services';
import { type MathQuery, readMathQuery, useMathSummary } from '../summaryQueries';

export interface ClassPageFrameProps {
  /** The label beside the textbook title ('whole textbook', 'progress per unit', …). */
  readonly label: string;
  readonly testId: string;
  readonly children: (data: MathSummaryData, q: MathQuery) => ReactNode;
}

export function ClassPageFrame({ label, testId, children }: ClassPageFrameProps) {
  const t = useT();
  const [params] = useSearchParams();
  const q = useMemo(() => readMathQuery(params), [params]);
  const summary = useMathSummary(q);
  return (
    <section className="page math-class" data-testid={testId}>
      <h1 className="math-heading">
        {q?.textbookTitle ? <span data-testid="math-textbook-title">{q.textbookTitle}</span> : null}
        <span className="math-heading-label">{label}</span>
      </h1>
      {!q ? (
        <p role="status">{t('analyticsClass.noQuery')}</p>
      ) : summary.isError ? (
        <p role="alert" className="error-text" data-testid="math-error">
          {t('analytics.failed', { message: errorText(t, summary.error) })}
        </p>
      ) : !summary.data ? (
        <p role="status" data-testid="math-loading">
          {t('analytics.loading')}
        </p>
      ) : (
        children(summary.data, q)
      )}
    </section>
  );
}
