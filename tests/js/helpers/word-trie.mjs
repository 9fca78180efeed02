/**
 * A small word list for hand-built positions, with the same interface as
 * wordLookup(dawg) in site_src/js/dawg.js: `isWord`, `isCoimbra` and the
 * `graph` the move generator walks (`root`, `alphabet`, `next(node, code)`,
 * `edgeMask(node)`; a node is (id + 1) << 2 | flags, flag 1 a listed word
 * ending there, flag 2 a Coimbra word). A plain trie: one node per prefix.
 */
import { ALPHABET } from "../../../site_src/js/dawg.js";

export function trieWords(list, coimbra = []) {
  const children = [new Int32Array(ALPHABET.length).fill(-1)];
  const masks = [0];
  const flags = [0];
  const add = (word, flag) => {
    let id = 0;
    for (const letter of word) {
      const code = ALPHABET.indexOf(letter);
      if (code < 0) throw new Error(`trieWords: "${word}" has a letter outside ${ALPHABET}`);
      if (children[id][code] < 0) {
        children[id][code] = children.length;
        masks[id] |= 1 << code;
        children.push(new Int32Array(ALPHABET.length).fill(-1));
        masks.push(0);
        flags.push(0);
      }
      id = children[id][code];
    }
    flags[id] |= flag;
  };
  list.forEach((word) => add(word, 1));
  coimbra.forEach((word) => add(word, 2));
  const nodeOf = (id) => ((id + 1) << 2) | flags[id];
  const find = (word) => {
    let id = 0;
    for (const letter of word) {
      id = ALPHABET.includes(letter) ? children[id][ALPHABET.indexOf(letter)] : -1;
      if (id < 0) return 0;
    }
    return flags[id];
  };
  const graph = {
    root: nodeOf(0),
    alphabet: ALPHABET,
    next: (node, code) => {
      const child = children[(node >> 2) - 1][code];
      return child < 0 ? -1 : nodeOf(child);
    },
    edgeMask: (node) => masks[(node >> 2) - 1],
  };
  return { isWord: (w) => (find(w) & 1) !== 0, isCoimbra: (w) => (find(w) & 2) !== 0, graph };
}
