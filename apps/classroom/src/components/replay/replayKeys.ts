/** The query-cache keys of the replay screen (TanStack Query), one factory for every use. */
export const replayKeys = {
  all: ['replay'] as const,
  /** A pupil's ink on some pages (`scope`: pupil, book and writers). */
  ink: (scope: string, pages: string) => ['replay', 'ink', scope, pages] as const,
  /** The textbook page behind the ink (`page`: its page id, '' for none). */
  background: (page: string) => ['replay', 'background', page] as const,
};
