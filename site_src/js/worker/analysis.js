// The analysis worker (static/<hash>/js/analise.js, bundled from this file by
// pipeline/bundle.py): replays a finished run and computes the day's par, or finds the
// plays to suggest in a position, off the page's thread, so the page never blocks.
// Protocol (docs/architecture.md):
//   page → worker  {id, day, constants, dawgUrl, commonUrl, actions}     (kind absent or "analyse")
//                  {id, kind: "suggest", state, dawgUrl, commonUrl}
//   worker → page  {id, ok: true, result}  (analyseRun's result; for "suggest" {common, best},
//                                           each {words, points, tiles} or null)
//                  {id, ok: false, message, detail}  (message: a Portuguese sentence for the player)
// Each word list (the game's DAWG, the common words' DAWG) is fetched once per worker (from
// the HTTP cache or the service worker); without commonUrl an analysis has no common plays.

import { Dawg, wordLookup } from "../dawg.js";
import { analyseRun, bestPlays } from "../engine/analysis.js";

const NO_LIST = "Não foi possível ler a lista de palavras para a análise.";
const dawgs = new Map(); // URL → promise of its Dawg
const lookups = new Map(); // "dawgUrl commonUrl" → promise of the word checker

function dawgFrom(url) {
  if (!dawgs.has(url)) {
    const dawg = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.arrayBuffer();
    }).then((bytes) => new Dawg(bytes));
    dawg.catch(() => dawgs.delete(url)); // a later request tries again
    dawgs.set(url, dawg);
  }
  return dawgs.get(url);
}

/** The word checker of the game's list, with isCommon when `commonUrl` is given. */
function wordsFrom(dawgUrl, commonUrl) {
  const key = `${dawgUrl} ${commonUrl || ""}`;
  if (!lookups.has(key)) {
    const words = Promise.all([dawgFrom(dawgUrl), commonUrl ? dawgFrom(commonUrl) : null])
      .then(([dawg, common]) => wordLookup(dawg, common));
    words.catch(() => lookups.delete(key));
    lookups.set(key, words);
  }
  return lookups.get(key);
}

/** What a request asks, answered from its word checker. */
function answer(request, words) {
  if (request.kind === "suggest") {
    return bestPlays(request.state, words);
  }
  return analyseRun(request.day, request.constants, request.actions, words);
}

self.addEventListener("message", async (event) => {
  const request = event.data || {};
  const { id, dawgUrl, commonUrl } = request;
  let words;
  try {
    if (request.kind === "suggest" && !commonUrl) throw new TypeError("a suggestion needs commonUrl");
    words = await wordsFrom(dawgUrl, commonUrl);
  } catch (error) {
    self.postMessage({ id, ok: false, message: NO_LIST, detail: String(error) });
    return;
  }
  try {
    self.postMessage({ id, ok: true, result: answer(request, words) });
  } catch (error) {
    const message = request.kind === "suggest" ? "Não foi possível encontrar uma sugestão."
      : "Não foi possível analisar esta corrida.";
    self.postMessage({ id, ok: false, message, detail: String(error) });
  }
});
