/**
 * The confirmed board as typed arrays the walk reads, one entry a square
 * (index = row·size + col): the letter code (−1 when empty), the tile's face
 * value, and the letter and word multipliers a new tile there gets.
 */
import { squareName } from "../board.js";
import { letterMultiplierOf, wordMultiplierOf } from "../scoring.js";

const namesCache = new WeakMap();

/** Every square's name by index ("A1", "B1", …), once per constants object. */
export function squareNames(constants) {
  let names = namesCache.get(constants);
  if (!names) {
    const size = constants.board_size;
    names = Array.from({ length: size * size }, (_, index) => squareName(constants, Math.floor(index / size), index % size));
    namesCache.set(constants, names);
  }
  return names;
}

/** `{size, names, code, value, letterMult, wordMult}` of the state's board and squares. */
export function gridOf(state, tables) {
  const size = state.constants.board_size;
  const names = squareNames(state.constants);
  const count = size * size;
  const code = new Int8Array(count).fill(-1);
  const value = new Int32Array(count);
  const letterMult = new Int32Array(count);
  const wordMult = new Int32Array(count);
  for (let index = 0; index < count; index++) {
    const cell = state.board[index];
    if (cell) {
      code[index] = tables.codeOf(cell.letter);
      value[index] = cell.value;
    }
    letterMult[index] = letterMultiplierOf(state, names[index]);
    wordMult[index] = wordMultiplierOf(state, names[index]);
  }
  return { size, names, code, value, letterMult, wordMult };
}

/**
 * The first and last square of the run of letters through `index` along `step` (1: the
 * row, size: the column), where `code` holds a letter code or −1 for an empty square;
 * written to `run.first` and `run.last` (no array per call: plays are built by thousands).
 */
export function runAround(size, code, index, step, run) {
  let first = index;
  if (step === 1) {
    while (first % size > 0 && code[first - 1] >= 0) first -= 1;
  } else {
    while (first >= size && code[first - size] >= 0) first -= size;
  }
  let last = index;
  if (step === 1) {
    while (last % size < size - 1 && code[last + 1] >= 0) last += 1;
  } else {
    while (last + size < size * size && code[last + size] >= 0) last += size;
  }
  run.first = first;
  run.last = last;
  return run;
}
