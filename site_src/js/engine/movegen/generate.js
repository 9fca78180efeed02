/**
 * The move generator's walk (Appel & Jacobson, "The World's Fastest Scrabble
 * Program", 1988), one direction at a time over each line of the board:
 * at every anchor, a left part (tiles from the rack on the empty non-anchor
 * squares just before it, or the tiles already there) walked down the word
 * graph, then extended to the right through the anchor, square by square,
 * with letters the rack can spell and the square's cross-check set allows.
 * The score is carried along as numbers (main word sum and multiplier,
 * crossing words, bonuses) and every complete word is handed to the
 * recorder: nothing is allocated per candidate.
 *
 * A play is found at the first anchor it covers, so once per direction; a
 * single tile is found across, or down when nothing lies beside it across
 * (preview lists its words the same way: across first).
 */
import { leftPartLimit } from "./anchors.js";
import { initMasks, returnTile, takeTile } from "./rack.js";

const ACROSS = 0;
const DOWN = 1;

/** The walk's working state: typed arrays and numbers only, one object per generation. */
function walkState(setup, recorder) {
  const { grid, tables, rates, graph } = setup;
  const walk = {
    graph, recorder, size: grid.size, code: grid.code, value: grid.value,
    letterMult: grid.letterMult, wordMult: grid.wordMult, anchors: setup.anchors,
    direction: ACROSS, base: 0, stride: 1, anchor: 0, wordStart: 0, wordEnd: 0,
    cross: setup.crossSets[ACROSS],
    counts: setup.rack, mask: 0, tileMask: 0, letterCount: tables.size, cCode: tables.cCode,
    cedilla: tables.cedilla, blank: tables.blank, blankMask: tables.blankMask, kindValue: tables.kindValue,
    depth: 0, squares: new Int32Array(grid.size), letters: new Int32Array(grid.size), kinds: new Int32Array(grid.size),
    bingoTiles: rates.bingoTiles, bingoBonus: rates.bingoBonus, perCoimbra: rates.perCoimbra,
    longLength: rates.longLength, perLong: rates.perLong, playMultiplier: rates.playMultiplier,
  };
  initMasks(walk);
  return walk;
}

/**
 * Hand every legal play of the position to the recorder:
 * `recorder.record(walk, points, longestWord, flags)`, flags bit 0 when the word along
 * the line is a Coimbra word, the play's tiles in walk.squares/letters/kinds[0 … depth − 1]
 * (in line order), the word along the line at positions wordStart … wordEnd − 1 of the line
 * `base` + pos·`stride` (walk.direction 0 across, 1 down).
 */
export function generate(setup, recorder) {
  const walk = walkState(setup, recorder);
  for (const direction of [ACROSS, DOWN]) {
    walk.direction = direction;
    walk.cross = setup.crossSets[direction];
    walk.stride = direction === ACROSS ? 1 : walk.size;
    for (let line = 0; line < walk.size; line++) {
      walk.base = direction === ACROSS ? line * walk.size : line;
      walkLine(walk);
    }
  }
}

function walkLine(walk) {
  const { base, stride, size, anchors, code } = walk;
  for (let pos = 0; pos < size; pos++) {
    const square = base + pos * stride;
    if (!anchors[square]) continue;
    walk.anchor = pos;
    if (pos > 0 && code[square - stride] >= 0) extendTilesBefore(walk, pos);
    else leftPart(walk, walk.graph.root, 0, leftPartLimit(anchors, base, stride, pos));
  }
}

/** The anchor follows tiles on the board: they are the left part. */
function extendTilesBefore(walk, pos) {
  const { base, stride, code, value, graph } = walk;
  let start = pos - 1;
  while (start > 0 && code[base + (start - 1) * stride] >= 0) start--;
  let node = graph.root;
  let sum = 0;
  for (let k = start; k < pos && node >= 0; k++) {
    node = graph.next(node, code[base + k * stride]);
    sum += value[base + k * stride];
  }
  if (node < 0) return;
  walk.wordStart = start;
  extendRight(walk, node, pos, sum, 1, 0, 0);
}

/**
 * Left parts of `length` tiles so far (on the stack); each is extended from the anchor,
 * then grown by one more tile while it stays under `limit`.
 */
function leftPart(walk, node, length, limit) {
  extendFromAnchor(walk, node, length);
  if (length >= limit) return;
  let mask = walk.mask & walk.graph.edgeMask(node);
  while (mask !== 0) {
    const bit = mask & -mask;
    mask ^= bit;
    const letter = 31 - Math.clz32(bit);
    const child = walk.graph.next(node, letter);
    for (let option = 0; option < 3; option++) {
      const kind = kindFor(walk, letter, option);
      if (kind < 0) continue;
      takeTile(walk, kind);
      walk.letters[length] = letter;
      walk.kinds[length] = kind;
      walk.depth = length + 1;
      leftPart(walk, child, length + 1, limit);
      walk.depth = length;
      returnTile(walk, kind);
    }
  }
}

