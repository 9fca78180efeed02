// How a special square reads to the player: the corners say what they multiply
// by now (×4 with Cabra), so the board never shows "3P" for a ×4 corner.
import assert from "node:assert/strict";
import { test } from "node:test";

import { shownSquare } from "../../../site_src/js/engine/index.js";
import { E, loadConstants, setup } from "../helpers/engine-setup.mjs";

const constants = loadConstants();
const BOARD = [E, E, E, ".OCA...", E, E, E];
const SQUARES = { B2: "2P", C2: "2L", D2: "3L" };

test("corners read 3P without cabra", () => {
  const state = setup({ board: BOARD, hand: "SEUTAMOR", squares: SQUARES });
  for (const corner of constants.corners) assert.equal(shownSquare(state, corner), "3P", corner);
});

test("corners read 4P with cabra", () => {
  const state = setup({ board: BOARD, hand: "SEUTAMOR", squares: SQUARES, trunfos: ["cabra"] });
  const multiplier = constants.trunfos.find((t) => t.id === "cabra").corner_multiplier;
  for (const corner of constants.corners) assert.equal(shownSquare(state, corner), `${multiplier}P`, corner);
  assert.equal(state.squares.A1, "3P", "the engine's own kind is unchanged");
});

test("other squares read as their kind, plain squares as nothing", () => {
  const state = setup({ board: BOARD, hand: "SEUTAMOR", squares: SQUARES, trunfos: ["cabra"] });
  assert.equal(shownSquare(state, "B2"), "2P");
  assert.equal(shownSquare(state, "C2"), "2L");
  assert.equal(shownSquare(state, "D2"), "3L");
  assert.equal(shownSquare(state, "E5"), null);
});
