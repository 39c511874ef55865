/**
 * The live lesson's data for React (issue 16): the roster query, the room (joined while the
 * screen is shown), a version that moves with the room's coarse changes, and a one-second tick
 * for the times and states of the tiles.
 */
import type { LiveRosterData } from '@dotink/contracts/eduLive';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useServices } from '../../lib/services';
import { liveKeys } from './liveKeys';
import { frameCoalesced } from './liveModel';
import { LiveRoom } from './liveRoom';

/** The roster of a lesson (`GET /edu/v1/live/{courseId}`). */
export function useLiveRoster(courseId: number | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: liveKeys.roster(courseId),
    queryFn: () => api.liveRoster(courseId!),
    enabled: courseId !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    // its nowMs sets the room's clock offset: a roster kept from an earlier visit would skew it
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The socket origin of the page (ws: or wss:). */
export const socketOrigin = (): string => window.location.origin.replace(/^http/, 'ws');

/** The browser's `online`/`offline` events (a lost network is said within a moment, issue 29). */
export function browserNetwork(listener: (online: boolean) => void): () => void {
  const on = () => listener(true);
  const off = () => listener(false);
  window.addEventListener('online', on);
  window.addEventListener('offline', off);
  return () => {
    window.removeEventListener('online', on);
    window.removeEventListener('offline', off);
  };
}

/** The room of a roster, joined while mounted; undefined until the roster is there. */
export function useLiveRoom(roster: LiveRosterData | undefined): LiveRoom | undefined {
  const { api, session, nowMs } = useServices();
  const [room, setRoom] = useState<LiveRoom>();
  useEffect(() => {
    if (!roster) return;
    const r = new LiveRoom({
      roster,
      socketOrigin: socketOrigin(),
      accessToken: () => session.accessToken(),
      searchInk: (q) => api.searchInk(q),
      nowMs,
      network: browserNetwork,
    });
    // tests reach the room of the tab to drop its socket as a network failure would
    (globalThis as { __dotinkLiveRoom?: LiveRoom }).__dotinkLiveRoom = r;
    setRoom(r);
    r.start();
    return () => {
      r.stop();
      setRoom(undefined);
    };
  }, [roster, api, session, nowMs]);
  return room;
}

const noRoom = () => () => undefined;

/** Re-renders on the room's coarse changes, at most once a frame. */
export function useRoomVersion(room: LiveRoom | undefined): number {
  const subscribe = useMemo(
    () => (room ? frameCoalesced(room.subscribe, (fn) => requestAnimationFrame(fn)) : noRoom),
    [room],
  );
  return useSyncExternalStore(subscribe, room?.snapshot ?? (() => -1));
}

/** The app clock, refreshed every second. */
export function useSecondTick(): number {
  const { nowMs } = useServices();
  const [now, setNow] = useState(nowMs);
  useEffect(() => {
    const id = setInterval(() => setNow(nowMs()), 1000);
    return () => clearInterval(id);
  }, [nowMs]);
  return now;
}
