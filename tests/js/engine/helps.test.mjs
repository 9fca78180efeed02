// Ajudas: earned in the day's order, at most 3 held, each used without
// spending a play.
import assert from "node:assert/strict";
import { test } from "node:test";

import { apply } from "../../../site_src/js/engine/index.js";
import { applyOk, E, loadConstants, loadFixtureDay, placeAll, setup, wordChecker } from "../helpers/engine-setup.mjs";

const constants = loadConstants();
const day = loadFixtureDay();
const FAD = [E, E, E, ".FAD...", E, E, E]; // + O at E4 = FADO, a Coimbra word
const COIMBRA = wordChecker([], ["FADO"]);

function playFado(state) {
  return applyOk(placeAll(state, [["E4", "O"]]), { type: "play" }, COIMBRA);
}

test("a play forming a coimbra word earns the day's next help", () => {
  const state = setup({ board: FAD, hand: "OSEUTAMR", helpsEarned: 2 });
  const { state: next, events } = playFado(state);
  assert.deepEqual(events[1], { type: "helpEarned", id: day.helps[2], kept: true, reason: "coimbra" });
  assert.deepEqual(next.helps, [day.helps[2]]);
  assert.equal(next.helpsEarned, 3);
});

test("a play without a coimbra word earns no help", () => {
  const state = setup({ board: FAD, hand: "OSEUTAMR" });
  const next = applyOk(placeAll(state, [["E4", "O"]]), { type: "play" }, wordChecker(["FADO"])).state;
  assert.deepEqual(next.helps, []);
  assert.equal(next.helpsEarned, 0);
});

test("a help earned beyond 3 is lost but the order advances", () => {
  const held = ["jogada", "jogada", "branca"];
  const state = setup({ board: FAD, hand: "OSEUTAMR", helps: held, helpsEarned: 3 });
  const { state: next, events } = playFado(state);
  assert.equal(held.length, constants.help_capacity);
  assert.deepEqual(events[1], { type: "helpEarned", id: day.helps[3], kept: false, reason: "coimbra" });
  assert.deepEqual(next.helps, held);
  assert.equal(next.helpsEarned, 4);
});

test("a help not held can't be used", () => {
  const state = setup({ hand: "OSEUTAMR", helps: ["jogada"] });
  assert.equal(apply(state, { type: "useHelp", id: "dobro" }).code, "help_not_held");
  assert.equal(apply(state, { type: "useHelp", id: "toString" }).code, "help_not_held");
});

test("using a help never spends a play", () => {
  for (const id of constants.helps.map((h) => h.id)) {
    const state = setup({ hand: "OSEUTAMR", helps: [id] });
    const { state: next, events } = applyOk(state, { type: "useHelp", id });
    assert.ok(next.playsLeft >= state.playsLeft, id);
    assert.deepEqual(next.helps, []);
    assert.deepEqual(events, [{ type: "helpUsed", id }]);
  }
});

test("peça branca adds a blank to the hand", () => {
  const state = setup({ hand: "OSEUTAMR", helps: ["branca"] });
  const { state: next } = applyOk(state, { type: "useHelp", id: "branca" });
  assert.deepEqual(next.hand.at(-1), { id: constants.bag_size, letter: constants.blank.letter, value: constants.blank.value });
  assert.equal(next.blanksGranted, 1);
});

test("each blank granted gets the next id after the bag's", () => {
  let state = setup({ hand: "OSEUTAMR", helps: ["branca", "branca"] });
  state = applyOk(state, { type: "useHelp", id: "branca" }).state;
  state = applyOk(state, { type: "useHelp", id: "branca" }).state;
  assert.deepEqual(state.hand.slice(-2).map((t) => t.id), [constants.bag_size, constants.bag_size + 1]);
});

test("espreitar shows the true next 3 tiles of the bag", () => {
  const state = setup({ hand: "OSEUTAMR", helps: ["espreitar"] });
  const { state: next } = applyOk(state, { type: "useHelp", id: "espreitar" });
  const count = constants.helps.find((h) => h.id === "espreitar").tiles;
  assert.deepEqual(next.peek, state.bag.slice(0, count).map((id) => day.bag[id]));
  const drawn = applyOk(placeAll(next, [["E3", "O"]]), { type: "play" }, wordChecker(["OA"])).state;
  assert.equal(drawn.hand.at(-1).letter, next.peek[0], "the next tile drawn is the first one shown");
  assert.equal(drawn.peek, null, "cleared at the next draw");
});

test("espreitar shows fewer tiles when the bag holds fewer", () => {
  const state = setup({ hand: "OSEUTAMR", helps: ["espreitar"] });
  state.bag = state.bag.slice(0, 2);
  state.bagCount = 2;
  const { state: next } = applyOk(state, { type: "useHelp", id: "espreitar" });
  assert.deepEqual(next.peek, state.bag.map((id) => day.bag[id]));
});

test("mais uma jogada gives one more play on this floor", () => {
  const state = setup({ hand: "OSEUTAMR", helps: ["jogada"] });
  const { state: next } = applyOk(state, { type: "useHelp", id: "jogada" });
  assert.equal(next.playsLeft, state.playsLeft + constants.helps.find((h) => h.id === "jogada").plays);
});

test("dobro waits for the next valid word play", () => {
  const state = setup({ hand: "OSEUTAMR", helps: ["dobro", "dobro"] });
  const { state: next } = applyOk(state, { type: "useHelp", id: "dobro" });
  assert.equal(next.dobro, true);
  assert.equal(apply(next, { type: "useHelp", id: "dobro" }).code, "dobro_waiting");
});

test("helps can't be used while choosing a trunfo", () => {
  const state = setup({ hand: "OSEUTAMR", helps: ["jogada"], phase: "trunfo", offer: day.offers[""] });
  assert.equal(apply(state, { type: "useHelp", id: "jogada" }).code, "bad_phase");
});
