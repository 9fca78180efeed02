/**
 * What to do with each play the walk finds (macondo's "play recorder"): keep
 * them all, or keep only the best one whose words are short enough. A play
 * is kept as ints (play_order.js): [points, tile count, flags, tile keys…].
 */
import { FLAGS, KEYS, POINTS, TILES, comparePlays, sortPlays, tileKey } from "./play_order.js";

/** Write the walk's current play at `at` of `data`; returns the index just past it. */
function writePlay(walk, points, flags, data, at) {
  const tiles = walk.depth;
  data[at + POINTS] = points;
  data[at + TILES] = tiles;
  data[at + FLAGS] = flags;
  for (let k = 0; k < tiles; k++) {
    const kind = walk.kinds[k];
    data[at + KEYS + k] = tileKey(walk.squares[k], walk.letters[k], kind === walk.cedilla ? 1 : 0, kind === walk.blank ? 1 : 0);
  }
  return at + KEYS + tiles;
}

/** Keeps every play; `sortedStarts()` gives where each starts in `data`, in the plays' order. */
export class AllPlays {
  constructor() {
    this.data = new Int32Array(4096);
    this.end = 0;
    this.starts = [];
  }

  record(walk, points, longestWord, flags) {
    if (this.end + KEYS + walk.size > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.starts.push(this.end);
    this.end = writePlay(walk, points, flags, this.data, this.end);
  }

  sortedStarts() {
    return sortPlays(this.data, this.starts);
  }
}

/** Keeps the first play in the plays' order whose words all have at most `maxWordLength` letters. */
export class BestPlay {
  constructor(maxWordLength, boardSize) {
    this.maxWordLength = maxWordLength;
    this.data = new Int32Array(KEYS + boardSize);
    this.candidate = new Int32Array(KEYS + boardSize);
    this.found = false;
  }

  record(walk, points, longestWord, flags) {
    if (longestWord > this.maxWordLength) return;
    writePlay(walk, points, flags, this.candidate, 0);
    if (this.found && comparePlays(this.candidate, 0, this.data, 0) >= 0) return;
    const best = this.candidate;
    this.candidate = this.data;
    this.data = best;
    this.found = true;
  }
}

const UNKNOWN = 0;
const COMMON = 1;
const UNCOMMON = 2;

// Answers of words.isCommon kept between calls (the analysis asks it at every row), per
// words object; started afresh past CACHE_LIMIT words so it never grows without bound.
const CACHE_LIMIT = 65536;
const commonCaches = new WeakMap();

function commonCache(words) {
  let cache = commonCaches.get(words);
  if (!cache || cache.size > CACHE_LIMIT) {
    cache = new Map();
    commonCaches.set(words, cache);
  }
  return cache;
}

/**
 * Keeps the first play in the plays' order whose every word, crossing words included, is
 * common (`words.isCommon`). A play is checked only when it would come before the one kept,
 * so most plays cost one comparison; a crossing word's answer is kept per square, direction
 * and letter, a main word's per word.
 */
export class CommonBestPlay {
  constructor(words, grid, alphabet) {
    this.isCommon = words.isCommon;
    this.cache = commonCache(words);
    this.grid = grid;
    this.alphabet = alphabet;
    this.crossAnswers = new Int8Array(2 * grid.size * grid.size * 32); // (direction, square, letter) → UNKNOWN…
    this.data = new Int32Array(KEYS + grid.size);
    this.candidate = new Int32Array(KEYS + grid.size);
    this.found = false;
  }

  record(walk, points, longestWord, flags) {
    if (this.found && points < this.data[POINTS]) return;
    writePlay(walk, points, flags, this.candidate, 0);
    if (this.found && comparePlays(this.candidate, 0, this.data, 0) >= 0) return;
    if (!this.crossingsCommon(walk) || !this.common(this.mainWord(walk))) return;
    const best = this.candidate;
    this.candidate = this.data;
    this.data = best;
    this.found = true;
  }

  common(word) {
    let answer = this.cache.get(word);
    if (answer === undefined) {
      answer = Boolean(this.isCommon(word));
      this.cache.set(word, answer);
    }
    return answer;
  }

  /** The word along the line, wordStart … wordEnd − 1: the board's tiles and the walk's, in line order. */
  mainWord(walk) {
    const { base, stride, wordStart, wordEnd, squares, letters, code } = walk;
    let word = "";
    let k = 0;
    for (let pos = wordStart; pos < wordEnd; pos++) {
      const square = base + pos * stride;
      if (code[square] >= 0) word += this.alphabet[code[square]];
      else word += this.alphabet[letters[k++]];
    }
    return word;
  }

  /** Is the word crossing the line through each new tile (where there is one) common? */
  crossingsCommon(walk) {
    const cross = walk.cross;
    for (let k = 0; k < walk.depth; k++) {
      const square = walk.squares[k];
      if (cross.length[square] === 0) continue;
      const at = ((walk.direction * this.grid.size * this.grid.size) + square) * 32 + walk.letters[k];
      if (this.crossAnswers[at] === UNKNOWN) {
        this.crossAnswers[at] = this.common(this.crossingWord(walk, square, walk.letters[k])) ? COMMON : UNCOMMON;
      }
      if (this.crossAnswers[at] === UNCOMMON) return false;
    }
    return true;
  }

  /** The word across the line through `square` once `letter` is on it. */
  crossingWord(walk, square, letter) {
    const { size, code } = this.grid;
    const step = walk.stride === 1 ? size : 1;
    const sameLine = (a, b) => step === size || Math.floor(a / size) === Math.floor(b / size);
    let first = square;
    while (first - step >= 0 && sameLine(first - step, square) && code[first - step] >= 0) first -= step;
    let word = "";
    for (let i = first; i < size * size && sameLine(i, square) && (i === square || code[i] >= 0); i += step) {
      word += this.alphabet[i === square ? letter : code[i]];
    }
    return word;
  }
}
