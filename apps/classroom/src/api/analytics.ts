/**
 * The learning-analytics calls (issue 15, `@dotink/contracts/eduAnalytics`), each validating its
 * answer: the class-and-book summary, one pupil's detail, and the units of a teacher's own
 * material (read and edit).
 */
import { answerSchema } from '@dotink/contracts/answer';
import {
  type MathSummaryData,
  mathSummaryData,
  type PupilDetailData,
  pupilDetailData,
  pupilDetailsData,
  type UnitDefinition,
  type UnitsData,
  unitsData,
} from '@dotink/contracts/eduAnalytics';
import type { Call } from './client';

/** Which class and book (page range) a summary is of. */
export interface SummaryRequest {
  readonly eduClassId: number;
  readonly curriculumId?: number | undefined;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly ncodeStartPage: number;
  readonly ncodeEndPage: number;
  /** IANA time zone of the dates and hours (the browser's). */
  readonly timeZone?: string | undefined;
}

const summaryQuery = (r: SummaryRequest) => ({
  eduClassId: r.eduClassId,
  curriculumId: r.curriculumId,
  section: r.section,
  owner: r.owner,
  book: r.book,
  ncodeStartPage: r.ncodeStartPage,
  ncodeEndPage: r.ncodeEndPage,
  timeZone: r.timeZone,
});

/** The calls, bound to one call layer. */
export function analyticsApi(call: Call) {
  return {
    /** Per pupil, per page and per unit figures of a class on a book. */
    mathSummary: async (r: SummaryRequest): Promise<MathSummaryData> =>
      (await call(answerSchema(mathSummaryData), '/edu/v1/math/summary', { query: summaryQuery(r) })).data,
    /** One pupil's figures, study blocks, calendar days and content clicks. */
    pupilDetail: async (studentId: string, r: SummaryRequest): Promise<PupilDetailData> =>
      (
        await call(
          answerSchema(pupilDetailData),
          `/edu/v1/math/summary/student/${encodeURIComponent(studentId)}`,
          {
            query: summaryQuery(r),
          },
        )
      ).data,
    /** Every pupil's detail at once, by registration number (the class report). */
    pupilDetails: async (r: SummaryRequest): Promise<PupilDetailData[]> =>
      (
        await call(answerSchema(pupilDetailsData), '/edu/v1/math/summary/students', {
          query: summaryQuery(r),
        })
      ).data.pupils,
    /** The units of a teacher's own material (POD). */
    materialUnits: async (curriculumId: number, textbookId: number): Promise<UnitsData> =>
      (
        await call(
          answerSchema(unitsData),
          `/edu/v1/curriculum/${curriculumId}/textbook/${textbookId}/categories`,
        )
      ).data,
    /** Replaces the units of a teacher's own material. */
    saveMaterialUnits: async (
      curriculumId: number,
      textbookId: number,
      categories: readonly UnitDefinition[],
    ): Promise<UnitsData> =>
      (
        await call(
          answerSchema(unitsData),
          `/edu/v1/curriculum/${curriculumId}/textbook/${textbookId}/categories`,
          {
            method: 'PUT',
            body: { categories },
          },
        )
      ).data,
  };
}
export type AnalyticsApi = ReturnType<typeof analyticsApi>;
