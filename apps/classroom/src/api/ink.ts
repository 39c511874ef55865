/**
 * The ink calls of classroom.md §7, each validating its answer with the shared schema:
 * the teacher's search of a pupil's writing (`GET /admin/v1/inkstore/search/{studentId}`, one
 * answer page at a time) and the attachments of the material covering a page
 * (`GET /edu/v1/curriculum/textbook?section&owner&book&page`: the replay's page background).
 */
import { answerSchema } from '@dotink/contracts/answer';
import { type MaterialAttachment, materialFilesData } from '@dotink/contracts/edu';
import { MAX_SEARCH_PAGES, type SearchData, searchData } from '@dotink/contracts/inkstore';
import type { Call } from './client';

/** One search request: a book's pages (at most 64) and the filters of classroom.md §7. */
export interface InkSearchRequest {
  readonly studentId: string;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  /** 1 … 64 page numbers of the book. */
  readonly pageNumbers: readonly number[];
  /** Uploaded at or after (ISO). */
  readonly startDate?: string;
  /** `courseId_sessionId`. */
  readonly tag?: string;
  /** The last answer's `nextDataPointer`. */
  readonly dataPointer?: string;
}

/** The calls, bound to one call layer. */
export function inkApi(call: Call) {
  return {
    /** One answer page of a pupil's writing on up to 64 pages of one book. */
    searchInk: async (r: InkSearchRequest): Promise<SearchData> => {
      if (r.pageNumbers.length === 0 || r.pageNumbers.length > MAX_SEARCH_PAGES)
        throw new RangeError(`1 … ${MAX_SEARCH_PAGES} page numbers per search, got ${r.pageNumbers.length}`);
      // pageNumber repeats, which the call layer's query does not: it goes in the path
      const pages = r.pageNumbers.map((p) => `pageNumber=${p}`).join('&');
      const answer = await call(
        answerSchema(searchData),
        `/admin/v1/inkstore/search/${encodeURIComponent(r.studentId)}?${pages}`,
        {
          query: {
            section: r.section,
            owner: r.owner,
            bookCode: r.book,
            startDate: r.startDate,
            tag: r.tag,
            dataPointer: r.dataPointer,
          },
        },
      );
      return answer.data;
    },
    /** The files (PDF background, .nproj) of the materials covering a page. */
    pageAttachments: async (a: {
      section: number;
      owner: number;
      book: number;
      page: number;
    }): Promise<readonly MaterialAttachment[]> =>
      (await call(answerSchema(materialFilesData), '/edu/v1/curriculum/textbook', { query: { ...a } })).data
        .resultElements,
  };
}

export type InkApi = ReturnType<typeof inkApi>;
