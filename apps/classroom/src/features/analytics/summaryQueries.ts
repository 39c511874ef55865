/**
 * The analytics screens' URL query (classroom.md §2 math/all: section, owner, book,
 * ncodeStartPage, ncodeEndPage, curriculumId, eduClassId, textbookTitle; math/student adds
 * studentId) and their query hooks. The time zone is the browser's, so days and hours are the
 * teacher's.
 */
import { useQuery } from '@tanstack/react-query';
import type { SummaryRequest } from '../../api/analytics';
import { useServices } from '../../lib/services';

/** The book a math/* page is about, read from its URL query (undefined when incomplete). */
export interface MathQuery extends SummaryRequest {
  readonly textbookTitle: string;
  readonly studentId?: string | undefined;
}

const whole = (v: string | null): number | undefined =>
  v !== null && /^\d{1,10}$/.test(v) ? Number(v) : undefined;

/** Reads a math/* page's query; undefined when a required part is missing. */
export function readMathQuery(q: URLSearchParams): MathQuery | undefined {
  const eduClassId = whole(q.get('eduClassId'));
  const section = whole(q.get('section'));
  const owner = whole(q.get('owner'));
  const book = whole(q.get('book'));
  const ncodeStartPage = whole(q.get('ncodeStartPage'));
  const ncodeEndPage = whole(q.get('ncodeEndPage'));
  if (
    eduClassId === undefined ||
    section === undefined ||
    owner === undefined ||
    book === undefined ||
    ncodeStartPage === undefined ||
    ncodeEndPage === undefined
  )
    return undefined;
  return {
    eduClassId,
    curriculumId: whole(q.get('curriculumId')),
    section,
    owner,
    book,
    ncodeStartPage,
    ncodeEndPage,
    textbookTitle: q.get('textbookTitle') ?? '',
    studentId: q.get('studentId') ?? undefined,
  };
}

/** The query string of a math/* page for `q` (and a pupil). */
export function mathSearch(q: MathQuery, studentId?: string): string {
  const p = new URLSearchParams();
  p.set('section', String(q.section));
  p.set('owner', String(q.owner));
  p.set('book', String(q.book));
  p.set('ncodeStartPage', String(q.ncodeStartPage));
  p.set('ncodeEndPage', String(q.ncodeEndPage));
  if (q.curriculumId !== undefined) p.set('curriculumId', String(q.curriculumId));
  p.set('eduClassId', String(q.eduClassId));
  p.set('textbookTitle', q.textbookTitle);
  const pupil = studentId ?? q.studentId;
  if (pupil) p.set('studentId', pupil);
  return `?${p.toString()}`;
}

/** The browser's IANA time zone. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The summary request of a math/* page (the browser's time zone). */
export const requestOf = (q: MathQuery): SummaryRequest => ({
  eduClassId: q.eduClassId,
  curriculumId: q.curriculumId,
  section: q.section,
  owner: q.owner,
  book: q.book,
  ncodeStartPage: q.ncodeStartPage,
  ncodeEndPage: q.ncodeEndPage,
  timeZone: browserTimeZone(),
});

/** Every query key of the analytics screens. */
export const analyticsKeys = {
  /** Every class summary (to refresh them all). */
  summaries: ['mathSummary'] as const,
  summary: (r: SummaryRequest | undefined) => ['mathSummary', r ?? 'none'] as const,
  /** Every pupil's detail (to refresh them all). */
  pupils: ['mathPupil'] as const,
  pupil: (studentId: string, r: SummaryRequest | undefined) => ['mathPupil', studentId, r ?? 'none'] as const,
  units: (curriculumId: number, textbookId: number) => ['materialUnits', curriculumId, textbookId] as const,
};

/** The class summary of a math/* page's book. */
export function useMathSummary(q: MathQuery | undefined) {
  const { api } = useServices();
  const r = q ? requestOf(q) : undefined;
  return useQuery({
    queryKey: analyticsKeys.summary(r),
    queryFn: () => api.mathSummary(r!),
    enabled: r !== undefined,
  });
}

/** One pupil's detail on a math/* page's book. */
export function usePupilDetail(q: MathQuery | undefined, studentId: string | undefined) {
  const { api } = useServices();
  const r = q ? requestOf(q) : undefined;
  return useQuery({
    queryKey: analyticsKeys.pupil(studentId ?? '', r),
    queryFn: () => api.pupilDetail(studentId!, r!),
    enabled: r !== undefined && studentId !== undefined,
  });
}
