/**
 * The pupil's own call of the pen station: `GET /edu/v1/live/{courseId}/station` with the pupil's
 * token (`@dotink/contracts/eduLive`): the lesson, its room and tag, and the pupil's name and
 * registered pen address. Not on the teacher's call layer (its token and its 401 → logout are the
 * teacher's); the server's refusals become the station's messages.
 */
import { answerSchema } from '@dotink/contracts/answer';
import { LiveMessage, type LiveStationData, liveStationData } from '@dotink/contracts/eduLive';
import { ApiError, readAnswer, send } from '../../api/client';
import type { ClassroomKey } from '../../i18n/en';

/** The server's live refusals in the station's words. */
export const LIVE_MESSAGE_KEYS: Readonly<Record<string, ClassroomKey>> = {
  [LiveMessage.lessonNotFound]: 'station.lessonNotFound',
  [LiveMessage.noSession]: 'station.noSession',
  [LiveMessage.closed]: 'station.lessonClosed',
  [LiveMessage.notInLesson]: 'station.notInLesson',
};

/** The station's read of the lesson as the pupil `token` sees it. */
export async function fetchStation(
  deps: { readonly serverUrl: string; readonly fetch: typeof fetch },
  token: string,
  courseId: number,
): Promise<LiveStationData> {
  const res = await send(deps.fetch, `${deps.serverUrl}/edu/v1/live/${courseId}/station`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  try {
    return (await readAnswer(res, answerSchema(liveStationData))).data;
  } catch (error) {
    if (error instanceof ApiError && error.serverMessage && LIVE_MESSAGE_KEYS[error.serverMessage]) {
      throw new ApiError(error.status, LIVE_MESSAGE_KEYS[error.serverMessage], {}, error.serverMessage);
    }
    throw error;
  }
}

/** The lesson of the station's address (`/pen?course={courseId}`), undefined when there is none. */
export function courseOf(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('course');
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
