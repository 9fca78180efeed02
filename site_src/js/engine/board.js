/**
 * The 7×7 board: square names ("A1" top-left, column letter + row from the
 * top), cell indices (row * size + col), a floor's opening board and squares.
 */
import { tileValue } from "./rules.js";

export function squareName(constants, row, col) {
  return constants.columns[col] + String(row + 1);
}

/**
 * {row, col, index} of a square name, or null when it is not a square of the
 * board written as the engine writes it ("A1", never "A01" or "a1": one name
 * per square, so pending tiles can be compared by name).
 */
export function parseSquare(constants, name) {
  if (typeof name !== "string" || name.length < 2) return null;
  const size = constants.board_size;
  const col = constants.columns.indexOf(name[0]);
  const row = Number(name.slice(1)) - 1;
  if (col < 0 || col >= size || !Number.isInteger(row) || row < 0 || row >= size) return null;
  if (squareName(constants, row, col) !== name) return null;
  return { row, col, index: row * size + col };
}

/** The special squares of a floor: the day's 2L/3L/2P plus the 3P corners. */
export function floorSquares(constants, floor) {
  const squares = {};
  for (const corner of constants.corners) squares[corner] = "3P";
  for (const [kind, names] of Object.entries(floor.squares)) {
    for (const name of names) squares[name] = kind;
  }
  return squares;
}

/**
 * The opening board of a floor: the opener on the middle row, centred.
 * Opener tiles are not bag tiles, so they carry `id: null, opener: true`.
 */
export function openingBoard(constants, floor) {
  const size = constants.board_size;
  const board = new Array(size * size).fill(null);
  const letters = Array.from(floor.opener);
  const row = constants.opener_row - 1;
  const start = Math.floor((size - letters.length) / 2);
  letters.forEach((letter, i) => {
    board[row * size + start + i] = {
      id: null, letter, value: tileValue(constants, letter), blank: false, opener: true,
    };
  });
  return board;
}

/** Indices of the orthogonal neighbours of a cell. */
export function neighbours(constants, index) {
  const size = constants.board_size;
  const row = Math.floor(index / size);
  const col = index % size;
  const out = [];
  if (row > 0) out.push(index - size);
  if (row < size - 1) out.push(index + size);
  if (col > 0) out.push(index - 1);
  if (col < size - 1) out.push(index + 1);
  return out;
}
