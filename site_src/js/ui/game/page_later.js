// The game page's rare turns, in run_end.js's chunk so that a first visit never downloads them
// (page.js asks for them through its endChunk): a save made with a word list the site no longer
// has, and a run under way when Lisbon's midnight comes.

import { runStore } from "../shared/archive_store.js";
import { problem, problemNodes } from "../shared/problem.js";
import { asideSentence } from "../shared/storage.js";
import { shownDate } from "../shared/lisbon_date.js";
import { HELD_AT_MIDNIGHT } from "../shared/storage_notices.js";

/**
 * A save of `day` made with word-list version `version`, which this site does not have (404): trying
 * again would fail the same way. The save is copied aside, the player told (and whether the copy
 * could be written), and the tower's day starts over once they choose to.
 */
export async function startOver(page, day, version) {
  const kept = day.aside();
  const tower = day.name ?? "a torre de hoje";
  const said = problem("A corrida guardada neste aparelho foi começada com uma lista de palavras que este site não tem, "
    + `por isso não pode ser retomada aqui. ${asideSentence(kept)}${kept ? ` Pode recomeçar ${tower}.` : ""}`,
  `A corrida guardada usa a lista de palavras da versão ${version}.`);
  await page.dialogs.ask("Não foi possível retomar a corrida", problemNodes(said),
    [{ text: kept ? `Recomeçar ${tower}` : "Continuar", value: true, kind: "principal" }], { cancellable: false });
  if (kept) day.clear(); // not copied, it stays, and the page says it could not be resumed
}

/** The run under way at midnight goes on here, saved in the archive as its day's tower (`midnight`: the line that says so). */
export function keepPastMidnight(page, game, midnight) {
  const date = page.date;
  if (!page.archive.keepDaily(date, game.actions, page.runVersion)) {
    // The storage refused the archive: the run stays the day's save, which today's run never writes over.
    page.otherDay(`${midnight} ${HELD_AT_MIDNIGHT}`);
    page.announcer.say(`Começou um novo dia. Esta corrida conta para o dia ${shownDate(date)}. ${HELD_AT_MIDNIGHT}`);
    return;
  }
  const saved = page.storage.savedRun();
  if (saved?.date === date) page.storage.clearRunIf(saved.raw);
  game.storage = runStore({ storage: page.storage, archive: page.archive, wordList: page.runVersion, past: true });
  page.otherDay(midnight, "/", "Jogar a torre de hoje");
  page.announcer.say("Começou um novo dia. Pode acabar esta corrida: a torre de hoje fica à sua espera.");
}
