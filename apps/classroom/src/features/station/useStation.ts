/**
 * The station of the lesson in the page's address, built once per lesson with the browser's
 * parts (fetch, WebSocket, IndexedDB, sessionStorage, timers, Web Bluetooth) and
 * closed with the page. When the network comes back (`online`), it uploads and reconnects at once.
 */
import type { BluetoothLike } from '@dotink/pen';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { studentInkCalls } from '../../api/annotation';
import { batchCadence } from './liveStream';
import { openQueueStore } from './queueStore';
import { coalescedView, type Observable, urgentQueueChange } from './queueView';
import type { SocketLike } from './roomSocket';
import { fetchStation } from './stationCalls';
import { Station, type StationState } from './stationModel';
import { EMPTY_QUEUE_STATE, type QueuedStroke, type QueueState, type QueueStore } from './uploadQueue';

/** A store that opens IndexedDB on first use (and says so when the browser refuses). */
function lazyStore(): QueueStore {
  let opened: ReturnType<typeof openQueueStore> | undefined;
  const db = () => {
    opened ??= openQueueStore();
    return opened;
  };
  return {
    all: async () => (await db()).all(),
    put: async (items: readonly QueuedStroke[]) => (await db()).put(items),
    remove: async (keys: readonly string[]) => (await db()).remove(keys),
  };
}

function browserStation(courseId: number): Station {
  const deps = { serverUrl: window.location.origin, fetch: (...a: Parameters<typeof fetch>) => fetch(...a) };
  return new Station({
    courseId,
    origin: window.location.origin,
    calls: studentInkCalls(deps),
    station: (token, id) => fetchStation(deps, token, id),
    store: lazyStore(),
    socket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
    bluetooth: () => (navigator as unknown as { bluetooth?: BluetoothLike }).bluetooth,
    timers: {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (h) => window.clearTimeout(h as number),
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (h) => window.clearInterval(h as number),
    },
    frame: batchCadence((fn, ms) => window.setTimeout(fn, ms)),
    clock: { nowMs: () => Date.now() },
    memory: window.sessionStorage,
  });
}

const NO_STATE: StationState = { lesson: undefined, pupils: [], notice: undefined, busy: false };
const nothing = () => () => undefined;

/** The station of `courseId` (undefined: none), its state and its queue's state. */
export function useStation(courseId: number | undefined) {
  const [station, setStation] = useState<Station>();
  const [queueView, setQueueView] = useState<Observable<QueueState>>();
  useEffect(() => {
    if (courseId === undefined) return;
    const s = browserStation(courseId);
    // the screen hears the queue's counts at most 4 times a second (queueView.ts)
    const view = coalescedView(
      s.queue,
      {
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (h) => window.clearTimeout(h as number),
      },
      urgentQueueChange,
    );
    setStation(s);
    setQueueView(view);
    void s.start();
    const online = () => s.retryNow();
    const offline = () => s.networkLost();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      view.close();
      s.close();
      setStation(undefined);
      setQueueView(undefined);
    };
  }, [courseId]);
  const state = useSyncExternalStore(
    station?.subscribe ?? nothing,
    station?.get ?? (() => NO_STATE),
    station?.get ?? (() => NO_STATE),
  );
  const queue = useSyncExternalStore(
    queueView?.subscribe ?? nothing,
    queueView?.get ?? (() => EMPTY_QUEUE_STATE),
    queueView?.get ?? (() => EMPTY_QUEUE_STATE),
  );
  return { station, state, queue };
}
