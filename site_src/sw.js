// A Torre's service worker (rendered by pipeline/site.py: `version`, `precache`,
// `other_files`, `days`).
// Install keeps every page and the game's files of this build (PRECACHE), so
// each page opens offline as itself. Hashed static files and the DAWG never
// change under their name: cache first. Pages, day files and the JSON with
// stable names: network first, the cache when offline. Offline, a page of the
// build that is not kept (a download, a day never seen) answers the "no
// connection" page with 503, and a URL the build does not have answers the 404
// page with 404. Old caches are deleted on activate, so one build's files are
// kept; the day files seen live in a cache of their own that outlives builds
// (a tower never changes under its date), so a new deploy doesn't lose them.
const VERSION = {{ version | tojson }};
const CACHE = `torre-${VERSION}`;
const DAYS_CACHE = "torre-dias";
const PRECACHE = {{ precache | tojson }};
const OTHER_FILES = {{ other_files | tojson }};
const DAYS = {{ days | tojson }};
const BUILD_FILES = new Set([...PRECACHE, ...OTHER_FILES]);
const NOT_FOUND_PAGE = "/404.html";
const OFFLINE_PAGE = "/sem-rede.html";

/** The cache a stable-named response belongs in: day files outlive builds. */
function cacheFor(url) {
  return new URL(url, self.location.origin).pathname.startsWith("/dias/") ? DAYS_CACHE : CACHE;
}

/** Never change under their URL: /static/<hash>/… and palavras.<hash>.dawg. */
function isImmutable(url) {
  return url.pathname.startsWith("/static/") || /^\/palavras\.[0-9a-f]+\.dawg$/.test(url.pathname);
}

/** Is `path` a file of this build (a day file within its window included)? */
function isBuildFile(path) {
  if (BUILD_FILES.has(path)) return true;
  const day = /^\/dias\/(\d{4}-\d{2}-\d{2})\.json$/.exec(path);
  return Boolean(day && DAYS && DAYS.first <= day[1] && day[1] <= DAYS.last);
}

/** The path a page is kept under: /x/index.html is /x/. */
function pagePath(path) {
  return path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
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
    throw error;
  }
}

/** A kept page (the 404 or the offline page) answered with `status`. */
async function keptPage(path, status) {
  const cached = await caches.match(path);
  if (!cached) return Response.error();
  const headers = { "Content-Type": cached.headers.get("Content-Type") || "text/html; charset=utf-8" };
  return new Response(cached.body, { status, headers });
}

/** Offline, a navigation gets its own page when kept, else an honest 503 or 404. */
async function navigate(request) {
  try {
    return await networkFirst(request);
  } catch {
    const url = new URL(request.url);
    const path = pagePath(url.pathname);
    const kept = await caches.match(path, { ignoreSearch: true });
    if (kept) return kept;
    if (PRECACHE.includes(`${path}/`)) return Response.redirect(`${url.origin}${path}/`, 301);
    return isBuildFile(path) ? keptPage(OFFLINE_PAGE, 503) : keptPage(NOT_FOUND_PAGE, 404);
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (event.request.mode === "navigate") event.respondWith(navigate(event.request));
  else event.respondWith(isImmutable(url) ? cacheFirst(event.request) : networkFirst(event.request));
});

// The page asks for the day files it has loaded to be kept for offline play.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "guardar" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === "string" && new URL(u, self.location.origin).origin === self.location.origin);
  event.waitUntil(Promise.all(urls.map((u) => caches.open(cacheFor(u)).then((cache) => cache.add(u))))
    .catch(() => {}));
});
