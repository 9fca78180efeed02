// A Torre's service worker (rendered by pipeline/site.py: `version`, `precache`).
// Hashed static files and the DAWG never change under their name: cache first.
// HTML, day files and the JSON with stable names: network first, the cache when
// offline. Old caches are deleted on activate, so one build's files are kept;
// the day files seen live in a cache of their own that outlives builds (a tower
// never changes under its date), so a new deploy doesn't lose the days played.
const VERSION = {{ version | tojson }};
const CACHE = `torre-${VERSION}`;
const DAYS_CACHE = "torre-dias";
const PRECACHE = {{ precache | tojson }};

/** The cache a stable-named response belongs in: day files outlive builds. */
function cacheFor(url) {
  return new URL(url, self.location.origin).pathname.startsWith("/dias/") ? DAYS_CACHE : CACHE;
}

/** Never change under their URL: /static/<hash>/… and palavras.<hash>.dawg. */
function isImmutable(url) {
  return url.pathname.startsWith("/static/") || /^\/palavras\.[0-9a-f]+\.dawg$/.test(url.pathname);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("torre-") && k !== CACHE && k !== DAYS_CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(cacheFor(request.url))).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreSearch: true });
    if (cached) return cached;
    if (request.mode === "navigate") {
      const home = await caches.match("/");
      if (home) return home;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(isImmutable(url) ? cacheFirst(event.request) : networkFirst(event.request));
});

// The page asks for the day files it has loaded to be kept for offline play.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "guardar" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === "string" && new URL(u, self.location.origin).origin === self.location.origin);
  event.waitUntil(Promise.all(urls.map((u) => caches.open(cacheFor(u)).then((cache) => cache.add(u))))
    .catch(() => {}));
});
