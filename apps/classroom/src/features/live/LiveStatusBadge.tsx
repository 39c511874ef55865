/**
 * The live lesson's connection badge (issue 29 item 2): 'Live'; within a moment of the teacher's
 * network going, 'Reconnecting…' with how long ago the connection was lost (counting each
 * second); 'Live again' with how long the outage lasted, then 'Live'. Its own component, so other
 * states of the lesson (the server's side) sit beside it without touching it.
 */
import { errorText } from '../../api/errorText';
import { type T, useT } from '../../i18n/text';
import type { RoomStatus } from './liveRoom';
import { useSecondTick } from './useLiveRoom';

/** The text of the room's state at client time `nowMs`. */
export function statusText(t: T, s: RoomStatus, nowMs: number): string {
  switch (s.kind) {
    case 'connecting':
      return t('live.status.connecting');
    case 'open':
      return t('live.status.open');
    case 'retrying':
      return t('live.status.retrying', {
        attempt: s.attempt,
        seconds: Math.max(0, Math.floor((nowMs - s.sinceMs) / 1000)),
      });
    case 'back':
      return t('live.status.back', { seconds: Math.max(1, Math.round(s.lostMs / 1000)) });
    case 'closed':
      return t('live.status.closed');
    case 'catchUpFailed':
      return t('live.status.catchUpFailed', { message: errorText(t, s.error) });
  }
}

/** Whether the state is a problem the screen says aloud (an alert), not a calm status. */
export const isProblem = (s: RoomStatus): boolean =>
  s.kind !== 'open' && s.kind !== 'connecting' && s.kind !== 'back';

export function LiveStatusBadge(props: { readonly status: RoomStatus }) {
  const t = useT();
  const now = useSecondTick();
  const { status } = props;
  return (
    <p
      role={isProblem(status) ? 'alert' : 'status'}
      className={`live-status live-status-${status.kind}`}
      data-testid="live-status"
      data-status={status.kind}
    >
      {statusText(t, status, Math.max(now, status.kind === 'retrying' ? status.sinceMs : 0))}
    </p>
  );
}
