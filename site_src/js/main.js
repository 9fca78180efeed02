// Wires the game page: the real engine, localStorage, the clock and fetch, and the
// service worker that keeps the game playable offline. The archive and replay pages
// have their own scripts (archive_main.js, replay_main.js).

import * as engine from "./engine/play.js";
import { Page } from "./ui/page.js";
import { markStarted, safeLocalStorage } from "./ui/browser.js";
import { GameStorage } from "./ui/storage.js";

/** Asks /sw.js to keep each day file the game loaded for offline play. The worker is
 * registered when the first day is ready, so its precache never slows the game's start. */
function dayKeeper() {
  if (!("serviceWorker" in navigator)) return () => {};
  let ready = null;
  return (url) => {
    ready ??= navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).catch(() => null);
    return ready.then((registration) => registration?.active?.postMessage({ type: "guardar", urls: [url] }));
  };
}

const main = document.getElementById("jogo");
if (main && main.querySelector("#partida")) {
  const page = new Page(main, {
    engine,
    storage: new GameStorage(safeLocalStorage()),
    now: () => Date.now(),
    fetchFn: (url) => fetch(url),
    onDayLoaded: dayKeeper(),
  });
  page.start().catch((error) => page.fail(error)); // never a half-drawn page
}
markStarted();
