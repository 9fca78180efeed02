// The analysis worker (static/<hash>/js/analise.js, bundled from this file by
// pipeline/bundle.py): replays a finished run and computes the day's par off the
// page's thread, so the page never blocks. Protocol (docs/architecture.md):
//   page → worker  {id, day, constants, dawgUrl, actions}
//   worker → page  {id, ok: true, result}  (result: engine analyseRun's)
//                  {id, ok: false, message}    (a Portuguese sentence for the player)
// The word list is fetched once per worker (from the HTTP cache or the service worker).

import { Dawg, wordLookup } from "../dawg.js";
import { analyseRun } from "../engine/analysis.js";

const wordLists = new Map(); // dawg URL → promise of the word checker

function wordsFrom(url) {
  if (!wordLists.has(url)) {
    const words = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.arrayBuffer();
    }).then((bytes) => wordLookup(new Dawg(bytes)));
    words.catch(() => wordLists.delete(url)); // a later request tries again
    wordLists.set(url, words);
  }
  return wordLists.get(url);
}

self.addEventListener("message", async (event) => {
  const { id, day, constants, dawgUrl, actions } = event.data || {};
  let words;
  try {
    words = await wordsFrom(dawgUrl);
  } catch (error) {
    self.postMessage({ id, ok: false, message: "Não foi possível ler a lista de palavras para a análise.", detail: String(error) });
    return;
  }
  try {
    self.postMessage({ id, ok: true, result: analyseRun(day, constants, actions, words) });
  } catch (error) {
    self.postMessage({ id, ok: false, message: "Não foi possível analisar esta corrida.", detail: String(error) });
  }
});