/** The kind of tile that spells `letter` as option 0 (its own), 1 (Ç for C) or 2 (the blank), or −1. */
function kindFor(walk, letter, option) {
  const kind = option === 0 ? letter : option === 1 ? walk.cedilla : walk.blank;
  if (option === 1 && letter !== walk.cCode) return -1;
  if (option === 2 && ((walk.blankMask >>> letter) & 1) === 0) return -1;
  return walk.counts[kind] > 0 ? kind : -1;
}

/** Score the left part now that its squares are known (they cross no word), then extend. */
function extendFromAnchor(walk, node, length) {
  const { base, stride, anchor, letterMult, wordMult, kindValue } = walk;
  let sum = 0;
  let multiplier = 1;
  for (let k = 0; k < length; k++) {
    const square = base + (anchor - length + k) * stride;
    walk.squares[k] = square;
    sum += kindValue[walk.kinds[k]] * letterMult[square];
    multiplier *= wordMult[square];
  }
  walk.wordStart = anchor - length;
  extendRight(walk, node, anchor, sum, multiplier, 0, 0);
}

/**
 * Extend the word at `pos`: through a tile on the board, or with each tile of the rack
 * the square allows. `sum`·`multiplier` is the main word so far, `crossing` the points of
 * the crossing words and bonuses so far, `longestCrossing` their longest length.
 */
function extendRight(walk, node, pos, sum, multiplier, crossing, longestCrossing) {
  const square = walk.base + pos * walk.stride;
  if (pos < walk.size && walk.code[square] >= 0) {
    const child = walk.graph.next(node, walk.code[square]);
    if (child >= 0) extendRight(walk, child, pos + 1, sum + walk.value[square], multiplier, crossing, longestCrossing);
    return;
  }
  if (pos > walk.anchor && (node & 3) !== 0) finishWord(walk, node, pos, sum * multiplier + crossing, longestCrossing);
  if (pos === walk.size) return;
  let mask = walk.mask & walk.cross.allowed[square] & walk.graph.edgeMask(node);
  while (mask !== 0) {
    const bit = mask & -mask;
    mask ^= bit;
    const letter = 31 - Math.clz32(bit);
    placeOptions(walk, walk.graph.next(node, letter), pos, square, letter, sum, multiplier, crossing, longestCrossing);
  }
}

/** Put each kind of tile that spells `letter` on `square` and extend past it. */
function placeOptions(walk, child, pos, square, letter, sum, multiplier, crossing, longestCrossing) {
  const { cross, letterMult, wordMult } = walk;
  const depth = walk.depth;
  const crossLength = cross.length[square];
  for (let option = 0; option < 3; option++) {
    const kind = kindFor(walk, letter, option);
    if (kind < 0) continue;
    const letterPoints = walk.kindValue[kind] * letterMult[square];
    let crossed = crossing;
    if (crossLength > 0) {
      crossed += (cross.sum[square] + letterPoints) * wordMult[square];
      if ((cross.coimbra[square] >>> letter) & 1) crossed += walk.perCoimbra;
      if (crossLength >= walk.longLength) crossed += walk.perLong;
    }
    takeTile(walk, kind);
    walk.squares[depth] = square;
    walk.letters[depth] = letter;
    walk.kinds[depth] = kind;
    walk.depth = depth + 1;
    extendRight(walk, child, pos + 1, sum + letterPoints, multiplier * wordMult[square], crossed,
      crossLength > longestCrossing ? crossLength : longestCrossing);
    walk.depth = depth;
    returnTile(walk, kind);
  }
}

/** A word ends before `pos` with tiles placed: add the main word's bonuses and record it. */
function finishWord(walk, node, pos, points, longestCrossing) {
  const length = pos - walk.wordStart;
  const tiles = walk.depth;
  if (length < 2 || tiles === 0) return;
  if (walk.direction === DOWN && tiles === 1 && walk.cross.length[walk.squares[0]] > 0) return; // found across
  if (node & 2) points += walk.perCoimbra;
  if (length >= walk.longLength) points += walk.perLong;
  if (tiles === walk.bingoTiles) points += walk.bingoBonus;
  walk.wordEnd = pos;
  walk.recorder.record(walk, points * walk.playMultiplier, length > longestCrossing ? length : longestCrossing, (node >> 1) & 1);
}
