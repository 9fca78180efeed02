// isCommon (wordLookup with a common list) and bestCommonPlay: hand-built positions with a
// small word list, then a brute force (tests/js/helpers/common-words.mjs) on real positions
// of real days, with and without a blank, on the tests' fixed common list and on the real
// one (palavras-comuns.txt and its DAWG).
import assert from "node:assert/strict";
import { test } from "node:test";

import { Dawg, wordLookup } from "../../../site_src/js/dawg.js";
import { bestCommonPlay, bestLegalPlay, legalPlays } from "../../../site_src/js/engine/index.js";
import { bruteCommonPlay, realCommonDawg, realCommonList, setList, testCommonList } from "../helpers/common-words.mjs";
import { E, setup } from "../helpers/engine-setup.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";
import { checkedPositions, holdsBlank as holdsBlankIn, realPositions } from "../helpers/real-positions.mjs";
import { trieWords } from "../helpers/word-trie.mjs";

const constants = loadDistConstants();
const { dawg, words: plainWords } = realWords();
const holdsBlank = (state) => holdsBlankIn(state, constants);
const brief = (play) => play && { tiles: play.tiles.map((t) => `${t.square}${t.letter}${t.blank ? "?" : ""}`).join(" "), points: play.points };

/** A trie word list whose isCommon answers from `common` (Coimbra words common by rule). */
function trieWithCommon(list, coimbra, common) {
  const words = trieWords(list, coimbra);
  const set = new Set(common);
  return { ...words, isCommon: (w) => set.has(w) || words.isCoimbra(w) };
}

test("isCommon is a word of the common list or a Coimbra word; without a list there is none", () => {
  const plain = wordLookup(dawg);
  assert.equal("isCommon" in plain, false);
  const words = wordLookup(dawg, setList(["CASA", "GATO"]));
  assert.equal(words.isCommon("CASA"), true);
  assert.equal(words.isCommon("GATO"), true);
  assert.equal(words.isCommon("ABACAXI"), false, "a word, but not in the common list");
  assert.equal(dawg.contains("CASA"), true);
  assert.equal(words.isCommon("PRAXE"), true, "a Coimbra word is common by rule");
  assert.equal(words.isCoimbra("PRAXE"), true);
  assert.throws(() => wordLookup(dawg, {}), TypeError);
});

test("isCommon reads the common list from a DAWG as well as from a Set", () => {
  const words = wordLookup(dawg, dawg); // the whole list as the common one
  assert.equal(words.isCommon("ABACAXI"), true);
  assert.equal(words.isCommon("XYZ"), false);
  assert.ok(new Dawg(dawg.buffer).contains("CASA"));
});

test("bestCommonPlay without a common list throws a TypeError naming isCommon", () => {
  const state = setup({ board: [E, E, E, "..DO...", E, E, E], hand: "SO" });
  assert.throws(() => bestCommonPlay(state, trieWords(["DOS", "OS", "SO"])), { name: "TypeError", message: /isCommon/ });
  assert.throws(() => bestCommonPlay(state, null), TypeError);
});

test("bestCommonPlay skips a play whose crossing word is not common, and takes the next in order", () => {
  const state = setup({ board: [E, E, E, "..DO...", E, E, E], hand: "SO" });
  const all = trieWithCommon(["DOS", "OS", "SO"], [], ["DOS", "OS", "SO"]);
  const best = brief(bestLegalPlay(state, all));
  assert.deepEqual(brief(bestCommonPlay(state, all)), best, "every word common: the best play");
  const noOs = trieWithCommon(["DOS", "OS", "SO"], [], ["DOS", "SO"]);
  const expected = legalPlays(state, noOs).find((p) => p.words.every((w) => w.word !== "OS"));
  assert.deepEqual(brief(bestCommonPlay(state, noOs)), brief(expected));
  assert.notDeepEqual(brief(expected), best);
  assert.ok(bestCommonPlay(state, noOs).words.every((w) => w.word !== "OS"));
});

test("bestCommonPlay counts a Coimbra word as common, and is null when no play is all common words", () => {
  const state = setup({ board: [E, E, E, "..DO...", E, E, E], hand: "SO" });
  const coimbra = trieWithCommon(["DOS", "OS", "SO"], ["DOS"], ["OS"]);
  const play = bestCommonPlay(state, coimbra);
  assert.ok(play.words.length > 0 && play.words.every((w) => ["DOS", "OS"].includes(w.word)));
  assert.equal(bestCommonPlay(state, trieWithCommon(["DOS", "OS", "SO"], [], [])), null);
  assert.equal(bestCommonPlay({ ...state, phase: "trunfo" }, coimbra), null);
});

const DAYS = 40;
const BLANK_POSITIONS = 30; // the brute force takes ~0.2 s on each

// The strong player's positions ask isWord only: one list of them serves every common list.
let positions = null;

function assertAgreesWithBruteForce(words, label) {
  positions ??= checkedPositions(sampleDays(DAYS), constants, plainWords, BLANK_POSITIONS);
  assert.ok(positions.length >= 200, `${positions.length} positions`);
  assert.equal(positions.filter(holdsBlank).length, BLANK_POSITIONS);
  let differs = 0;
  for (const state of positions) {
    const where = `${label}, ${state.day.date} floor ${state.floor + 1}, hand ${state.hand.map((t) => t.letter).join("")}`;
    const fast = bestCommonPlay(state, words);
    const slow = bruteCommonPlay(state, dawg, words);
    assert.deepEqual(brief(fast), brief(slow), where);
    if (fast) {
      assert.deepEqual(fast.words, slow.words, where);
      assert.ok(fast.words.every((w) => words.isCommon(w.word)), where);
    }
    if (brief(fast)?.tiles !== brief(bestLegalPlay(state, words))?.tiles) differs++;
  }
  assert.ok(differs >= 50, `${label}: the best common play differs from the best play in ${differs} positions only`);
}

test("bestCommonPlay is the brute force's first all-common play on 200+ real positions (the tests' list)", () => {
  assertAgreesWithBruteForce(wordLookup(dawg, testCommonList()), "tests' list");
});

test("bestCommonPlay is the brute force's first all-common play on 200+ real positions (the real list)", () => {
  assertAgreesWithBruteForce(wordLookup(dawg, realCommonList()), "real list");
});

test("the common words' DAWG answers isCommon exactly as palavras-comuns.txt does, Coimbra words added", () => {
  const fromDawg = wordLookup(dawg, realCommonDawg());
  const fromText = wordLookup(dawg, realCommonList());
  let common = 0;
  for (const word of dawg.words()) {
    assert.equal(fromDawg.isCommon(word), fromText.isCommon(word), word);
    if (fromDawg.isCommon(word)) common++;
  }
  assert.equal(common, realCommonList().size + dawg.header.coimbraWords, "every Coimbra word is common and none is in the list");
});

test("bestCommonPlay gives the same play for a state that went through structuredClone (postMessage)", () => {
  const words = wordLookup(dawg, testCommonList());
  for (const state of realPositions(sampleDays(4), constants, words)) {
    assert.deepEqual(bestCommonPlay(structuredClone(state), words), bestCommonPlay(state, words));
  }
});
