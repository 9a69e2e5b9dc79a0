/* Otkrytka's service worker. The build (web/pwa.ts) replaces the two placeholders below with the
   build's id and the files to keep for offline use. It never stores answers from /api or /media:
   those belong to a user or change; only the app's own static files and the offline page. */
const BUILD = '__BUILD_ID__';
const PRECACHE = ['__PRECACHE__'];
const CACHE = `otkrytka-${BUILD}`;
const OFFLINE_PAGE = '/offline.html';

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
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('otkrytka-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** Built files under /assets/ carry a content hash, so a stored copy never goes stale. */
function isStaticFile(url) {
  return url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE)));
    return;
  }
  if (!isStaticFile(url)) return;
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ??
        fetch(request).then((res) => {
          if (res.ok && url.pathname.startsWith('/assets/')) {
            const copy = res.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return res;
        }),
    ),
  );
});
