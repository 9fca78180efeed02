/**
 * Cross-check sets (Appel & Jacobson), computed once per position and
 * direction: for each empty square, which letters the word crossing the line
 * there allows (a bitmask of letter codes), which of them make it a Coimbra
 * word, the face value of its tiles already on the board and its length with
 * the new tile. A square with no tile across the line allows every letter
 * and has no crossing word (length 0).
 */
import { runAround } from "./grid.js";

/** The node after the tiles of squares from..to (step apart), or −1. */
function walkTiles(graph, grid, node, from, to, step) {
  for (let i = from; i <= to && node >= 0; i += step) node = graph.next(node, grid.code[i]);
  return node;
}

/** Fill the sets of one empty square whose crossing run is first..last. */
function crossSquare(sets, graph, grid, index, first, last, step) {
  let sum = 0;
  for (let i = first; i <= last; i += step) if (i !== index) sum += grid.value[i];
  sets.sum[index] = sum;
  sets.length[index] = (last - first) / step + 1;
  const prefix = walkTiles(graph, grid, graph.root, first, index - step, step);
  if (prefix < 0) return;
  for (let letter = 0; letter < graph.alphabet.length; letter++) {
    const node = walkTiles(graph, grid, graph.next(prefix, letter), index + step, last, step);
    if (node < 0 || (node & 3) === 0) continue;
    sets.allowed[index] |= 1 << letter;
    if (node & 2) sets.coimbra[index] |= 1 << letter;
  }
}

/**
 * `{allowed, coimbra, sum, length}` per square for plays along rows (`across`) or
 * columns: the crossing words run the other way.
 */
export function crossSets(grid, graph, across) {
  const count = grid.size * grid.size;
  const step = across ? grid.size : 1;
  const sets = {
    allowed: new Int32Array(count).fill(-1),
    coimbra: new Int32Array(count),
    sum: new Int32Array(count),
    length: new Int8Array(count),
  };
  const run = { first: 0, last: 0 };
  for (let index = 0; index < count; index++) {
    if (grid.code[index] >= 0) continue;
    const { first, last } = runAround(grid.size, grid.code, index, step, run);
    if (first === last) continue;
    sets.allowed[index] = 0;
    crossSquare(sets, graph, grid, index, first, last, step);
  }
  return sets;
}
