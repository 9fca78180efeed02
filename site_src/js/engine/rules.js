/**
 * Lookups into the constants JSON (dist/constantes.json). Every number the
 * rules fix is read from there and from nowhere else; results are cached per
 * constants object because the same object is shared by every state of a run.
 */

const cache = new WeakMap();

function derived(constants) {
  let entry = cache.get(constants);
  if (!entry) {
    entry = {
      values: Object.fromEntries(constants.tiles.map((t) => [t.letter, t.value])),
      trunfos: Object.fromEntries(constants.trunfos.map((t) => [t.id, t])),
      helps: Object.fromEntries(constants.helps.map((h) => [h.id, h])),
      alphabet: new Set(constants.alphabet),
    };
    cache.set(constants, entry);
  }
  return entry;
}

/** Face value of a bag letter ("Ç" has its own value). */
export function tileValue(constants, letter) {
  const value = derived(constants).values[letter];
  if (value === undefined) throw new Error(`engine: no tile "${letter}" in the constants`);
  return value;
}

export function isTileLetter(constants, letter) {
  return letter in derived(constants).values;
}

/** The constants' entry of a trunfo (its effect numbers), by id. */
export function trunfo(constants, id) {
  const entry = derived(constants).trunfos[id];
  if (!entry) throw new Error(`engine: no trunfo "${id}" in the constants`);
  return entry;
}

/** The constants' entry of a help, by id. */
export function help(constants, id) {
  const entry = derived(constants).helps[id];
  if (!entry) throw new Error(`engine: no help "${id}" in the constants`);
  return entry;
}

/** Letters a blank may take: the game alphabet (A–Z without K/W/Y; no Ç). */
export function isBlankLetter(constants, letter) {
  return typeof letter === "string" && letter.length === 1 && derived(constants).alphabet.has(letter);
}

/** The letter a tile reads as in words: Ç reads as C. */
export function foldLetter(letter) {
  return letter === "Ç" ? "C" : letter;
}

export function holds(state, trunfoId) {
  return state.trunfos.includes(trunfoId);
}
