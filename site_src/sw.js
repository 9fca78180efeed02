// A Torre's service worker (rendered by pipeline/site.py: `version`, `precache`,
// `other_files`, `days`, `practice`).
// Install keeps every page and the game's files of this build (PRECACHE), so
// each page opens offline as itself, and a repeat visit never waits on the
// network (issue 14):
// - hashed static files and the DAWGs (the word list's, the common words') never
//   change under their name: cache first, the common words' once a page asks for it;
// - day files never change under their date (docs/days-format.md): cache first,
//   in a cache of their own that outlives builds (`torre-dias`); so do the kept
//   word lists of /versoes/ (docs/hosting.md), in `torre-versoes`, which a saved
//   run begun with an older list needs offline;
// - pages and the other kept files with stable names (constantes.json,
//   coimbra.json, boot.js, …): stale-while-revalidate, this build's copy at
//   once and the network's fetched in the background to replace it;
// - practice towers (/treino/NNNN.json): network first, kept in a cache of their own
//   that outlives builds (`torre-treino`), so a practice run goes on offline after a
//   deploy; they are not promised never to change (docs/days-format.md);
// - anything else (the downloads): network first, the cache when offline.
// Offline, a page of the build that is not kept (a download, a day never seen)
// answers the "no connection" page with 503, and a URL the build does not have
// answers the 404 page with 404. Old caches are deleted on activate, so one
// build's files are kept.
//
// A deploy never mixes builds. A page is answered only from this worker's own
// cache, which install filled in one go (addAll: all or nothing) with the
// hashed files that page names, so a kept page and its files are one build.
// A background refresh replaces a kept copy only when it belongs to this
// build: a page must name no hashed file but this build's, and nothing is
// replaced once a newer worker is seen installing or waiting. The new build
// reaches the browser as a new worker: sw.js is fetched without the HTTP cache
// on every navigation, and its VERSION hashes every kept byte, so any change
// installs a worker that keeps the new pages with their files, takes over
// (skipWaiting, clients.claim) and deletes the old cache. A page of the old
// build still open then asks the new worker for old hashed files, which are in
// no cache any more: they come from the network (the host keeps old builds'
// hashed files for days, docs/hosting.md), and if that fails the page offers
// its "Tentar outra vez", a reload, which gets the new build's page and files.
// So the visit that sees the new worker install still shows the old build, as
// a whole; the next one shows the new build, as a whole.
const VERSION = {{ version | tojson }};
const CACHE = `torre-${VERSION}`;
const DAYS_CACHE = "torre-dias";
const VERSIONS_CACHE = "torre-versoes";
const PRACTICE_CACHE = "torre-treino";
const LASTING = new Set([DAYS_CACHE, VERSIONS_CACHE, PRACTICE_CACHE]);
const PRECACHE = {{ precache | tojson }};
const OTHER_FILES = {{ other_files | tojson }};
const DAYS = {{ days | tojson }};
const PRACTICE = {{ practice | tojson }}; // how many practice towers this build has
const KEPT = new Set(PRECACHE);
const BUILD_FILES = new Set([...PRECACHE, ...OTHER_FILES]);
const NOT_FOUND_PAGE = "/404.html";
const OFFLINE_PAGE = "/sem-rede.html";
const DAY_FILE = /^\/dias\/(\d{4}-\d{2}-\d{2})\.json$/;
const VERSION_FILE = /^\/versoes\/[0-9a-f]+\.(dawg|coimbra\.json)$/;
const PRACTICE_FILE = /^\/treino\/(\d{4})\.json$/;
// The hashed names a page holds: static folders (/static/<hash>/), palavras.<hash>.dawg and
// palavras-comuns.<hash>.dawg.
const HASHED_NAMES = /\/static\/[0-9a-f]+\/|\/palavras(?:-comuns)?\.[0-9a-f]+\.dawg/g;
const STATIC_FOLDERS = new Set(PRECACHE.map((url) => /^\/static\/[0-9a-f]+\//.exec(url)?.[0]).filter(Boolean));

/** The cache a response belongs in: day files and kept word lists outlive builds. */
function cacheFor(url) {
  const path = new URL(url, self.location.origin).pathname;
  if (DAY_FILE.test(path)) return DAYS_CACHE;
  if (PRACTICE_FILE.test(path)) return PRACTICE_CACHE;
  return VERSION_FILE.test(path) ? VERSIONS_CACHE : CACHE;
}

/** Never change under their URL: /static/<hash>/…, palavras.<hash>.dawg, palavras-comuns.<hash>.dawg. */
function isImmutable(url) {
  return url.pathname.startsWith("/static/") || /^\/palavras(?:-comuns)?\.[0-9a-f]+\.dawg$/.test(url.pathname);
}

/** Is `path` a file of this build (a day file within its window included)? */
function isBuildFile(path) {
  if (BUILD_FILES.has(path)) return true;
  const day = DAY_FILE.exec(path);
  if (day) return Boolean(DAYS && DAYS.first <= day[1] && day[1] <= DAYS.last);
  const practice = PRACTICE_FILE.exec(path);
  return Boolean(practice && Number(practice[1]) >= 1 && Number(practice[1]) <= PRACTICE);
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
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("torre-") && k !== CACHE && !LASTING.has(k)).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

/** Hashed files and day files: the kept copy, else the network's, kept in `cacheName`. */
async function cacheFirst(request, cacheName) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(cacheName)).put(request, response.clone());
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

/** Does a fresh copy of a kept file belong with this build's kept files? A page must
 * name no static folder or DAWG but this build's; and a newer worker seen installing
 * or waiting means the server has another build, whose own precache brings its copies. */
async function belongsToThisBuild(response) {
  if (self.registration.installing || self.registration.waiting) return false;
  if (!(response.headers.get("Content-Type") || "").startsWith("text/html")) return true;
  const named = (await response.text()).match(HASHED_NAMES) || [];
  return named.every((name) => STATIC_FOLDERS.has(name) || BUILD_FILES.has(name));
}

/** The network's copy of a kept file replaces it when it belongs to this build. */
async function revalidate(path) {
  try {
    const response = await fetch(path);
    if (!response.ok || response.redirected || !(await belongsToThisBuild(response.clone()))) return;
    if (await caches.has(CACHE)) await (await caches.open(CACHE)).put(path, response);
  } catch {
    // offline or a failed download: the kept copy stays
  }
}

/** A kept file of this build at once, refreshed in the background; null when not kept. */
async function staleWhileRevalidate(event, path) {
  if (!KEPT.has(path) || !(await caches.has(CACHE))) return null;
  const cached = await (await caches.open(CACHE)).match(path);
  if (cached) event.waitUntil(revalidate(path));
  return cached || null;
}

/** A kept page (the 404 or the offline page) answered with `status`. */
async function keptPage(path, status) {
  const cached = await caches.match(path);
  if (!cached) return Response.error();
  const headers = { "Content-Type": cached.headers.get("Content-Type") || "text/html; charset=utf-8" };
  return new Response(cached.body, { status, headers });
}

/** A kept page at once; else the network; offline, an honest 503 or 404. */
async function navigate(event) {
  const url = new URL(event.request.url);
  const path = pagePath(url.pathname);
  const kept = await staleWhileRevalidate(event, path);
  if (kept) return kept;
  try {
    return await networkFirst(event.request);
  } catch {
    const cached = await caches.match(path, { ignoreSearch: true });
    if (cached) return cached;
    if (KEPT.has(`${path}/`)) return Response.redirect(`${url.origin}${path}/`, 301);
    return isBuildFile(path) ? keptPage(OFFLINE_PAGE, 503) : keptPage(NOT_FOUND_PAGE, 404);
  }
}

async function answer(event, url) {
  const request = event.request;
  if (request.mode === "navigate") return navigate(event);
  if (isImmutable(url)) return cacheFirst(request, CACHE);
  if (DAY_FILE.test(url.pathname)) return cacheFirst(request, DAYS_CACHE);
  if (VERSION_FILE.test(url.pathname)) return cacheFirst(request, VERSIONS_CACHE);
  return (await staleWhileRevalidate(event, url.pathname)) || networkFirst(request);
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(answer(event, url));
});

/** Keeps `url` unless a copy is kept already (a day file never changes under its date;
 * a practice tower is refreshed whenever it is loaded online, network first). */
async function keep(url) {
  if (await caches.match(url)) return;
  await (await caches.open(cacheFor(url))).add(url);
}

// The page asks for the files it has loaded (a day, a practice tower, a word list) to be kept for
// offline play; each is kept or not on its own, and the worker lives until all have settled.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "guardar" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === "string" && new URL(u, self.location.origin).origin === self.location.origin);
  event.waitUntil(Promise.allSettled(urls.map(keep)));
});
