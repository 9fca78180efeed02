// Wires the page: the real engine, localStorage, the clock and fetch, and the
// service worker that keeps the game playable offline.

import * as engine from "./engine/play.js";
import { Page } from "./ui/page.js";
import { GameStorage } from "./ui/storage.js";
import { showArchive } from "./ui/archive_page.js";
import { showReplay } from "./ui/replay_page.js";

function safeLocalStorage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the game still plays, without saving
  }
}

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
const archive = document.getElementById("arquivo");
if (archive) {
  showArchive(archive, { storage: new GameStorage(safeLocalStorage()), now: () => Date.now(), fetchFn: (url) => fetch(url) })
    .catch((error) => console.error(error));
}
const replay = document.getElementById("repeticao");
if (replay) {
  const run = () => showReplay(replay, { fetchFn: (url) => fetch(url), hash: location.hash }).catch((error) => console.error(error));
  run();
  window.addEventListener("hashchange", () => location.reload()); // a new code: a fresh page, no listeners left over
}
// Every module loaded and the page started: /boot.js, which checks this mark, stays quiet.
document.documentElement.dataset.jogo = "iniciado";
