/*
 * The board's service worker: precaches the built app at install so the board opens offline,
 * answers from the cache first for app files and falls back to the network for anything else.
 * The precache list and version are filled in at build time (vite.config.ts).
 */
const PRECACHE = self.__PRECACHE__;
const CACHE = `dotink-board-${self.__VERSION__}`;

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
          keys.filter((k) => k.startsWith('dotink-board-') && k !== CACHE).map((k) => caches.delete(k)),
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
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // Pages (any path of the app) are answered by the app shell.
      const key = request.mode === 'navigate' ? new URL('./', self.registration.scope).href : request;
      const hit = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await cache.match(new URL('./', self.registration.scope).href);
        if (shell && request.mode === 'navigate') return shell;
        throw error;
      }
    }),
  );
});
