// Placing, recalling, playing and passing: the pending placement and what a
// play or a rejected play spends.
import assert from "node:assert/strict";
import { test } from "node:test";

import { apply } from "../../../site_src/js/engine/index.js";
import { applyOk, E, ids, placeAll, setup, wordChecker } from "../helpers/engine-setup.mjs";

const DOS = [E, E, E, ".DOS...", E, E, E];
const WORDS = wordChecker(["EU", "DE", "OU", "SE"]);

test("placed tile leaves the hand and waits in pending", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  const tile = state.hand[0];
  const { state: next } = applyOk(state, { type: "place", tile: tile.id, square: "B5" });
  assert.deepEqual(next.pending.map(({ id, square, letter }) => ({ id, square, letter })), [{ id: tile.id, square: "B5", letter: "E" }]);
  assert.equal(next.hand.length, 7);
  assert.equal(next.board[4 * 7 + 1], null, "pending tiles are not on the board");
  assert.equal(state.hand.length, 8, "apply never mutates its input");
});

test("placing on an occupied square is refused", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  assert.equal(apply(state, { type: "place", tile: state.hand[0].id, square: "B4" }).code, "square_taken");
  const once = placeAll(state, [["B5", "E"]]);
  assert.equal(apply(once, { type: "place", tile: once.hand[0].id, square: "B5" }).code, "square_taken");
});

test("placing off the board is refused", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  for (const square of ["H1", "A8", "A0", "b2", "A01", "A1 ", "", null, 5]) {
    assert.equal(apply(state, { type: "place", tile: state.hand[0].id, square }).code, "off_board");
  }
});

test("placing a tile not in the hand is refused", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  assert.equal(apply(state, { type: "place", tile: state.bag[0], square: "B5" }).code, "not_in_hand");
  const once = placeAll(state, [["B5", "E"]]);
  assert.equal(apply(once, { type: "place", tile: once.pending[0].id, square: "C5" }).code, "not_in_hand");
});

test("blank needs a letter of the game alphabet", () => {
  const state = setup({ board: DOS, hand: "?USTAMOR" });
  const blank = state.hand[0].id;
  assert.equal(apply(state, { type: "place", tile: blank, square: "B5" }).code, "blank_needs_letter");
  for (const letter of ["K", "W", "Y", "Ç", "e", "EU"]) {
    assert.equal(apply(state, { type: "place", tile: blank, square: "B5", letter }).code, "bad_letter", letter);
  }
  const { state: next } = applyOk(state, { type: "place", tile: blank, square: "B5", letter: "E" });
  assert.equal(next.pending[0].letter, "E");
});

test("recall takes back the last placed tile or the one on a square", () => {
  let state = setup({ board: DOS, hand: "EUSTAMOR" });
  state = placeAll(state, [["B5", "E"], ["C5", "U"], ["D5", "S"]]);
  const last = applyOk(state, { type: "recall" }).state;
  assert.deepEqual(last.pending.map((t) => t.square), ["B5", "C5"]);
  const middle = applyOk(state, { type: "recall", square: "C5" }).state;
  assert.deepEqual(middle.pending.map((t) => t.square), ["B5", "D5"]);
  assert.equal(apply(state, { type: "recall", square: "E5" }).code, "not_pending");
  assert.equal(apply(setup({ hand: "EUSTAMOR" }), { type: "recall" }).code, "no_tiles");
});

test("recall all restores the hand's order", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  const placed = placeAll(state, [["C5", "U"], ["B5", "E"], ["D5", "S"]]);
  const back = applyOk(placed, { type: "recallAll" }).state;
  assert.deepEqual(ids(back.hand), ids(state.hand));
  assert.deepEqual(back.pending, []);
});

test("recalled blank returns to the hand as a blank", () => {
  const state = setup({ board: DOS, hand: "?USTAMOR" });
  const placed = placeAll(state, [["B5", "?", "E"]]);
  const back = applyOk(placed, { type: "recall" }).state;
  assert.deepEqual(back.hand[0], { id: state.hand[0].id, letter: "?", value: 0 });
});

