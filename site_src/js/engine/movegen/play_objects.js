/**
 * Kept plays (recorder.js) turned into what legalPlays returns:
 * `{tiles: [{square, letter, blank}], points, words}`, with `words` as
 * preview lists them: for a single tile its run across then its run down;
 * otherwise the run along the line, then the crossing run through each new
 * tile in board order; only runs of two or more letters, each
 * `{word, points (step 1), coimbra, squares}`.
 *
 * A position with a blank has thousands of plays, so what many plays hold
 * alike is built once and shared, frozen: each tile object and each list of
 * squares (once for all calls), each word with a single new tile (crossing
 * words, single-tile plays; once per call). Each play still has its own
 * object, tiles list and words list. They are found in flat tables indexed by
 * tile key (a Map lookup per tile cost a third of the building).
 */
import { tileLetter } from "./letters.js";
import { runAround } from "./grid.js";
import { FLAGS, KEYS, KEY_LIMIT, POINTS, SQUARE_LIMIT, TILES, keyIsBlank, keyIsCedilla, keyLetter, keySquare } from "./play_order.js";

// The tables kept from call to call, one set per letter tables (letters.js: one per word
// graph and constants): tile objects and square lists, which depend on nothing else, and
// the table of single-tile words, whose entries count only for the call they are stamped with.
const lasting = new WeakMap();

function lastingParts(tables) {
  let parts = lasting.get(tables);
  if (!parts) {
    parts = {
      tiles: new Array(KEY_LIMIT).fill(null), // tile key → its frozen object
      squareLists: new Array(2 * SQUARE_LIMIT * SQUARE_LIMIT).fill(null), // see squareList
      singles: new Array(2 * KEY_LIMIT).fill(null), // see singleTileWord
      singlesCall: new Int32Array(2 * KEY_LIMIT), // the call each entry of `singles` belongs to
      calls: 0,
    };
    lasting.set(tables, parts);
  }
  return parts;
}

/** What building plays needs: the board with room to lay a play's tiles over it, and the shared parts. */
export function playBuilder(setup, words) {
  const { grid, tables } = setup;
  const parts = lastingParts(tables);
  parts.calls += 1;
  return {
    grid, tables, words, parts, tiles: parts.tiles, squareLists: parts.squareLists,
    letters: Int8Array.from(grid.code), // the board's letter codes, then a play's laid over them
    newValue: new Int32Array(grid.size * grid.size).fill(-1), // a new tile's value, −1 elsewhere
    run: { first: 0, last: 0 },
    // A word's char codes, in a reused array of its length (so no length is ever set).
    charCodes: Array.from({ length: grid.size + 1 }, (_, length) => new Array(length).fill(0)),
    alphabetCodes: Array.from(tables.alphabet, (letter) => letter.charCodeAt(0)),
    formed: new Array(grid.size + 1), // a play's words before they are copied to their own list
  };
}

/** The frozen `{square, letter, blank}` of a tile key (play_order.js). */
function tileObject(builder, key) {
  let tile = builder.tiles[key];
  if (tile === null) {
    tile = Object.freeze({
      square: builder.grid.names[keySquare(key)],
      letter: tileLetter(builder.tables, keyIsCedilla(key), keyLetter(key)),
      blank: keyIsBlank(key),
    });
    builder.tiles[key] = tile;
  }
  return tile;
}

function valueOfKey(tables, key) {
  if (keyIsBlank(key)) return tables.kindValue[tables.blank];
  return tables.kindValue[keyIsCedilla(key) ? tables.cedilla : keyLetter(key)];
}

/** The frozen names of the squares first … last, `step` apart (shared by every word on them). */
function squareList(builder, first, last, step) {
  const id = (first * SQUARE_LIMIT + last) * 2 + (step === 1 ? 0 : 1);
  let squares = builder.squareLists[id];
  if (squares === null) {
    squares = [];
    for (let i = first; i <= last; i += step) squares.push(builder.grid.names[i]);
    builder.squareLists[id] = Object.freeze(squares);
  }
  return squares;
}

