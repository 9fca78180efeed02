/**
 * Seeded random action sequences for the property tests: any action type,
 * legal or not, drawn from what the state offers (hand ids, free squares,
 * held helps, the offer) plus some deliberate mistakes.
 */
import { parseSquare, squareName } from "../../../site_src/js/engine/index.js";
import { hashString, makeGenerator } from "../../../site_src/js/engine/rng.js";

/** A word checker that accepts a fixed pseudo-random part of all strings (so plays often count). */
export function lenientWords() {
  return {
    isWord: (w) => hashString(`w:${w}`) % 3 !== 0,
    isCoimbra: (w) => hashString(`c:${w}`) % 13 === 0,
  };
}

export function randomPicker(seed) {
  const next = makeGenerator(hashString(`property/${seed}`));
  const int = (n) => next() % n;
  return { int, pick: (items) => items[int(items.length)], chance: (p) => next() / 0x100000000 < p };
}

const nameOf = (constants, index) =>
  squareName(constants, Math.floor(index / constants.board_size), index % constants.board_size);

function freeSquares(state) {
  const taken = new Set(state.pending.map((t) => t.square));
  const out = [];
  state.board.forEach((cell, index) => {
    const name = nameOf(state.constants, index);
    if (!cell && !taken.has(name)) out.push(name);
  });
  return out;
}

/** Next to the board or to pending tiles, so random plays are often legal. */
function nearSquares(state, free) {
  const { constants } = state;
  const size = constants.board_size;
  const filled = new Set(state.pending.map((t) => t.square));
  state.board.forEach((cell, i) => {
    if (cell) filled.add(nameOf(constants, i));
  });
  return free.filter((name) => {
    const { row, col } = parseSquare(constants, name);
    return [[0, 1], [0, -1], [1, 0], [-1, 0]].some(([dr, dc]) => {
      const r = row + dr;
      const c = col + dc;
      return r >= 0 && r < size && c >= 0 && c < size && filled.has(squareName(constants, r, c));
    });
  });
}

/** Free squares on the line of the pending tiles (same row or column as the first). */
function lineSquares(state, free) {
  const first = state.pending[0].square;
  const last = state.pending.at(-1).square;
  const sameRow = state.pending.length > 1 && first.slice(1) === last.slice(1);
  const sameCol = state.pending.length > 1 && first[0] === last[0];
  return free.filter((name) => (sameCol ? false : name.slice(1) === first.slice(1)) || (sameRow ? false : name[0] === first[0]));
}

export function randomAction(state, rng) {
  const { constants } = state;
  if (state.phase === "trunfo") {
    return rng.chance(0.9) ? { type: "chooseTrunfo", id: rng.pick(state.offer) } : { type: "chooseTrunfo", id: rng.pick(constants.trunfos).id };
  }
  const roll = rng.int(100);
  if (roll < 45 && state.hand.length > 0) {
    const free = freeSquares(state);
    let near = nearSquares(state, free);
    if (state.pending.length > 0) {
      const line = lineSquares(state, free);
      const onLine = near.filter((name) => line.includes(name));
      near = onLine.length ? onLine : line.length ? line : near;
    }
    const tile = rng.pick(state.hand);
    const square = rng.chance(0.05) ? "H9" : rng.pick(near.length && rng.chance(0.95) ? near : free);
    const action = { type: "place", tile: tile.id, square };
    if (tile.letter === constants.blank.letter && rng.chance(0.9)) action.letter = rng.pick(constants.alphabet);
    return action;
  }
  if (roll < 70) return state.pending.length || rng.chance(0.1) ? { type: "play" } : { type: "recallAll" };
  if (roll < 74) return { type: "recall" };
  if (roll < 77) return { type: "recallAll" };
  if (roll < 81) return { type: "pass" };
  if (roll < 82) return { type: "shuffle" };
  if (roll < 84) return { type: "arrange", tile: rng.pick(state.hand)?.id ?? 0, slot: rng.int(state.hand.length + 1) };
  if (roll < 90) {
    const tiles = state.hand.filter(() => rng.chance(0.3)).map((t) => t.id);
    return { type: "exchange", tiles };
  }
  const ids = constants.helps.map((h) => h.id);
  return { type: "useHelp", id: state.helps.length && rng.chance(0.8) ? rng.pick(state.helps) : rng.pick(ids) };
}
