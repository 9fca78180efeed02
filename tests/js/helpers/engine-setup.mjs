/**
 * Test utilities for the engine: the constants (from $TORRE_DIST or the
 * Python module), the hand-made fixture day, an in-memory word checker, and
 * `setup()` to build a state with a hand-drawn board and hand out of real
 * bag tiles (so tile accounting stays exact in every test).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { apply, newRun } from "../../../site_src/js/engine/index.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(HERE, "..", "..", "..");

let constantsCache = null;

/** The game constants: $TORRE_DIST/constantes.json when built, else pipeline/constants.py. */
export function loadConstants() {
  if (constantsCache) return constantsCache;
  const dist = process.env.TORRE_DIST;
  const built = dist ? join(dist, "constantes.json") : null;
  const text = built && existsSync(built)
    ? readFileSync(built, "utf8")
    : execFileSync(join(ROOT, ".venv", "bin", "python"),
      ["-c", "from pipeline import constants; print(constants.as_json())"], { cwd: ROOT, encoding: "utf8" });
  constantsCache = JSON.parse(text);
  return constantsCache;
}

export function loadFixtureDay() {
  return JSON.parse(readFileSync(join(HERE, "..", "fixtures", "day-fixture.json"), "utf8"));
}

/** An in-memory word checker over folded uppercase words. */
export function wordChecker(list, coimbra = []) {
  const listed = new Set(list);
  const special = new Set(coimbra);
  return { isWord: (w) => listed.has(w), isCoimbra: (w) => special.has(w) };
}

/** An empty row of a drawn board (see `setup`). */
export const E = ".......";

/** The ids of a list of tiles, in order. */
export const ids = (tiles) => tiles.map((t) => t.id);

/**
 * A state on floor `floor` with `board` (7 strings, "." empty, lowercase =
 * a placed blank), the hand `hand` ("?" = a blank) and `squares` (replacing
 * the floor's 2L/3L/2P; corners stay 3P; a drawn board without `squares`
 * has only the corners). Other fields are set as given.
 */
export function setup({ board, hand, squares, day, constants, ...fields } = {}) {
  constants = constants || loadConstants();
  day = day || loadFixtureDay();
  const state = newRun(day, constants);
  const pool = [...state.hand.map((t) => t.id), ...state.bag];
  const take = (letter) => {
    const at = pool.findIndex((id) => day.bag[id] === letter);
    if (at < 0) throw new Error(`setup: no tile ${letter} left in the bag`);
    return pool.splice(at, 1)[0];
  };
  const blankId = () => constants.bag_size + state.blanksGranted++;
  const valueOf = (letter) => constants.tiles.find((t) => t.letter === letter).value;
  if (board) {
    state.board = board.join("").split("").map((ch) => {
      if (ch === ".") return null;
      if (ch !== ch.toUpperCase()) return { id: blankId(), letter: ch.toUpperCase(), value: constants.blank.value, blank: true };
      return { id: take(ch), letter: ch, value: valueOf(ch), blank: false };
    });
  }
  if (hand !== undefined) {
    state.hand = Array.from(hand).map((ch) => (ch === constants.blank.letter
      ? { id: blankId(), letter: ch, value: constants.blank.value }
      : { id: take(ch), letter: ch, value: valueOf(ch) }));
  }
  state.bag = pool.filter((id) => !state.hand.some((t) => t.id === id));
  state.bagCount = state.bag.length;
  if (board && !squares) squares = {};
  if (squares) {
    state.squares = {};
    for (const corner of constants.corners) state.squares[corner] = "3P";
    Object.assign(state.squares, squares);
  }
  return Object.assign(state, fields);
}

/** Place letters from the hand: `[["D3","A"], ["E3","?","S"]]` ("?" takes a blank as the given letter). */
export function placeAll(state, placements) {
  for (const [square, letter, blankLetter] of placements) {
    const tile = state.hand.find((t) => t.letter === letter);
    if (!tile) throw new Error(`placeAll: no ${letter} in the hand`);
    const action = { type: "place", tile: tile.id, square };
    if (blankLetter) action.letter = blankLetter;
    const result = apply(state, action);
    if (!result.ok) throw new Error(`placeAll: ${square} ${letter}: ${result.code}`);
    state = result.state;
  }
  return state;
}

/** Apply and insist it worked; returns the result. */
export function applyOk(state, action, words) {
  const result = apply(state, action, words);
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.code}`);
  return result;
}
