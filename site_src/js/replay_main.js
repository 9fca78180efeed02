// Wires the replay page (/repeticao/#<code>): its own script, so the game page never loads it.

import { markStarted } from "./ui/shared/browser.js";
import { showReplay } from "./ui/replay/replay_page.js";

const replay = document.getElementById("repeticao");
if (replay) {
  showReplay(replay, { fetchFn: (url) => fetch(url), hash: location.hash }).catch((error) => console.error(error));
  window.addEventListener("hashchange", () => location.reload()); // a new code: a fresh page, no listeners left over
}
markStarted();