/**
 * The word through `index` along `step` with its step-1 points, or null under two letters;
 * `coimbra` is 1 or 0 when the walk knows it, −1 to ask the word list.
 */
function wordThrough(builder, index, step, coimbra) {
  const { grid, letters, newValue, alphabetCodes } = builder;
  const { first, last } = runAround(grid.size, letters, index, step, builder.run);
  if (first === last) return null;
  const charCodes = builder.charCodes[(last - first) / step + 1];
  let sum = 0;
  let multiplier = 1;
  for (let i = first, k = 0; i <= last; i += step, k++) {
    charCodes[k] = alphabetCodes[letters[i]];
    if (newValue[i] < 0) {
      sum += grid.value[i];
    } else {
      sum += newValue[i] * grid.letterMult[i];
      multiplier *= grid.wordMult[i];
    }
  }
  const word = String.fromCharCode.apply(null, charCodes);
  const isCoimbra = coimbra < 0 ? Boolean(builder.words.isCoimbra(word)) : coimbra === 1;
  return { word, points: sum * multiplier, coimbra: isCoimbra, squares: squareList(builder, first, last, step) };
}

/**
 * The word through a new tile that is the only new one in it, or null: shared between the
 * plays of one call (entry key·2 + (down ? 1 : 0), valid while it is stamped with the call).
 */
function singleTileWord(builder, key, step) {
  const { parts } = builder;
  const id = key * 2 + (step === 1 ? 0 : 1);
  if (parts.singlesCall[id] === parts.calls) return parts.singles[id];
  const word = wordThrough(builder, keySquare(key), step, -1);
  parts.singles[id] = word && Object.freeze(word);
  parts.singlesCall[id] = parts.calls;
  return parts.singles[id];
}

/** The first `count` of builder.formed in a list of their own. */
function formedList(builder, count) {
  const list = new Array(count);
  for (let k = 0; k < count; k++) list[k] = builder.formed[k];
  return list;
}

/** The words of the play kept at `at` (its tiles laid on `letters`), in preview's order. */
function wordsFormed(builder, data, at) {
  const size = builder.grid.size;
  const from = at + KEYS;
  const to = from + data[at + TILES];
  const formed = builder.formed;
  let count = 0;
  if (to - from === 1) {
    const across = singleTileWord(builder, data[from], 1);
    const down = singleTileWord(builder, data[from], size);
    if (across) formed[count++] = across;
    if (down) formed[count++] = down;
    return formedList(builder, count);
  }
  const first = keySquare(data[from]);
  const acrossLine = Math.floor(keySquare(data[from + 1]) / size) === Math.floor(first / size);
  formed[count++] = wordThrough(builder, first, acrossLine ? 1 : size, data[at + FLAGS] & 1);
  for (let k = from; k < to; k++) {
    const word = singleTileWord(builder, data[k], acrossLine ? size : 1);
    if (word) formed[count++] = word;
  }
  return formedList(builder, count);
}

/** The play kept at `at` of `data`, as legalPlays returns it. */
export function buildPlay(builder, data, at) {
  const { tables, letters, newValue } = builder;
  const from = at + KEYS;
  const to = from + data[at + TILES];
  const tiles = new Array(to - from);
  for (let k = from; k < to; k++) {
    const key = data[k];
    letters[keySquare(key)] = keyLetter(key);
    newValue[keySquare(key)] = valueOfKey(tables, key);
    tiles[k - from] = tileObject(builder, key);
  }
  const words = wordsFormed(builder, data, at);
  for (let k = from; k < to; k++) {
    letters[keySquare(data[k])] = -1;
    newValue[keySquare(data[k])] = -1;
  }
  return { tiles, points: data[at + POINTS], words };
}
