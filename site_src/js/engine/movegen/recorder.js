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
