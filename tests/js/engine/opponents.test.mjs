// The computer opponents (opponentRun): each level's whole run on 100 real towers against
// an independent brute-force player of the policy as docs/engine.md states it (its plays
// enumerated by tests/js/helpers/best-play.mjs over a trie of the common words, never by
// the move generator), every word they form common, the same run twice, and the levels
// ordered by their median result.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ALPHABET, wordLookup } from "../../../site_src/js/dawg.js";
import { apply, beatsPar, newRun, OPPONENT_LEVELS, opponentRun, playActions, playOut, summary } from "../../../site_src/js/engine/index.js";
import { below, hashString, makeGenerator } from "../../../site_src/js/engine/rng.js";
import { bruteCommonPlays, realCommonDawg, realCommonList } from "../helpers/common-words.mjs";
import { distDir, loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";
import { trieWords } from "../helpers/word-trie.mjs";

const constants = loadDistConstants();
const { dawg } = realWords();
const words = wordLookup(dawg, realCommonDawg()); // as the analysis worker reads the lists
const commonText = realCommonList();
const commonLines = readFileSync(join(distDir(), "palavras-comuns.txt"), "utf8").split("\n").filter(Boolean);
const coimbraWords = [...dawg.words()].filter((word) => dawg.isCoimbra(word));
const isCommonText = (word) => commonText.contains(word) || coimbraWords.includes(word);
const days = sampleDays(100);

/** The common words and the Coimbra words as a trie with the DAWG's interface for best-play.mjs. */
function commonTrie() {
  const trie = trieWords(commonLines, coimbraWords);
  const { graph } = trie;
  return {
    root: graph.root,
    child: (node, letter) => (ALPHABET.includes(letter) ? graph.next(node, ALPHABET.indexOf(letter)) : -1),
    isTerminal: (node) => (node & 3) !== 0,
    contains: (word) => trie.isWord(word) || trie.isCoimbra(word),
  };
}
const trie = commonTrie();
const checker = { ...words, isCommon: isCommonText };
const commonPlays = (state) => bruteCommonPlays(state, trie, checker);

// The policies as docs/engine.md "The computer opponents" states them.
const BEST_IN_THREE = { caloiro: 0, doutor: 2 };
const DUX_TRUNFOS = ["latada", "republica", "cabra", "fitas", "serenata", "grelo"];
const PASS = [{ type: "pass" }];

function seededBrute(state, level) {
  const next = makeGenerator(hashString(`a-torre/${state.day.date}/${state.day.version}/adversario/${level}/${state.history.length}`));
  const plays = commonPlays(state);
  if (plays.length === 0) return PASS;
  const play = below(next, 3) < BEST_IN_THREE[level] ? plays[0] : plays[below(next, plays.length)];
  return playActions(state, play);
}

function duxBrute(state) {
  const [best] = commonPlays(state);
  const need = state.target - state.floorScore;
  const holds = (id) => state.helps.includes(id);
  const help = (id) => [{ type: "useHelp", id }];
  if (best && best.points >= need) return playActions(state, best);
  if (best && holds("dobro") && !state.dobro && best.points * 2 >= need) return help("dobro");
  if (holds("branca")) return help("branca");
  const exchangeable = state.hand.filter((t) => t.letter !== constants.blank.letter).slice(0, state.bagCount);
  if (!best && state.exchangesLeft > 0 && exchangeable.length > 0) {
    return [{ type: "exchange", tiles: exchangeable.map((t) => t.id) }];
  }
  if (state.playsLeft === 1 && holds("jogada")) return help("jogada");
  return best ? playActions(state, best) : PASS;
}

function bruteDecide(level) {
  return (state) => {
    if (state.phase === "trunfo") {
      return [{ type: "chooseTrunfo", id: level === "dux" ? DUX_TRUNFOS.find((id) => state.offer.includes(id)) : state.offer[0] }];
    }
    return level === "dux" ? duxBrute(state) : seededBrute(state, level);
  };
}

const runs = Object.fromEntries(OPPONENT_LEVELS.map((level) => [level, days.map((day) => opponentRun(day, constants, words, level))]));

test("the opponents are Caloiro, Doutor and Dux, from the weakest to the strongest", () => {
  assert.deepEqual(OPPONENT_LEVELS, ["caloiro", "doutor", "dux"]);
});

for (const level of OPPONENT_LEVELS) {
  test(`${level}'s run is the brute-force player's of its documented policy, on 100 real towers`, () => {
    days.forEach((day, i) => {
      const { actions, state } = playOut(day, constants, words, bruteDecide(level));
      const { floorReached, total } = summary(state);
      assert.deepEqual(runs[level][i], { actions, floor: floorReached, total, won: state.phase === "won" }, `${level} on ${day.date}`);
    });
  });
}

test("on these towers Dux uses Dobro, Peça branca and Mais uma jogada and exchanges, so the comparison covers them", () => {
  const moves = runs.dux.flatMap((run) => run.actions).map((a) => (a.type === "useHelp" ? a.id : a.type));
  for (const move of ["dobro", "branca", "jogada", "exchange"]) assert.ok(moves.includes(move), `Dux never chose ${move} on the 100 towers`);
  assert.ok(!moves.includes("espreitar"), "Dux never uses Espreitar");
});

test("every word every opponent forms is in the common list or a Coimbra word", () => {
  for (const level of OPPONENT_LEVELS) {
    days.forEach((day, i) => {
      let state = newRun(day, constants);
      for (const action of runs[level][i].actions) {
        const result = apply(state, action, words);
        for (const event of result.events.filter((e) => e.type === "played")) {
          for (const { word } of event.words) assert.ok(isCommonText(word), `${level} formed ${word} on ${day.date}`);
        }
        state = result.state;
      }
    });
  }
});

test("an opponent's run is the same every time", () => {
  for (const level of OPPONENT_LEVELS) {
    for (const [i, day] of days.slice(0, 10).entries()) assert.deepEqual(opponentRun(day, constants, words, level), runs[level][i]);
  }
});

test("the levels are strictly ordered by their median result over the towers", () => {
  const median = (level) => {
    const ranked = runs[level].slice().sort((a, b) => (beatsPar({ ...a, floorReached: a.floor }, b) ? 1 : beatsPar({ ...b, floorReached: b.floor }, a) ? -1 : 0));
    return ranked[(ranked.length - 1) >> 1];
  };
  const [caloiro, doutor, dux] = OPPONENT_LEVELS.map(median);
  assert.ok(beatsPar({ ...doutor, floorReached: doutor.floor }, caloiro), `Doutor's median ${JSON.stringify(doutor)} above Caloiro's ${JSON.stringify(caloiro)}`);
  assert.ok(beatsPar({ ...dux, floorReached: dux.floor }, doutor), `Dux's median ${JSON.stringify(dux)} above Doutor's ${JSON.stringify(doutor)}`);
});

test("opponentRun refuses an unknown level and words without the common list", () => {
  const [day] = days;
  assert.throws(() => opponentRun(day, constants, words, "veterano"), TypeError);
  assert.throws(() => opponentRun(day, constants, realWords().words, "dux"), TypeError);
});
