// The kiosk's service worker (offline tolerance, README: How it works): it keeps the app shell — index.html
// and every built file, listed at build time by vite.config.ts (`kioskServiceWorker`) — so a kiosk that
// reloads with no network still starts. It never touches API calls: orders wait in IndexedDB (the outbox) and
// settings and menus come from the app's own cache, so nothing stale is served as fresh.
const BUILD = '__SANTAP_BUILD__';
// Built file names (no quotes or backslashes in them), filled in by the build.
const FILES = JSON.parse('__SANTAP_FILES__');
const CACHE = `santap-kiosk-${BUILD}`;
const BASE = new URL('./', self.location.href).pathname;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The shell: the server answers a page request (Accept: text/html) with the app's index.html.
      // Asked without cookies: with the kiosk's page cookie the server would render the attract
      // screen for this device (README "Server rendering"), a page of one moment's data that is never
      // to be stored; the shell must be the app alone, which starts from IndexedDB when offline.
      const shell = await fetch(
        new Request(BASE, { headers: { accept: 'text/html' }, cache: 'reload', credentials: 'omit' }),
      );
      if (!shell.ok) throw new Error(`kiosk shell: ${shell.status}`);
      if (/no-store/.test(shell.headers.get('cache-control') ?? '')) throw new Error('kiosk shell: no-store');
      await cache.put(BASE, shell);
      await cache.addAll(FILES.map((file) => BASE + file));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('santap-kiosk-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || !url.pathname.startsWith(BASE))
    return;
  if (request.mode === 'navigate') {
    // The network's page when it answers (a new deploy; the attract screen or menu the server rendered
    // for this kiosk, never kept here), else the shell: every kiosk route is the same index.html.
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(BASE, { cacheName: CACHE })) ?? Response.error()),
    );
    return;
  }
  // Hashed files never change under one name: the cache first.
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
});
