/**
 * The offline racepack desk's service worker (decision 022), scope /desk. The build
 * (scripts/vite-desk-sw.ts) fills in the files the desk needs — the page, its scripts and styles,
 * the camera's QR decoder, fonts, icons — and a version that changes with them, so a new build
 * installs a new worker and drops the old cache.
 *
 * - Pages under /desk: the network first (a fresh build when online), the cached page when there is
 *   no answer within a few seconds (a venue's weak signal) or none at all.
 * - Our static files: from the cache, else the network (and fingerprinted assets are kept).
 * - /api: never touched. Runner data lives in IndexedDB, not in this cache.
 */
const PRECACHE = /*__DESK_PRECACHE__*/ ['/index.html'];
const VERSION = /*__DESK_VERSION__*/ 'dev';
const CACHE = `derap-desk-${VERSION}`;
const SHELL = '/index.html';
const NETWORK_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('derap-desk-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function networkWithin(request, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await networkWithin(request, NETWORK_TIMEOUT_MS);
    // Every page is the same index.html: keep the newest one as the shell.
    if (response.ok) await cache.put(SHELL, response.clone());
    return response;
  } catch {
    const cached = await cache.match(SHELL);
    return cached ?? new Response('Meja Racepack belum tersimpan di perangkat ini. Buka sekali saat online.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

async function staticFile(request, url) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: url.pathname.startsWith('/assets/') });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && url.pathname.startsWith('/assets/')) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  event.respondWith(staticFile(request, url));
});
