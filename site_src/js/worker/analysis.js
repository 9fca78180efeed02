// The analysis worker (static/<hash>/js/analise.js, bundled from this file by
// pipeline/bundle.py): replays a finished run and computes the day's par, or finds the
// plays to suggest in a position, off the page's thread, so the page never blocks.
// Protocol (docs/architecture.md):
//   page → worker  {id, day, constants, dawgUrl, commonUrl, actions, version}  (kind absent or "analyse")
//                  {id, kind: "suggest", state, dawgUrl, commonUrl}
//                  {id, kind: "standings", day, constants, dawgUrl, commonUrl}
//                  {id, kind: "opponents", day, constants, dawgUrl, commonUrl, version}
//   worker → page  {id, ok: true, result}  (analyseRun's result, with `opponents` when the request
//                                           has commonUrl and version; for "suggest" {common, best},
//                                           each {words, points, tiles} or null; for "standings"
//                                           {caloiro, doutor, dux}, each opponentStandings' list of
//                                           {floor, total, won}: numbers only, never a letter or a
//                                           word, since the page asks it while the run is played;
//                                           for "opponents" the day's opponents, each {level, floor,
//                                           total, won, code}, asked only where no run is played)
//                  {id, ok: false, message, detail}  (message: a Portuguese sentence for the player;
//                                                     detail: the error as data, {name, message, code, …}:
//                                                     its `code` is what «Detalhes» says in Portuguese)
// Each word list (the game's DAWG, the common words' DAWG) is fetched once per worker (from
// the HTTP cache or the service worker); without commonUrl an analysis has no common plays.

import { Dawg, wordLookup } from "../dawg.js";
import { analyseRun, bestPlays } from "../engine/analysis.js";
import { OPPONENT_LEVELS, opponentRun, opponentStandings } from "../engine/opponents.js";
import { beatsPar } from "../engine/rank.js";
import { encodeRun } from "../engine/replay_code.js";

const NO_LIST = "Não foi possível ler a lista de palavras.";
const FAILED = { suggest: "Não foi possível encontrar uma sugestão.", standings: "Não foi possível calcular as corridas do Caloiro, do Veterano e do Dux." };
const dawgs = new Map(); // URL → promise of its Dawg
const lookups = new Map(); // "dawgUrl commonUrl" → promise of the word checker

/** `error` as postMessage carries it whole: its name and message, and its own fields (`code`, the numbers). */
const posted = (error) => ({ ...error, name: error?.name ?? "Error", message: String(error?.message ?? error) });

function dawgFrom(url) {
  if (!dawgs.has(url)) {
    const dawg = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`); // ui/shared/loader.js's form
      return response.arrayBuffer();
    }, (error) => { throw new Error(`${url}: ${error}`); }).then((bytes) => new Dawg(bytes));
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

/**
 * The day's three computer opponents against the analysed `run`, weakest first: each
 * {level, floor, total, won, code, beaten}, `code` its run as a replay code of the word list
 * `version` (null if it cannot be coded), `beaten` by the par's rule (beatsPar).
 */
function opponentsOf(day, constants, words, version, run) {
  return opponentRuns(day, constants, words, version).map((o) => ({ ...o, beaten: beatsPar(run, o) }));
}

/** The day's three opponents' runs, weakest first: {level, floor, total, won, code} (the day's table needs no run of its own). */
function opponentRuns(day, constants, words, version) {
  return OPPONENT_LEVELS.map((level) => {
    const { actions, floor, total, won } = opponentRun(day, constants, words, level);
    const coded = encodeRun(day, constants, actions, words, version);
    return { level, floor, total, won, code: coded.ok ? coded.code : null };
  });
}

/** What a request asks, answered from its word checker. */
function answer(request, words) {
  if (request.kind === "suggest") {
    return bestPlays(request.state, words);
  }
  if (request.kind === "standings") {
    return Object.fromEntries(OPPONENT_LEVELS.map((level) => [level,
      opponentStandings(request.day, request.constants, words, level)]));
  }
  if (request.kind === "opponents") return opponentRuns(request.day, request.constants, words, request.version);
  const { day, constants, version } = request;
  const analysis = analyseRun(day, constants, request.actions, words);
  // The opponents form only common words: without that list (or a version to code their runs) there are none.
  if (request.commonUrl && version) analysis.opponents = opponentsOf(day, constants, words, version, analysis.run);
  return analysis;
}

self.addEventListener("message", async (event) => {
  const request = event.data || {};
  const { id, dawgUrl, commonUrl } = request;
  let words;
  try {
    if (["suggest", "standings", "opponents"].includes(request.kind) && !commonUrl) throw new TypeError(`${request.kind} needs commonUrl`);
    words = await wordsFrom(dawgUrl, commonUrl);
  } catch (error) {
    self.postMessage({ id, ok: false, message: NO_LIST, detail: posted(error) });
    return;
  }
  try {
    self.postMessage({ id, ok: true, result: answer(request, words) });
  } catch (error) {
    const message = FAILED[request.kind] ?? "Não foi possível analisar esta corrida.";
    self.postMessage({ id, ok: false, message, detail: posted(error) });
  }
});
