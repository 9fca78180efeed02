/**
 * Anchors (Appel & Jacobson): the empty squares next to a tile. Every play
 * puts a tile on at least one; the walk starts each play at the first anchor
 * it covers, so no play is found twice in one direction.
 */

/** 1 on each empty square with an orthogonal neighbour on the board, else 0. */
export function anchorsOf(grid) {
  const { size, code } = grid;
  const anchors = new Uint8Array(size * size);
  for (let index = 0; index < size * size; index++) {
    if (code[index] >= 0) continue;
    const col = index % size;
    anchors[index] = (index >= size && code[index - size] >= 0) ||
      (index + size < size * size && code[index + size] >= 0) ||
      (col > 0 && code[index - 1] >= 0) || (col < size - 1 && code[index + 1] >= 0) ? 1 : 0;
  }
  return anchors;
}

/**
 * How many squares a left part may cover before the anchor at `pos` of a line (its
 * squares are base + k·stride): the empty squares just before it that are not anchors.
 * (Going left from an empty square, a tile is never reached before an anchor: the square
 * next to the tile would be one.)
 */
export function leftPartLimit(anchors, base, stride, pos) {
  let limit = 0;
  for (let k = pos - 1; k >= 0 && !anchors[base + k * stride]; k--) limit++;
  return limit;
}
