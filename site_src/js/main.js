// Wires the game page: the real engine, localStorage, the clock and fetch, and the
// service worker that keeps the game playable offline. The archive and replay pages
// have their own scripts (archive_main.js, replay_main.js).

import * as engine from "./engine/play.js";
import { Page } from "./ui/page.js";
import { fileKeeper, markStarted, safeLocalStorage } from "./ui/browser.js";
import { GameStorage } from "./ui/storage.js";

const main = document.getElementById("jogo");
if (main && main.querySelector("#partida")) {
  const page = new Page(main, {
    engine,
    storage: new GameStorage(safeLocalStorage()),
    now: () => Date.now(),
    fetchFn: (url) => fetch(url),
    onDayLoaded: fileKeeper(),
  });
  page.start().catch((error) => page.fail(error)); // never a half-drawn page
}
markStarted();
