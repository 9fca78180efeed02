// The browser's pieces every page script wires in: storage that may be blocked, the
// mark /boot.js looks for to know the page's script ran, and the service worker.

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

/** Asks /sw.js to keep each tower file (and what else the page names) for offline play. The
 * worker is registered when the first tower is ready, so its precache never slows the start. */
export function dayKeeper() {
  if (!("serviceWorker" in navigator)) return () => {};
  let ready = null;
  return (url) => {
    ready ??= navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).catch(() => null);
    return ready.then((registration) => registration?.active?.postMessage({ type: "guardar", urls: [url] }));
  };
}
