// The cursor square and its direction, and the choices typing makes: which
// square the next tile goes to and which hand tile a typed letter uses.

import { parseSquare, squareName } from "../../engine/play.js";

const STEP = { across: [1, 0], down: [0, 1] };

/** The square `dx, dy` away from `name`, or null off the board. */
export function offset(constants, name, dx, dy) {
  const { row, col } = parseSquare(constants, name);
  const size = constants.board_size;
  if (col + dx < 0 || col + dx >= size || row + dy < 0 || row + dy >= size) return null;
  return squareName(constants, row + dy, col + dx);
}

/** The letter a square shows (a confirmed or a pending tile's), or null when it is free. */
export function letterOn(state, name) {
  const cell = state.board[parseSquare(state.constants, name).index];
  return cell?.letter ?? state.pending.find((p) => p.square === name)?.letter ?? null;
}

/** True when `name` holds a confirmed or a pending tile (every tile shows its letter, a blank its chosen one). */
export const isTaken = (state, name) => letterOn(state, name) !== null;

/** The square after `name` along `direction`, or null at the board's edge. */
export function nextSquare(state, name, direction) {
  return offset(state.constants, name, ...STEP[direction]);
}

/** A typed letter matches a letter on the board: the same, or C and Ç (both read as C). */
export function sameLetter(shown, typed) {
  const plain = (l) => (l === "Ç" ? "C" : l);
  return shown !== null && plain(shown) === plain(typed);
}

/** The first free square at or after `name` along `direction`, or null. */
export function freeSquareFrom(state, name, direction) {
  for (let sq = name; sq !== null; sq = nextSquare(state, sq, direction)) {
    if (!isTaken(state, sq)) return sq;
  }
  return null;
}

/** Where the cursor goes after a tile lands on `name`: the next free square, else stays. */
export function advance(state, name, direction) {
  const next = nextSquare(state, name, direction);
  return (next && freeSquareFrom(state, next, direction)) || name;
}

/**
 * The square the next typed letter meets: `typeAt`, the square right after the last one
 * typed, while only taken squares lie between it and the cursor (the cursor itself skips
 * them), so typing the letter that stands there passes over it; else the cursor.
 */
export function typingSquare(state, cursor, typeAt, direction) {
  return typeAt && freeSquareFrom(state, typeAt, direction) === cursor ? typeAt : cursor;
}

/**
 * The hand tile a typed letter uses and the blank's letter if any:
 * the letter's own tile; for C a Ç tile when there is no C (and Ç → C when
 * there is no Ç, as both read as C); else the blank, which cannot be Ç, so Ç
 * typed with only a blank left becomes a blank C. Null when nothing fits.
 */
export function tileForLetter(hand, letter) {
  const own = hand.find((t) => t.letter === letter);
  if (own) return { tile: own };
  if (letter === "C" || letter === "Ç") {
    const twin = hand.find((t) => t.letter === (letter === "C" ? "Ç" : "C"));
    if (twin) return { tile: twin };
  }
  const blank = hand.find((t) => t.letter === "?");
  if (blank) return { tile: blank, letter: letter === "Ç" ? "C" : letter };
  return null;
}

/**
 * Where the tiles put down begin, and the way they run: {square, direction}; one tile keeps
 * `direction`. Null with none put down.
 */
export function lineStart(state, direction) {
  const at = state.pending.map((p) => parseSquare(state.constants, p.square));
  if (!at.length) return null;
  const first = at.reduce((a, b) => (b.index < a.index ? b : a));
  let way = direction;
  if (at.length > 1 && at.every((p) => p.col === first.col)) way = "down";
  else if (at.length > 1 && at.every((p) => p.row === first.row)) way = "across";
  return { square: squareName(state.constants, first.row, first.col), direction: way };
}
