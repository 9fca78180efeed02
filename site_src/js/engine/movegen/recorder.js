/**
 * What to do with each play the walk finds (macondo's "play recorder"): keep
 * them all, keep only the best one whose words are short enough, or keep only
 * the best one whose words are all common. A play is kept as ints
 * (play_order.js): [points, tile count, flags, tile keys…].
 */
import { runAround } from "./grid.js";
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

/**
 * Keeps the first play in the plays' order whose words all have at most `maxWordLength` letters
 * and that `accepts` (here every play; CommonBestPlay asks for common words), asked only of a play
 * that would come before the one kept.
 */
export class BestPlay {
  constructor(maxWordLength, boardSize) {
    this.maxWordLength = maxWordLength;
    this.data = new Int32Array(KEYS + boardSize);
    this.candidate = new Int32Array(KEYS + boardSize);
    this.found = false;
  }

  record(walk, points, longestWord, flags) {
    if (longestWord > this.maxWordLength || (this.found && points < this.data[POINTS])) return;
    writePlay(walk, points, flags, this.candidate, 0);
    if (this.found && comparePlays(this.candidate, 0, this.data, 0) >= 0) return;
    if (!this.accepts(walk)) return;
    const best = this.candidate;
    this.candidate = this.data;
    this.data = best;
    this.found = true;
  }

  accepts() {
    return true;
  }
}

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
 * common (`words.isCommon`). Before the walk, `commonCrossings` takes out of the cross-check
 * sets every letter whose crossing word is not common, so the walk never places it; a play
 * is then checked (its word along the line) only when it would come before the one kept.
 */
export class CommonBestPlay extends BestPlay {
  constructor(words, grid, alphabet) {
    super(Infinity, grid.size);
    this.isCommon = words.isCommon;
    this.cache = commonCache(words);
    this.grid = grid;
    this.alphabet = alphabet;
  }

  accepts(walk) {
    return this.common(this.mainWord(walk));
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
    const { base, stride, wordStart, wordEnd, letters, code } = walk;
    let word = "";
    let k = 0;
    for (let pos = wordStart; pos < wordEnd; pos++) {
      const square = base + pos * stride;
      word += this.alphabet[code[square] >= 0 ? code[square] : letters[k++]];
    }
    return word;
  }

  /**
   * Take out of `sets` (cross_sets.js, for plays along rows when `across`) each letter whose
   * crossing word is not common: the walk then places only letters that make common ones.
   */
  commonCrossings(sets, across) {
    const { size, code } = this.grid;
    const step = across ? size : 1;
    const run = { first: 0, last: 0 };
    for (let square = 0; square < size * size; square++) {
      if (sets.length[square] === 0 || sets.allowed[square] === 0) continue;
      const { first, last } = runAround(size, code, square, step, run);
      let before = "";
      let after = "";
      for (let i = first; i < square; i += step) before += this.alphabet[code[i]];
      for (let i = square + step; i <= last; i += step) after += this.alphabet[code[i]];
      for (let mask = sets.allowed[square]; mask !== 0; mask &= mask - 1) {
        const letter = 31 - Math.clz32(mask & -mask);
        if (!this.common(before + this.alphabet[letter] + after)) sets.allowed[square] &= ~(1 << letter);
      }
    }
  }
}