test("the opener counts as a tile already on the board", () => {
  const state = setup({ hand: "EUSTAMOR" }); // the fixture's first floor: TUNA on B4–E4
  const placed = placeAll(state, [["B5", "E"]]);
  const { state: next, events } = applyOk(placed, { type: "play" }, wordChecker(["TE"]));
  assert.equal(events[0].type, "played");
  assert.deepEqual(events[0].words.map((w) => w.word), ["TE"]);
  assert.equal(next.board[4 * 7 + 1].letter, "E");
});

test("play with no tiles is refused", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  assert.equal(apply(state, { type: "play" }, WORDS).code, "no_tiles");
});

test("invalid cross word returns tiles and spends no play", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  const placed = placeAll(state, [["B5", "E"], ["C5", "U"]]);
  const result = applyOk(placed, { type: "play" }, wordChecker(["EU", "DE"]));
  assert.deepEqual(result.events, [{ type: "rejected", code: "invalid_words", invalidWords: ["OU"] }]);
  const next = result.state;
  assert.deepEqual(next.lastRejection, { code: "invalid_words", invalidWords: ["OU"] });
  assert.deepEqual(ids(next.hand), ids(state.hand));
  assert.deepEqual(next.pending, []);
  assert.equal(next.playsLeft, state.playsLeft);
  assert.equal(next.floorPlays, state.floorPlays);
  assert.equal(next.floorScore, 0);
  assert.deepEqual(next.board, state.board);
  assert.deepEqual(next.history, []);
  assert.equal(next.bagCount, state.bagCount);
  const after = applyOk(next, { type: "shuffle" }).state;
  assert.equal(after.lastRejection, null, "the rejection is cleared by the next action");
});

test("rejected play does not consume dobro", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR", dobro: true });
  const placed = placeAll(state, [["B5", "E"], ["C5", "U"]]);
  assert.equal(applyOk(placed, { type: "play" }, wordChecker(["EU"])).state.dobro, true);
});

test("valid play fixes the tiles, spends a play and refills the hand from the bag's front", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  const front = state.bag.slice(0, 2);
  const placed = placeAll(state, [["B5", "E"], ["C5", "U"]]);
  const { state: next, events } = applyOk(placed, { type: "play" }, WORDS);
  assert.deepEqual(events[0], { type: "played", words: [
    { word: "EU", points: 2, coimbra: false }, { word: "DE", points: 3, coimbra: false },
    { word: "OU", points: 2, coimbra: false }], points: 7 });
  assert.deepEqual(events[1], { type: "drew", count: 2 });
  assert.equal(next.board[4 * 7 + 1].letter, "E");
  assert.equal(next.board[4 * 7 + 2].letter, "U");
  assert.deepEqual(ids(next.hand).slice(-2), front);
  assert.equal(next.hand.length, 8);
  assert.equal(next.playsLeft, state.playsLeft - 1);
  assert.equal(next.floorScore, 7);
  assert.equal(next.total, 7);
  assert.deepEqual(next.floorScores, [7]);
  assert.deepEqual(next.history, [{ floor: 0, words: events[0].words, points: 7, tiles: 2,
    placed: [{ square: "B5", letter: "E" }, { square: "C5", letter: "U" }] }]);
});

test("placed blank stays on the board with its letter and value 0", () => {
  const state = setup({ board: DOS, hand: "?USTAMOR" });
  const placed = placeAll(state, [["B5", "?", "E"]]);
  const { state: next } = applyOk(placed, { type: "play" }, WORDS);
  assert.deepEqual(next.board[4 * 7 + 1], { id: state.hand[0].id, letter: "E", value: 0, blank: true });
});

