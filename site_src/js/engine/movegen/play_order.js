/**
 * The order of plays (docs/engine.md): points, highest first; then fewer
 * tiles; then the tiles' keys compared one by one, in board order. A kept
 * play (recorder.js) is ints: [points, tile count, flags, one key per tile],
 * and a tile's key orders by square, then letter (alphabet order, Ç right
 * after C), then a real tile before the blank.
 */

export const POINTS = 0;
export const TILES = 1;
export const FLAGS = 2; // bit 0: the word along the line is a Coimbra word
export const KEYS = 3;

export const SQUARE_LIMIT = 64; // boards up to 8×8
export const KEY_LIMIT = SQUARE_LIMIT * 32 * 4; // every tile key is below this (13 bits)

/** A tile's key: ((square·32 + letter)·2 + is Ç)·2 + is blank. */
export function tileKey(square, letter, isCedilla, isBlank) {
  return ((square * 32 + letter) * 2 + isCedilla) * 2 + isBlank;
}

export const keySquare = (key) => key >> 7;
export const keyLetter = (key) => (key >> 2) & 31;
export const keyIsCedilla = (key) => ((key >> 1) & 1) === 1;
export const keyIsBlank = (key) => (key & 1) === 1;

/** < 0 when the play at `i` of `a` comes before the one at `j` of `b`, 0 for the same play. */
export function comparePlays(a, i, b, j) {
  if (a[i + POINTS] !== b[j + POINTS]) return b[j + POINTS] - a[i + POINTS];
  if (a[i + TILES] !== b[j + TILES]) return a[i + TILES] - b[j + TILES];
  for (let k = KEYS; k < KEYS + a[i + TILES]; k++) if (a[i + k] !== b[j + k]) return a[i + k] - b[j + k];
  return 0;
}

/** The plays starting at `starts` of `data` grouped by points, highest first (a counting sort). */
function byPoints(data, starts) {
  let most = 0;
  for (const at of starts) if (data[at + POINTS] > most) most = data[at + POINTS];
  // groupStart[g] (g = most − points) counts, then ends, then — once every play is placed — starts group g.
  const groupStart = new Int32Array(most + 2);
  for (const at of starts) groupStart[most - data[at + POINTS]] += 1;
  for (let g = 1; g <= most + 1; g++) groupStart[g] += groupStart[g - 1];
  const sorted = new Int32Array(starts.length);
  for (const at of starts) sorted[--groupStart[most - data[at + POINTS]]] = at;
  return { sorted, groupStart, groups: most + 1 };
}

const PREFIX_BITS = KEY_LIMIT;
const INDEX_BITS = 2 ** 16; // a group of more plays is sorted by comparePlays alone
const SMALL_GROUP = 32; // and so is a group of fewer

/** Tile count and the first two keys as one number (30 bits): the order within a group of equal points. */
function prefixOf(data, at) {
  const tiles = data[at + TILES];
  return (tiles * PREFIX_BITS + data[at + KEYS]) * PREFIX_BITS + (tiles > 1 ? data[at + KEYS + 1] : 0);
}

/**
 * Sort sorted[from..to) (plays of equal points): a native sort of numbers (prefix, then
 * place) and comparePlays only where two plays share their prefix.
 */
function sortGroup(data, sorted, from, to, scratch, scratchPrefixes) {
  const count = to - from;
  const compare = (x, y) => comparePlays(data, x, data, y);
  if (count < SMALL_GROUP || count >= INDEX_BITS) {
    sorted.subarray(from, to).sort(compare);
    return;
  }
  const keys = scratch.subarray(0, count);
  for (let k = 0; k < count; k++) keys[k] = prefixOf(data, sorted[from + k]) * INDEX_BITS + k;
  keys.sort();
  const group = sorted.slice(from, to);
  const prefixes = scratchPrefixes.subarray(0, count);
  for (let k = 0; k < count; k++) {
    prefixes[k] = Math.floor(keys[k] / INDEX_BITS);
    sorted[from + k] = group[keys[k] - prefixes[k] * INDEX_BITS];
  }
  for (let k = 0; k < count;) {
    let end = k + 1;
    while (end < count && prefixes[end] === prefixes[k]) end++;
    if (end - k > 1) sorted.subarray(from + k, from + end).sort(compare);
    k = end;
  }
}

/** Where each play starts (`starts` into `data`), in the plays' order, as an Int32Array. */
export function sortPlays(data, starts) {
  const { sorted, groupStart, groups } = byPoints(data, starts);
  const keys = new Float64Array(starts.length);
  const prefixes = new Int32Array(starts.length);
  for (let g = 0; g < groups; g++) {
    if (groupStart[g + 1] - groupStart[g] > 1) sortGroup(data, sorted, groupStart[g], groupStart[g + 1], keys, prefixes);
  }
  return sorted;
}
