/**
 * A simple player for the whole-day test and the benchmark: brute force over
 * the hand along every row and column, pruned by the DAWG, keeping the
 * placement that preview() scores highest (cross words included).
 */
import { preview, squareName } from "../../../site_src/js/engine/index.js";

const fold = (letter) => (letter === "Ç" ? "C" : letter);

/** Every placement along one line that spells a DAWG word from `start`. */
function lineCandidates(state, dawg, cells, start, found) {
  const hand = state.hand;
  const used = new Array(hand.length).fill(false);
  const placed = [];
  const walk = (k, node) => {
    if (k > 0 && (k === cells.length || !cells[k].tile) && placed.length > 0 && dawg.isTerminal(node)) {
      found.push(placed.slice());
    }
    if (k === cells.length) return;
    const cell = cells[k];
    if (cell.tile) {
      const next = dawg.child(node, fold(cell.tile.letter));
      if (next >= 0) walk(k + 1, next);
      return;
    }
    const tried = new Set();
    hand.forEach((tile, i) => {
      if (used[i]) return;
      const letters = tile.letter === state.constants.blank.letter ? state.constants.alphabet : tile.letter;
      for (const letter of letters) {
        const key = `${tile.letter}:${letter}`;
        if (tried.has(key)) continue;
        tried.add(key);
        const next = dawg.child(node, fold(letter));
        if (next < 0) continue;
        used[i] = true;
        placed.push({ tile, square: cell.square, letter });
        walk(k + 1, next);
        placed.pop();
        used[i] = false;
      }
    });
  };
  walk(0, dawg.root);
  return found;
}

function lines(state) {
  const { constants } = state;
  const size = constants.board_size;
  const out = [];
  for (let a = 0; a < size; a++) {
    const row = [];
    const col = [];
    for (let b = 0; b < size; b++) {
      row.push({ square: squareName(constants, a, b), tile: state.board[a * size + b] });
      col.push({ square: squareName(constants, b, a), tile: state.board[b * size + a] });
    }
    out.push(row, col);
  }
  return out;
}

/** Call `visit(placements, preview)` for every placement along a line that preview accepts. */
function forEachValidPlacement(state, dawg, words, visit) {
  for (const line of lines(state)) {
    for (let start = 0; start < line.length; start++) {
      if (start > 0 && line[start - 1].tile) continue;
      const found = lineCandidates(state, dawg, line.slice(start), start, []);
      for (const placements of found) {
        const pending = placements.map(({ tile, square, letter }, slot) => ({
          id: tile.id, square, letter, value: tile.value, blank: tile.letter === state.constants.blank.letter, slot,
        }));
        const seen = preview({ ...state, pending }, words);
        if (seen.ok) visit(placements, seen);
      }
    }
  }
}

/** The best legal play `{placements, points}` for the state's hand, or null. */
export function bestPlay(state, dawg, words) {
  let best = null;
  forEachValidPlacement(state, dawg, words, (placements, seen) => {
    if (!best || seen.points > best.points) best = { placements, points: seen.points };
  });
  return best;
}

/**
 * Every legal play for the state's hand by brute force, as legalPlays lists them
 * (`{tiles:[{square, letter, blank}], points, words}` with preview's words), in no
 * particular order; a single tile found along its row and its column is kept once.
 */
export function allPlays(state, dawg, words) {
  const plays = new Map();
  forEachValidPlacement(state, dawg, words, (placements, seen) => {
    const tiles = placements.map(({ tile, square, letter }) => ({
      square, letter, blank: tile.letter === state.constants.blank.letter,
    }));
    plays.set(playKey(tiles), { tiles, points: seen.points, words: seen.words });
  });
  return [...plays.values()];
}

/** One string per play: its tiles by square ("B5:A", "C5:E?" for a blank as E). */
export function playKey(tiles) {
  return tiles.map((t) => `${t.square}:${t.letter}${t.blank ? "?" : ""}`).sort().join(" ");
}
