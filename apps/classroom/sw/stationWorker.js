/*
 * The pen station's service worker (issue 29 item 6), registered by `/pen` with the scope `/pen`:
 * only station tabs are its clients. It precaches the built app at install, so a station tab
 * reloaded while the school's internet is down opens again (its pupils come back from the tab's
 * session storage, its queue from IndexedDB, and it uploads when the network returns). Pages of
 * its scope are answered by the cached app page and built files from the cache (as the board's
 * worker does); anything else (the API, the realtime room, material files) is left to the
 * browser, as without a worker.
 * The precache list and version are filled in at build time (vite.config.ts).
 */
const PRECACHE = self.__PRECACHE__;
const CACHE = `dotink-station-${self.__VERSION__}`;
const SHELL = new URL('/index.html', self.location.origin).href;
const PRECACHED = new Set(PRECACHE.map((p) => new URL(p, `${self.location.origin}/`).pathname));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('dotink-station-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // the station's page: the cached app page (a new build installs a new worker, whose page the
    // next load gets), else the network
    event.respondWith(caches.match(SHELL, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
    return;
  }
  // built files from the cache; anything else is not this worker's (no answer: the browser's own
  // request, as without a worker)
  if (!PRECACHED.has(url.pathname)) return;
  event.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
});
