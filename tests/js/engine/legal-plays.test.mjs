// legalPlays and bestLegalPlay on hand-built positions with a small word list
// (tests/js/helpers/word-trie.mjs): which plays, their order, and that each
// scores exactly what preview says once its tiles are placed.
import assert from "node:assert/strict";
import { test } from "node:test";

import { apply, bestLegalPlay, legalPlays, playActions, preview } from "../../../site_src/js/engine/index.js";
import { E, placeAll, setup, wordChecker } from "../helpers/engine-setup.mjs";
import { trieWords } from "../helpers/word-trie.mjs";

const DO = [E, E, E, "..DO...", E, E, E];
const DOS_WORDS = trieWords(["DOS", "OS", "SO"]);

/** The state with the play's tiles pending (placed through the engine's own actions). */
function placed(state, play) {
  for (const action of playActions(state, play).slice(0, -1)) state = apply(state, action).state;
  return state;
}

const brief = (play) => ({ tiles: play.tiles.map((t) => `${t.square}${t.letter}${t.blank ? "?" : ""}`).join(" "), points: play.points });

function assertEachScoresAsPreview(state, words) {
  const plays = legalPlays(state, words);
  for (const play of plays) {
    const seen = preview(placed(state, play), words);
    assert.equal(seen.ok, true, `${brief(play).tiles}: ${seen.code}`);
    assert.equal(play.points, seen.points, brief(play).tiles);
    assert.deepEqual(play.words, seen.words, brief(play).tiles);
  }
  return plays;
}

test("every legal play is listed once, by points, then fewer tiles, then board order", () => {
  const state = setup({ board: DO, hand: "SO" });
  assert.deepEqual(legalPlays(state, DOS_WORDS).map(brief), [
    { tiles: "E3O E4S", points: 6 },
    { tiles: "E4S E5O", points: 6 },
    { tiles: "E4S", points: 4 },
    { tiles: "D3S E3O", points: 4 },
    { tiles: "C5O C6S", points: 4 },
    { tiles: "D5S E5O", points: 4 },
    { tiles: "D3S", points: 2 },
    { tiles: "D5S", points: 2 },
  ]);
});

test("each play lists the words and points preview gives for it", () => {
  const plays = assertEachScoresAsPreview(setup({ board: DO, hand: "SO" }), DOS_WORDS);
  assert.deepEqual(plays[0].words, [
    { word: "OS", points: 2, coimbra: false, squares: ["E3", "E4"] },
    { word: "DOS", points: 4, coimbra: false, squares: ["C4", "D4", "E4"] },
  ]);
});

test("a play whose crossing word is not a word is not listed", () => {
  const plays = legalPlays(setup({ board: DO, hand: "SO" }), DOS_WORDS).map((p) => brief(p).tiles);
  assert.ok(!plays.includes("C3O D3S"), "OD is not a word");
  assert.ok(!plays.includes("C5O D5S"), "DO is not in this list");
});

test("a blank play lists the letter it stands for and scores 0 for it", () => {
  const state = setup({ board: DO, hand: "?" });
  const plays = assertEachScoresAsPreview(state, DOS_WORDS);
  assert.deepEqual(plays.map(brief), [
    { tiles: "E4S?", points: 3 },
    { tiles: "D3S?", points: 1 },
    { tiles: "D5S?", points: 1 },
  ]);
  assert.deepEqual(plays[0].tiles, [{ square: "E4", letter: "S", blank: true }]);
});

test("the Ç tile is its own tile that reads C", () => {
  const state = setup({ board: [E, E, E, "...A...", E, E, E], hand: "ÇC" });
  const plays = assertEachScoresAsPreview(state, trieWords(["CA"]));
  assert.deepEqual(plays.map(brief), [
    { tiles: "D3Ç", points: 4 },
    { tiles: "C4Ç", points: 4 },
    { tiles: "D3C", points: 3 },
    { tiles: "C4C", points: 3 },
  ]);
  assert.equal(plays[0].words[0].word, "CA");
});

