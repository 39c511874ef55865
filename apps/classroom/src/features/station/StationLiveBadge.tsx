/**
 * A pupil's live link to the lesson on the station's card (issue 29 item 2): 'Live: connected';
 * within a moment of the network going, 'lost N s ago: reconnecting…' (counting each second);
 * 'Live again' with how long the outage lasted, then 'Live' again. Its own component, so other
 * states of the lesson sit beside it without touching it.
 */
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/text';
import type { StationPupil } from './stationModel';

const LIVE_KEYS = {
  open: 'station.live',
  connecting: 'station.liveConnecting',
  waiting: 'station.liveWaiting',
  closed: 'station.liveWaiting',
} as const;

/** The station's clock, refreshed every second while a link is down. */
function useTick(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);
  return now;
}

export function StationLiveBadge(props: { readonly pupil: StationPupil }) {
  const t = useT();
  const { socket, liveLostAtMs, liveBackAfterMs } = props.pupil;
  const lost = socket !== 'open' && liveLostAtMs !== undefined;
  const now = useTick(lost);
  const back = socket === 'open' && liveBackAfterMs !== undefined;
  let text: string = t(LIVE_KEYS[socket]);
  if (lost) text = t('station.liveLost', { seconds: Math.max(0, Math.floor((now - liveLostAtMs) / 1000)) });
  else if (back) text = t('station.liveBack', { seconds: Math.max(1, Math.round(liveBackAfterMs / 1000)) });
  const state = back ? 'back' : socket;
  return (
    <p className={`station-live ${state}`} data-testid="station-live" data-state={state}>
      {text}
    </p>
  );
}