test("empty bag just stops refilling", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  state.bag = state.bag.slice(0, 1);
  state.bagCount = 1;
  const placed = placeAll(state, [["B5", "E"], ["C5", "U"]]);
  const { state: next, events } = applyOk(placed, { type: "play" }, WORDS);
  assert.equal(next.hand.length, 7);
  assert.equal(next.bagCount, 0);
  assert.deepEqual(events[1], { type: "drew", count: 1 });
});

test("passing spends a play and returns pending tiles", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  const placed = placeAll(state, [["B5", "E"]]);
  const { state: next, events } = applyOk(placed, { type: "pass" });
  assert.deepEqual(events, [{ type: "passed" }]);
  assert.equal(next.playsLeft, state.playsLeft - 1);
  assert.deepEqual(ids(next.hand), ids(state.hand));
  assert.deepEqual(next.history, [{ floor: 0, pass: true }]);
});

test("passing does not consume dobro", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR", dobro: true });
  assert.equal(applyOk(state, { type: "pass" }).state.dobro, true);
});

test("valid word play consumes dobro", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR", dobro: true });
  const placed = placeAll(state, [["B5", "E"], ["C5", "U"]]);
  const { state: next, events } = applyOk(placed, { type: "play" }, WORDS);
  assert.equal(events[0].points, 14);
  assert.equal(next.dobro, false);
});

test("shuffle is a permutation fixed by the day and the action count", () => {
  const state = setup({ hand: "EUSTAMOR" });
  const once = applyOk(state, { type: "shuffle" }).state;
  const again = applyOk(state, { type: "shuffle" }).state;
  assert.deepEqual(once.hand, again.hand);
  assert.deepEqual(ids(once.hand).sort(), ids(state.hand).sort());
  const later = applyOk({ ...state, actionCount: 1 }, { type: "shuffle" }).state;
  assert.notDeepEqual(ids(later.hand), ids(once.hand));
});

test("unknown action type is a programmer error", () => {
  const state = setup({ hand: "EUSTAMOR" });
  assert.throws(() => apply(state, { type: "undo" }), TypeError);
  assert.throws(() => apply(state, null), TypeError);
});

test("arrange moves one hand tile to the slot it is dropped on and spends nothing", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  const { state: next, events } = applyOk(state, { type: "arrange", tile: state.hand[6].id, slot: 1 });
  assert.deepEqual(next.hand.map((t) => t.letter).join(""), "EOUSTAMR");
  assert.deepEqual(events, []);
  assert.equal(next.playsLeft, state.playsLeft);
  assert.equal(next.actionCount, state.actionCount + 1);
  const last = applyOk(state, { type: "arrange", tile: state.hand[0].id, slot: 7 }).state;
  assert.equal(last.hand.map((t) => t.letter).join(""), "USTAMORE");
});

test("arrange refuses a tile not in hand, a slot outside the hand and another phase", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  const placed = placeAll(state, [["B5", "E"]]);
  assert.equal(apply(placed, { type: "arrange", tile: state.hand[0].id, slot: 0 }).code, "not_in_hand");
  assert.equal(apply(state, { type: "arrange", tile: state.hand[0].id, slot: 8 }).code, "bad_action");
  assert.equal(apply(state, { type: "arrange", tile: state.hand[0].id, slot: 1.5 }).code, "bad_action");
  assert.equal(apply({ ...state, phase: "lost" }, { type: "arrange", tile: state.hand[0].id, slot: 0 }).code, "bad_phase");
});

test("a tile arranged while others wait on the board: recall-all puts them back beside it", () => {
  const state = setup({ board: DOS, hand: "EUSTAMOR" });
  const placed = placeAll(state, [["B5", "E"]]);
  const moved = applyOk(placed, { type: "arrange", tile: placed.hand[6].id, slot: 0 }).state;
  const back = applyOk(moved, { type: "recallAll" }).state;
  assert.equal(back.hand.map((t) => t.letter).join(""), "ERUSTAMO");
});
