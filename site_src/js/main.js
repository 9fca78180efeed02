// Wires the game page: the real engine, localStorage, the clock and fetch, and the
// service worker that keeps the game playable offline. The archive, replay and practice
// pages have their own scripts (archive_main.js, replay_main.js, practice_main.js).

import * as engine from "./engine/play.js";
import { startPage } from "./ui/game/page.js";
import { Walkthrough } from "./ui/guide/walkthrough.js";
import { markStarted } from "./ui/shared/browser.js";

// The first-visit guide over the game: the screens meet here, not in each other's files.
startPage(engine, { guide: (...parts) => new Walkthrough(...parts) });
markStarted();
