// The service worker: keeps the page's files so that the page opens and plays without the
// server. The files are fetched from the network first (a new version is used at once; the
// server answers an unchanged file with a bodiless 304) and the copy kept here is used only
// when the network fails. The API is never cached: moves made meanwhile wait in the page's
// outbox (offline.js). Every script of the page is in SHELL (a test checks it), app.js's modules
// of app/ included: a module missing here would fail the page's start without the server.

const CACHE = 'dancing-sudoku-v2';
const SHELL = [
  '/',
  '/style.css',
  '/theme.js',
  '/app.js',
  '/app/daily.js',
  '/app/game.js',
  '/app/games.js',
  '/app/hints.js',
  '/app/input.js',
  '/app/keys.js',
  '/app/new-game.js',
  '/app/options.js',
  '/app/state.js',
  '/app/stats.js',
  '/app/sync.js',
  '/app/timer.js',
  '/app/toasts.js',
  '/app/view.js',
  '/app/views.js',
  '/app/wiring.js',
  '/api.js',
  '/board.js',
  '/drill.js',
  '/hint.js',
  '/i18n.js',
  '/offline.js',
  '/settings.js',
  '/manifest.webmanifest',
  '/icon.svg',
  '/icon-192.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(async () => {
        const kept = await caches.match(request, { ignoreSearch: true });
        if (kept) return kept;
        if (request.mode === 'navigate') {
          const page = await caches.match('/');
          if (page) return page;
        }
        return Response.error();
      }),
  );
});
