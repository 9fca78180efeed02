// Wires the challenge page (/desafio/#<code>): its own script, so the game page never loads it.

import { fileKeeper, markStarted, safeLocalStorage } from "./ui/shared/browser.js";
import { showChallenge } from "./ui/challenge/challenge_page.js";
import { lisbonDate } from "./ui/shared/lisbon_date.js";
import { GameStorage } from "./ui/shared/storage.js";

const challenge = document.getElementById("desafio");
if (challenge) {
  showChallenge(challenge, {
    fetchFn: (url) => fetch(url), hash: location.hash, storage: new GameStorage(safeLocalStorage()),
    today: lisbonDate(Date.now()), origin: location.origin, keep: fileKeeper(),
  }).catch((error) => console.error(error));
  window.addEventListener("hashchange", () => location.reload()); // a new code: a fresh page
}
markStarted();
