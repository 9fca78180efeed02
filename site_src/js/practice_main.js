// Wires the practice page (/treino/): the game page's modules with the practice mode
// (ui/treino/practice.js: its towers, save and end screen; ui/treino/suggestion.js: Sugestão). Its own
// script, so the game page's first visit never loads the practice mode.

import * as engine from "./engine/play.js";
import { startPage } from "./ui/game/page.js";
import { markStarted } from "./ui/shared/browser.js";
import { PracticeMode } from "./ui/treino/practice.js";

startPage(engine, { practiceMode: (page) => new PracticeMode(page) });
markStarted();
