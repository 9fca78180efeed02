/**
 * Is the pending placement a legal play, and which words does it form?
 * Legal: one row or one column, no empty square between the first and the
 * last new tile (existing tiles may fill it), at least one new tile touching
 * a confirmed tile (the opener counts). Words: the run along the line and,
 * through each new tile, the crossing run of two or more letters; a single
 * new tile forms its runs in both directions.
 */
import { neighbours, parseSquare, squareName } from "./board.js";
import { refuse } from "./errors.js";
import { foldLetter } from "./rules.js";

/** Every occupied cell seen by the play: confirmed tiles plus pending ones. */
function cellsWithPending(state) {
  const cells = state.board.slice();
  for (const tile of state.pending) {
    const { index } = parseSquare(state.constants, tile.square);
    const blank = tile.blank === true;
    cells[index] = { id: tile.id, letter: tile.letter, value: tile.value, blank, isNew: true };
  }
  return cells;
}

/** The maximal run of occupied cells through `index` along (dRow, dCol). */
function runThrough(constants, cells, index, dRow, dCol) {
  const size = constants.board_size;
  let row = Math.floor(index / size);
  let col = index % size;
  const inside = (r, c) => r >= 0 && r < size && c >= 0 && c < size;
  while (inside(row - dRow, col - dCol) && cells[(row - dRow) * size + col - dCol]) {
    row -= dRow;
    col -= dCol;
  }
  const run = [];
  while (inside(row, col) && cells[row * size + col]) {
    const cell = cells[row * size + col];
    run.push({
      index: row * size + col,
      square: squareName(constants, row, col),
      letter: cell.letter,
      value: cell.value,
      blank: cell.blank === true,
      isNew: cell.isNew === true,
    });
    row += dRow;
    col += dCol;
  }
  return run;
}

function lineOf(positions) {
  if (positions.length === 1) return "single";
  if (positions.every((p) => p.row === positions[0].row)) return "across";
  if (positions.every((p) => p.col === positions[0].col)) return "down";
  return null;
}

function hasGap(constants, cells, positions, line) {
  if (line === "single") return false;
  const along = line === "across" ? "col" : "row";
  const values = positions.map((p) => p[along]);
  const first = Math.min(...values);
  const last = Math.max(...values);
  const size = constants.board_size;
  for (let k = first; k <= last; k++) {
    const index = line === "across" ? positions[0].row * size + k : k * size + positions[0].col;
    if (!cells[index]) return true;
  }
  return false;
}

function touchesBoard(state, positions) {
  return positions.some((p) => neighbours(state.constants, p.index).some((n) => state.board[n]));
}

function asWord(run) {
  return {
    word: run.map((cell) => foldLetter(cell.letter)).join(""),
    cells: run,
  };
}

/**
 * `{ok:true, line, words:[{word, cells}]}` for a legal placement, else a
 * refusal ("no_tiles", "not_in_line", "gap", "not_connected"). Words come
 * main line first, then cross words in the order of the line.
 */
export function analysePlacement(state) {
  const { constants } = state;
  if (state.pending.length === 0) return refuse("no_tiles");
  const positions = state.pending.map((tile) => parseSquare(constants, tile.square));
  const line = lineOf(positions);
  if (!line) return refuse("not_in_line");
  const cells = cellsWithPending(state);
  if (hasGap(constants, cells, positions, line)) return refuse("gap");
  if (!touchesBoard(state, positions)) return refuse("not_connected");

  const runs = [];
  const ordered = positions.slice().sort((a, b) => a.index - b.index);
  if (line === "single") {
    runs.push(runThrough(constants, cells, ordered[0].index, 0, 1));
    runs.push(runThrough(constants, cells, ordered[0].index, 1, 0));
  } else {
    const across = line === "across";
    runs.push(runThrough(constants, cells, ordered[0].index, across ? 0 : 1, across ? 1 : 0));
    for (const p of ordered) {
      runs.push(runThrough(constants, cells, p.index, across ? 1 : 0, across ? 0 : 1));
    }
  }
  const words = runs.filter((run) => run.length >= 2).map(asWord);
  return { ok: true, line, words };
}
