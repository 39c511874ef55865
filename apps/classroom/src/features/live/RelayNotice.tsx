/**
 * "Reconnecting" on the live lesson while the server process of the teacher's socket cannot hear
 * the other processes (its relay status, `@dotink/contracts/realtimeStatus`): pupils' pens written
 * through them do not arrive until it is back. Nothing is shown otherwise.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useT } from '../../i18n/text';
import type { LiveRoom } from './liveRoom';

const none = () => () => undefined;

/** The relay state of a room's socket ('ok' without a room). */
export function useRelayState(room: LiveRoom | undefined) {
  const subscribe = useMemo(() => room?.subscribe ?? none, [room]);
  return useSyncExternalStore(subscribe, () => room?.relay() ?? 'ok');
}

export function RelayNotice({ room }: { readonly room: LiveRoom | undefined }) {
  const t = useT();
  if (useRelayState(room) === 'ok') return null;
  return (
    <p role="alert" className="live-status live-status-retrying" data-testid="live-relay">
      {t('live.relay.reconnecting')}
    </p>
  );
}
