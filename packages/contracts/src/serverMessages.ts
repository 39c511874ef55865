/**
 * Every answer message of the server a client tells apart, under one key: the education API's
 * (`eduMessages.ts`) by their own keys, the ink store's as `ink.*`, the analytics routes' as
 * `analytics.*` and the live paths' as `live.*`. The classroom shows each as its catalogue key
 * `server.{key}`, so no server text reaches the screen in English only.
 */
import { type AnalyticsMessageKey, analyticsMessageKey } from './analyticsMessages';
import { LiveMessage } from './eduLive';
import { type EduMessageKey, eduMessageKey } from './eduMessages';
import { type InkMessageKey, inkMessageKey } from './inkMessages';

/** The live refusals a client tells apart ('The lesson does not exist.' is the education API's). */
export type LiveMessageKey = Exclude<keyof typeof LiveMessage, 'lessonNotFound'>;

export type ServerMessageKey =
  | EduMessageKey
  | `ink.${InkMessageKey}`
  | `analytics.${AnalyticsMessageKey}`
  | `live.${LiveMessageKey}`;

const LIVE: ReadonlyMap<string, LiveMessageKey> = new Map(
  (['noSession', 'closed', 'notInLesson', 'otherPen'] as const).map((k) => [LiveMessage[k], k]),
);

/** The key of any message the server answers, with its values, or undefined for any other text. */
export function serverMessageKey(
  message: string,
):
  | { readonly key: ServerMessageKey; readonly params: Readonly<Record<string, string | number>> }
  | undefined {
  const edu = eduMessageKey(message);
  if (edu) return edu;
  const ink = inkMessageKey(message);
  if (ink) return { key: `ink.${ink.key}`, params: ink.params };
  const analytics = analyticsMessageKey(message);
  if (analytics) return { key: `analytics.${analytics.key}`, params: analytics.params };
  const live = LIVE.get(message);
  return live ? { key: `live.${live}`, params: {} } : undefined;
}
