/**
 * The live-lesson calls of the teacher (issue 16, `@dotink/contracts/eduLive`): the lesson, its
 * room and the class roster with each pupil's pen and last page. The pen station's calls are the
 * pupil's, not the teacher's: they live in `features/station`.
 */
import { answerSchema } from '@dotink/contracts/answer';
import { type LiveRosterData, liveRosterData } from '@dotink/contracts/eduLive';
import type { Call } from './client';

/** The calls, bound to one call layer. */
export function liveApi(call: Call) {
  return {
    /** The lesson, its room and window, and the roster of its class. */
    liveRoster: async (courseId: number): Promise<LiveRosterData> =>
      (await call(answerSchema(liveRosterData), `/edu/v1/live/${courseId}`)).data,
  };
}

export type LiveApi = ReturnType<typeof liveApi>;
