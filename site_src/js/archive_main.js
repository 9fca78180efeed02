// Wires the archive page (/arquivo/): its own script, so the game page never loads it.

import { showArchive } from "./ui/archive/archive_page.js";
import { markStarted, safeLocalStorage } from "./ui/shared/browser.js";
import { GameStorage } from "./ui/shared/storage.js";

const archive = document.getElementById("arquivo");
if (archive) {
  showArchive(archive, { storage: new GameStorage(safeLocalStorage()), now: () => Date.now(), fetchFn: (url) => fetch(url) })
    .catch((error) => console.error(error));
}
markStarted();
