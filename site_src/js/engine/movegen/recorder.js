/**
 * What to do with each play the walk finds (macondo's "play recorder"): keep
 * them all, or keep only the best one that passes a filter. A play is kept as
 * ints: [points, tile count, one key per tile in board order], where a tile's
 * key orders by square, then letter (alphabet order, Ç right after C), then a
 * real tile before the blank: ((square·32 + letter)·2 + is Ç)·2 + is blank.
 *
 * The order of plays (documented in docs/engine.md): points, highest first;
 * then fewer tiles; then the tiles' keys compared one by one.
 */

/** Write the walk's current play at `at` of `data`; returns the index just past it. */
function writePlay(walk, points, data, at) {
  const tiles = walk.depth;
  data[at] = points;
  data[at + 1] = tiles;
  for (let k = 0; k < tiles; k++) {
    const kind = walk.kinds[k];
    const cedilla = kind === walk.cedilla ? 1 : 0;
    const blank = kind === walk.blank ? 1 : 0;
    data[at + 2 + k] = ((walk.squares[k] * 32 + walk.letters[k]) * 2 + cedilla) * 2 + blank;
  }
  return at + 2 + tiles;
}

/** < 0 when the play at `i` of `a` comes before the one at `j` of `b`, 0 for the same play. */
export function comparePlays(a, i, b, j) {
  if (a[i] !== b[j]) return b[j] - a[i];
  if (a[i + 1] !== b[j + 1]) return a[i + 1] - b[j + 1];
  for (let k = 2; k < a[i + 1] + 2; k++) if (a[i + k] !== b[j + k]) return a[i + k] - b[j + k];
  return 0;
}

/** Keeps every play; `sortedStarts()` gives where each starts in `data`, in the plays' order. */
export class AllPlays {
  constructor() {
    this.data = new Int32Array(4096);
    this.end = 0;
    this.starts = [];
  }

  record(walk, points) {
    if (this.end + walk.size + 2 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.starts.push(this.end);
    this.end = writePlay(walk, points, this.data, this.end);
  }

  /** Where each play starts, in the plays' order: grouped by points, then each group sorted. */
  sortedStarts() {
    const { data, starts } = this;
    let most = 0;
    for (const at of starts) if (data[at] > most) most = data[at];
    // Counting sort by points, highest first (group g holds the plays of most − g points):
    // groupStart[g] is first the end of group g, then, once every play is placed, its start.
    const groupStart = new Int32Array(most + 1);
    for (const at of starts) groupStart[most - data[at]] += 1;
    for (let g = 1; g <= most; g++) groupStart[g] += groupStart[g - 1];
    const sorted = new Int32Array(starts.length);
    for (const at of starts) sorted[--groupStart[most - data[at]]] = at;
    const byTiles = (x, y) => comparePlays(data, x, data, y);
    for (let g = 0; g <= most; g++) {
      const end = g === most ? starts.length : groupStart[g + 1];
      if (end - groupStart[g] > 1) sorted.subarray(groupStart[g], end).sort(byTiles);
    }
    return sorted;
  }
}

/** Keeps the first play in the plays' order whose words all have at most `maxWordLength` letters. */
export class BestPlay {
  constructor(maxWordLength, boardSize) {
    this.maxWordLength = maxWordLength;
    this.data = new Int32Array(boardSize + 2);
    this.candidate = new Int32Array(boardSize + 2);
    this.found = false;
  }

  record(walk, points, longestWord) {
    if (longestWord > this.maxWordLength) return;
    writePlay(walk, points, this.candidate, 0);
    if (this.found && comparePlays(this.candidate, 0, this.data, 0) >= 0) return;
    const best = this.candidate;
    this.candidate = this.data;
    this.data = best;
    this.found = true;
  }
}
