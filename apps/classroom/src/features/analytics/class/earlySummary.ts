/**
 * Starts the class summary of a class analytics page (math/all, math/categories, math/view) as
 * soon as the shell mounts, beside its teacher check, instead of after it: the page then finds
 * the answer in the query cache (issue 15: math/all charts painted < 1 s after navigation).
 */
import { useMemo } from 'react';
import { readMathQuery, useMathSummary } from '../summaryQueries';

const CLASS_PAGES = new Set(['/main/math/all', '/main/math/categories', '/main/math/view']);

/** Fetches (and keeps cached) the summary a class analytics path will show, signed in; nothing elsewhere. */
export function useEarlyClassSummary(pathname: string, search: string, signedIn: boolean): void {
  const q = useMemo(
    () => (signedIn && CLASS_PAGES.has(pathname) ? readMathQuery(new URLSearchParams(search)) : undefined),
    [pathname, search, signedIn],
  );
  useMathSummary(q);
}
