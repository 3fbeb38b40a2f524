// Rollbook's service worker, written into the build as /sw.js by build/service-worker-plugin.ts,
// which replaces the two placeholders: the build's version and the app shell's paths.
//
// What it does (docs/decisions/web-0003-installable-app.md):
// - caches the app shell and the static assets of one build, in a cache named by its version;
// - serves hashed assets from that cache first (they never change under one name);
// - loads pages from the network, and shows /offline.html when there is none;
// - never touches /api or /socket.io: attendance is never served stale;
// - waits as "waiting" until the page asks it to take over (the "new version" prompt), then
//   deletes every older build's cache.
const VERSION = '__ROLLBOOK_SW_VERSION__';
const SHELL = __ROLLBOOK_SW_SHELL__;
const CACHE = `rollbook-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(
        keys.filter((key) => key.startsWith('rollbook-') && key !== CACHE).map((key) => caches.delete(key)),
      );
      await self.clients.claim();
    })(),
  );
});

function neverCached(pathname) {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/socket.io');
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    return offline ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOffline(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
