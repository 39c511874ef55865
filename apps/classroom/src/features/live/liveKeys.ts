/** The query-cache keys of the live lesson (TanStack Query), one factory for every use. */
export const liveKeys = {
  all: ['live'] as const,
  /** A lesson's roster (`GET /edu/v1/live/{courseId}`). */
  roster: (courseId: number | undefined) => ['live', 'roster', courseId] as const,
  /** The shared small image of a page (`page`: its page id). */
  image: (page: string) => ['live', 'image', page] as const,
};
