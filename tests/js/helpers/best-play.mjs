/**
 * Brute force over the hand along every row and column, independent of the
 * engine's move generator: each placement that spells a DAWG word along its
 * line (and, tile by tile, a word across it) is judged and scored by
 * preview(). `bestPlay` keeps the highest (the whole-day test's player),
 * `allPlays` keeps them all (the move generator's property test and bench).
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
        if (next < 0 || !crossingIsWord(dawg, cell, letter)) continue;
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

/** A letter on an empty cell: is the run it makes across the line (if any) a word? */
function crossingIsWord(dawg, cell, letter) {
  const [before, after] = cell.crossing;
  return (!before && !after) || dawg.contains(before + fold(letter) + after);
}

/** The letters of the tiles next to `(row, col)` going (dRow, dCol), nearest first. */
function lettersFrom(state, row, col, dRow, dCol) {
  const size = state.constants.board_size;
  let text = "";
  for (let r = row + dRow, c = col + dCol; r >= 0 && r < size && c >= 0 && c < size && state.board[r * size + c]; r += dRow, c += dCol) {
    text += fold(state.board[r * size + c].letter);
  }
  return text;
}

function cellAt(state, row, col, across) {
  const reversed = (text) => [...text].reverse().join("");
  const [dRow, dCol] = across ? [1, 0] : [0, 1];
  return {
    square: squareName(state.constants, row, col),
    tile: state.board[row * state.constants.board_size + col],
    crossing: [reversed(lettersFrom(state, row, col, -dRow, -dCol)), lettersFrom(state, row, col, dRow, dCol)],
  };
}

function lines(state) {
  const size = state.constants.board_size;
  const out = [];
  for (let a = 0; a < size; a++) {
    const row = [];
    const col = [];
    for (let b = 0; b < size; b++) {
      row.push(cellAt(state, a, b, true));
      col.push(cellAt(state, b, a, false));
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
