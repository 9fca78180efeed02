/**
 * Letters as the move generator counts them. A letter's code is its index in
 * the word graph's alphabet (23 letters, so a set of letters is one int, bit
 * `code` set). A tile's kind is its letter's code for an ordinary tile, then
 * one kind for Ç (its own tile, read as C) and one for the blank.
 */
import { foldLetter, tileValue } from "../rules.js";

const CEDILLA_LETTER = "Ç";
const cache = new WeakMap(); // word graph → (constants → tables)

function buildTables(constants, graph) {
  const alphabet = graph.alphabet;
  const size = alphabet.length;
  const codeOf = (letter) => {
    const code = alphabet.indexOf(foldLetter(letter));
    if (letter.length !== 1 || code < 0) throw new Error(`engine: the word graph has no letter "${letter}"`);
    return code;
  };
  const cedilla = size;
  const blank = size + 1;
  const kindValue = new Int32Array(size + 2);
  for (const { letter } of constants.tiles) {
    kindValue[letter === CEDILLA_LETTER ? cedilla : codeOf(letter)] = tileValue(constants, letter);
  }
  kindValue[blank] = constants.blank.value;
  let blankMask = 0;
  for (const letter of constants.alphabet) blankMask |= 1 << codeOf(letter);
  return { alphabet, size, codeOf, cedilla, blank, cCode: codeOf(CEDILLA_LETTER), kindValue, blankMask };
}

/**
 * `{alphabet, size, codeOf(letter), cedilla, blank, cCode, kindValue, blankMask}` for a
 * word graph and the constants: `cedilla` and `blank` are the two extra kinds, `cCode`
 * the code Ç reads as, `blankMask` the letters a blank may stand for.
 */
export function letterTables(constants, graph) {
  let byConstants = cache.get(graph);
  if (!byConstants) {
    byConstants = new WeakMap();
    cache.set(graph, byConstants);
  }
  let tables = byConstants.get(constants);
  if (!tables) {
    tables = buildTables(constants, graph);
    byConstants.set(constants, tables);
  }
  return tables;
}

/** The kind of a tile of the hand or of the pending placement. */
export function kindOf(tables, constants, tile) {
  if (tile.blank === true || tile.letter === constants.blank.letter) return tables.blank;
  if (tile.letter === CEDILLA_LETTER) return tables.cedilla;
  return tables.codeOf(tile.letter);
}

/** The letter a placed tile shows: "Ç" for the Ç tile, else the letter of its code. */
export function tileLetter(tables, isCedilla, code) {
  return isCedilla ? CEDILLA_LETTER : tables.alphabet[code];
}
