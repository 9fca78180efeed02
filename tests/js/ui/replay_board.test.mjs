// The replay page shows each word play on the board it was played on (issue 19,
// item 5): a play that climbs has moved the run to the next floor's board.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { apply, newRun } from "../../../site_src/js/engine/index.js";
import { shownState } from "../../../site_src/js/ui/replay/replay_page.js";
import { loadConstants } from "../helpers/engine-setup.mjs";

const constants = loadConstants();
const day = JSON.parse(readFileSync(new URL("../../fixtures/e2e/2026-12-01.json", import.meta.url), "utf8"));
const WORDS = { isWord: () => false, isCoimbra: (w) => w === "PRAXE" };

/** PRAXE down column C through FADO's A: 62 points, floor 1 climbed. */
function praxeStep(before) {
  const tileOf = (state, letter) => state.hand.find((t) => t.letter === letter).id;
  const actions = [];
  let state = before;
  for (const [letter, square] of [["P", "C2"], ["R", "C3"], ["X", "C5"], ["E", "C6"]]) {
    const action = { type: "place", tile: tileOf(state, letter), square };
    actions.push(action);
    state = apply(state, action).state;
  }
  actions.push({ type: "play" });
  return { actions, state: apply(state, { type: "play" }, WORDS).state };
}

const lettersOf = (state) => state.board.map((cell) => cell?.letter ?? ".").join("");

test("a play that climbs is shown on the board it was played on, with that floor's points", () => {
  const before = newRun(day, constants);
  const step = praxeStep(before);
  assert.equal(step.state.floor, 1, "the play climbed");
  const shown = shownState(before, step);
  const column = [1, 2, 3, 4, 5].map((row) => shown.board[row * 7 + 2].letter).join("");
  assert.equal(column, "PRAXE");
  assert.equal(lettersOf(shown).replace(/\./g, ""), "PRFADOXE", "the opener and the play, nothing of floor 2");
  assert.equal(shown.floor, 0);
  assert.deepEqual(shown.squares, before.squares);
  assert.equal(shown.floorScores[0], 62);
  assert.deepEqual(shown.pending, []);
});

test("a play that does not climb, a pass and a trunfo are shown as the state after them", () => {
  const before = newRun(day, constants);
  const passed = { actions: [{ type: "pass" }], state: apply(before, { type: "pass" }).state };
  assert.equal(shownState(before, passed), passed.state);
  const step = praxeStep(before);
  const trunfo = { actions: [{ type: "chooseTrunfo", id: step.state.offer[0] }], state: apply(step.state, { type: "chooseTrunfo", id: step.state.offer[0] }).state };
  assert.equal(shownState(step.state, trunfo), trunfo.state);
});
