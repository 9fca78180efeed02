// The browser's pieces every page script wires in: storage that may be blocked, the
// service worker that keeps files for offline play, and the mark /boot.js looks for to
// know the page's script ran.

/** localStorage, or null when the browser blocks it: the pages still work, without saving. */
export function safeLocalStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Every module loaded and the page started: /boot.js, which checks this mark, stays quiet. */
export function markStarted() {
  document.documentElement.dataset.jogo = "iniciado";
}

/** Asks /sw.js to keep the files a page loaded (a day file, a kept word list) for offline play. The
 * worker is registered when the first file is ready, so its precache never slows the page's start. */
export function fileKeeper() {
  if (!("serviceWorker" in navigator)) return () => {};
  let ready = null;
  return (...urls) => {
    ready ??= navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).catch(() => null);
    return ready.then((registration) => registration?.active?.postMessage({ type: "guardar", urls }));
  };
}

/** fetch(url), answered by /boot.js's early request of the same URL when it made one (window.torreCedo):
 * each is taken once, and one that failed is asked for again, so a retry never gets a spent answer. */
export function earlyFetch(url) {
  const early = window.torreCedo?.[url];
  if (!early) return fetch(url);
  delete window.torreCedo[url];
  return early.catch(() => fetch(url));
}

/** `load()` (a chunk's dynamic import) made once and shared by every caller; one that failed is made again next time. */
export function loadOnce(load) {
  let loading = null;
  return () => (loading ??= load().catch((error) => {
    loading = null;
    throw error;
  }));
}
