/**
 * Kept plays (recorder.js) turned into what legalPlays returns:
 * `{tiles: [{square, letter, blank}], points, words}`, with `words` as
 * preview lists them: for a single tile its run across then its run down;
 * otherwise the run along the line, then the crossing run through each new
 * tile in board order; only runs of two or more letters, each
 * `{word, points (step 1), coimbra, squares}`.
 *
 * A position with a blank has thousands of plays, so what many plays hold
 * alike is built once per call and shared, frozen: each tile object, each
 * word with a single new tile (crossing words, single-tile plays) and each
 * list of squares. Each play still has its own object, tiles list and words list.
 */
import { tileLetter } from "./letters.js";
import { runAround } from "./grid.js";

/** What building plays needs: the board with room to lay a play's tiles over it, and the shared parts. */
export function playBuilder(setup, words) {
  const { grid, tables } = setup;
  return {
    grid, tables, words,
    letters: Int8Array.from(grid.code), // the board's letter codes, then a play's laid over them
    newValue: new Int32Array(grid.size * grid.size).fill(-1), // a new tile's value, −1 elsewhere
    tiles: new Map(), // tile key → its frozen object
    singles: new Map(), // tile key·2 + (down ? 1 : 0) → the frozen word through it alone, or null
    squareLists: new Map(), // (first·64 + last)·2 + (down ? 1 : 0) → frozen square names
    run: { first: 0, last: 0 },
    charCodes: [], // a word's letters as char codes, reused
    formed: [], // a play's words, reused
    alphabetCodes: Array.from(tables.alphabet, (letter) => letter.charCodeAt(0)),
  };
}

/** The frozen `{square, letter, blank}` of a tile key (recorder.js). */
function tileObject(builder, key) {
  let tile = builder.tiles.get(key);
  if (!tile) {
    const square = builder.grid.names[key >> 7];
    tile = Object.freeze({ square, letter: tileLetter(builder.tables, ((key >> 1) & 1) === 1, (key >> 2) & 31), blank: (key & 1) === 1 });
    builder.tiles.set(key, tile);
  }
  return tile;
}

function valueOfKey(tables, key) {
  if (key & 1) return tables.kindValue[tables.blank];
  return tables.kindValue[(key >> 1) & 1 ? tables.cedilla : (key >> 2) & 31];
}

function squareList(builder, first, last, step) {
  const id = (first * 64 + last) * 2 + (step === 1 ? 0 : 1);
  let squares = builder.squareLists.get(id);
  if (!squares) {
    squares = [];
    for (let i = first; i <= last; i += step) squares.push(builder.grid.names[i]);
    builder.squareLists.set(id, Object.freeze(squares));
  }
  return squares;
}

/** The word through `index` along `step` with its step-1 points, or null under two letters. */
function wordThrough(builder, index, step) {
  const { grid, letters, newValue, charCodes, alphabetCodes } = builder;
  const { first, last } = runAround(grid.size, letters, index, step, builder.run);
  if (first === last) return null;
  let sum = 0;
  let multiplier = 1;
  charCodes.length = 0;
  for (let i = first; i <= last; i += step) {
    charCodes.push(alphabetCodes[letters[i]]);
    if (newValue[i] < 0) {
      sum += grid.value[i];
    } else {
      sum += newValue[i] * grid.letterMult[i];
      multiplier *= grid.wordMult[i];
    }
  }
  const word = String.fromCharCode.apply(null, charCodes);
  const squares = squareList(builder, first, last, step);
  return { word, points: sum * multiplier, coimbra: Boolean(builder.words.isCoimbra(word)), squares };
}

/** The word through a new tile that is the only new one in it (shared between plays). */
function singleTileWord(builder, key, step) {
  const id = key * 2 + (step === 1 ? 0 : 1);
  let word = builder.singles.get(id);
  if (word === undefined) {
    word = wordThrough(builder, key >> 7, step);
    if (word) Object.freeze(word);
    builder.singles.set(id, word);
  }
  return word;
}

/**
 * The words of the play whose tile keys are data[from..to) (laid on `letters`), in
 * preview's order: gathered in a reused list, then copied to one of the exact length.
 */
function wordsFormed(builder, data, from, to) {
  const size = builder.grid.size;
  const formed = builder.formed;
  formed.length = 0;
  const first = data[from] >> 7;
  if (to - from === 1) {
    const across = singleTileWord(builder, data[from], 1);
    const down = singleTileWord(builder, data[from], size);
    if (across) formed.push(across);
    if (down) formed.push(down);
    return formed.slice();
  }
  const across = Math.floor((data[from + 1] >> 7) / size) === Math.floor(first / size);
  formed.push(wordThrough(builder, first, across ? 1 : size));
  for (let k = from; k < to; k++) {
    const word = singleTileWord(builder, data[k], across ? size : 1);
    if (word) formed.push(word);
  }
  return formed.slice();
}

/** The play kept at `at` of `data`, as legalPlays returns it. */
export function buildPlay(builder, data, at) {
  const { tables, letters, newValue } = builder;
  const from = at + 2;
  const to = from + data[at + 1];
  const tiles = new Array(to - from);
  for (let k = from; k < to; k++) {
    const key = data[k];
    letters[key >> 7] = (key >> 2) & 31;
    newValue[key >> 7] = valueOfKey(tables, key);
    tiles[k - from] = tileObject(builder, key);
  }
  const words = wordsFormed(builder, data, from, to);
  for (let k = from; k < to; k++) {
    letters[data[k] >> 7] = -1;
    newValue[data[k] >> 7] = -1;
  }
  return { tiles, points: data[at], words };
}