test("a single tile that forms a word each way is one play, its across word first", () => {
  const state = setup({ board: [E, E, E, "...O...", "..O....", E, E], hand: "S" });
  const plays = assertEachScoresAsPreview(state, trieWords(["OS"]));
  assert.deepEqual(plays.map(brief), [{ tiles: "D5S", points: 4 }, { tiles: "E4S", points: 2 }, { tiles: "C6S", points: 2 }]);
  assert.deepEqual(plays[0].words.map((w) => [w.word, w.squares.join("")]), [["OS", "C5D5"], ["OS", "D4D5"]]);
});

// PARTIDO on row 1 from corner to corner, crossing PA down column A: a bingo.
const PARTIDO = { board: [E, "A......", E, E, E, E, E], hand: "PARTIDOS" };
const PARTIDO_WORDS = trieWords(["PARTIDO", "PA", "PARTIDOS"], ["PA"]);

test("seven tiles earn the bingo, corners multiply, as preview counts them", () => {
  const plays = assertEachScoresAsPreview(setup(PARTIDO), PARTIDO_WORDS);
  assert.equal(brief(plays[0]).tiles, "A1P B1A C1R D1T E1I F1D G1O");
  assert.equal(plays[0].points, 9 * 3 * 3 + 3 * 3 + 20 + 10, "PARTIDO ×9, PA ×3, bingo, PA a Coimbra word");
});

test("trunfos, Latada and Dobro score as preview scores them", () => {
  const trunfos = ["cabra", "fitas", "serenata", "latada"];
  const plays = assertEachScoresAsPreview(setup({ ...PARTIDO, trunfos, dobro: true }), PARTIDO_WORDS);
  assert.equal(plays[0].points, (9 * 4 * 4 + 3 * 4 + 20 + 20 + 5) * 2 * 2, "×4 corners, Fitas, Serenata, Latada, Dobro");
});

test("the player's pending tiles count as in the hand", () => {
  const state = setup({ board: DO, hand: "SO" });
  const pending = placeAll(state, [["F6", "S"]]);
  assert.deepEqual(legalPlays(pending, DOS_WORDS), legalPlays(state, DOS_WORDS));
});

test("no play is listed outside the phase of play", () => {
  assert.deepEqual(legalPlays(setup({ board: DO, hand: "SO", phase: "trunfo" }), DOS_WORDS), []);
  assert.equal(bestLegalPlay(setup({ board: DO, hand: "SO", phase: "lost" }), DOS_WORDS), null);
});

test("legalPlays needs the word graph of wordLookup", () => {
  assert.throws(() => legalPlays(setup({ board: DO, hand: "SO" }), wordChecker(["DOS"])), TypeError);
});

test("the best legal play is the first of legalPlays, within a word length when asked", () => {
  const state = setup(PARTIDO);
  const plays = legalPlays(state, PARTIDO_WORDS);
  assert.deepEqual(bestLegalPlay(state, PARTIDO_WORDS), plays[0]);
  assert.deepEqual(bestLegalPlay(state, PARTIDO_WORDS, 2), plays.find((p) => p.words.every((w) => w.word.length <= 2)));
  assert.equal(bestLegalPlay(state, PARTIDO_WORDS, 1), null);
});

test("the plays' shared parts are frozen", () => {
  const [play] = legalPlays(setup({ board: DO, hand: "SO" }), DOS_WORDS);
  assert.throws(() => { play.tiles[0].letter = "X"; }, TypeError);
  assert.throws(() => { play.words[1].squares.push("A1"); }, TypeError);
});

test("listing the plays leaves the state as it was", () => {
  const state = placeAll(setup({ board: DO, hand: "SO?" }), [["A1", "?", "E"]]);
  const before = JSON.stringify(state);
  legalPlays(state, DOS_WORDS);
  assert.equal(JSON.stringify(state), before);
});
