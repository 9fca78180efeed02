// The word graph the move generator walks: the DAWG reader's next/edgeMask
// (site_src/js/dawg.js) against its own child(), on a fresh reader so rows are
// decoded (and their tables grown) during the walk; and the tests' trie word
// list, which must give the same plays as the DAWG.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ALPHABET } from "../../../site_src/js/dawg.js";
import { legalPlays } from "../../../site_src/js/engine/index.js";
import { distDir, loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";
import { realPositions } from "../helpers/real-positions.mjs";
import { trieWords } from "../helpers/word-trie.mjs";

test("every state's edge mask names exactly the letters next() follows, as child() does", () => {
  const { dawg, words } = realWords();
  assert.equal(words.graph, dawg);
  assert.equal(words.graph.alphabet, ALPHABET);
  const seen = new Set([dawg.root]);
  const queue = [dawg.root];
  while (queue.length > 0) {
    const node = queue.pop();
    const mask = dawg.edgeMask(node);
    for (let code = 0; code < ALPHABET.length; code++) {
      const next = dawg.next(node, code);
      assert.equal(next, dawg.child(node, ALPHABET[code]));
      assert.equal(next >= 0, ((mask >>> code) & 1) === 1, `node ${node}, letter ${ALPHABET[code]}`);
      if (next >= 0 && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  assert.ok(seen.size > dawg.header.states, `${seen.size} nodes (states with their end flags) walked`);
});

test("a trie of the same word list gives the same plays as the DAWG", () => {
  const list = readFileSync(join(distDir(), "palavras.txt"), "utf8").split("\n").filter(Boolean).map((w) => w.toUpperCase());
  const coimbra = Object.keys(JSON.parse(readFileSync(join(distDir(), "coimbra.json"), "utf8")));
  const trie = trieWords(list, coimbra);
  const { words } = realWords();
  const positions = realPositions(sampleDays(2), loadDistConstants(), words);
  for (const state of positions) assert.deepEqual(legalPlays(state, trie), legalPlays(state, words));
});
