// Wires the page: the real engine, localStorage, the clock and fetch, and the
// service worker that keeps the game playable offline.

import * as engine from "./engine/index.js";
import { Page } from "./ui/page.js";
import { GameStorage } from "./ui/storage.js";

function safeLocalStorage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the game still plays, without saving
  }
}

/** Registers /sw.js and asks it to keep today's day file for offline play. */
function registerWorker() {
  if (!("serviceWorker" in navigator)) return () => {};
  const ready = navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).catch(() => null);
  return (url) => ready.then((registration) => registration?.active?.postMessage({ type: "guardar", urls: [url] }));
}

const main = document.getElementById("jogo");
if (main && main.querySelector("#partida")) {
  const page = new Page(main, {
    engine,
    storage: new GameStorage(safeLocalStorage()),
    now: () => Date.now(),
    fetchFn: (url) => fetch(url),
    onDayLoaded: registerWorker(),
  });
  page.start().catch((error) => page.fail(error)); // never a half-drawn page
}
// Every module loaded and the page started: /boot.js, which checks this mark, stays quiet.
document.documentElement.dataset.jogo = "iniciado";
