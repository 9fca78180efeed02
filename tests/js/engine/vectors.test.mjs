// The scoring vectors (tests/vectors/scoring.json): one test per rule case,
// checked through preview() and then through apply(play).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { apply, preview } from "../../../site_src/js/engine/index.js";
import { ROOT, placeAll, setup, wordChecker } from "../helpers/engine-setup.mjs";

const { cases } = JSON.parse(readFileSync(join(ROOT, "tests", "vectors", "scoring.json"), "utf8"));

function stateFor(vector) {
  const hand = vector.placement.map((p) => (p.blank ? "?" : p.letter)).join("");
  const state = setup({
    board: vector.board, hand, squares: vector.squares, trunfos: vector.trunfos.slice(),
    dobro: vector.dobro, floorPlays: vector.floorPlaysBefore,
  });
  return placeAll(state, vector.placement.map((p) => (p.blank ? [p.square, "?", p.letter] : [p.square, p.letter])));
}

for (const vector of cases) {
  test(vector.name, () => {
    const state = stateFor(vector);
    const words = wordChecker(vector.words, vector.coimbra);
    const seen = preview(state, words);
    const played = apply(state, { type: "play" }, words);
    if (vector.expect.code) {
      assert.equal(seen.ok, false);
      assert.equal(seen.code, vector.expect.code);
      if (vector.expect.invalidWords) {
        assert.deepEqual(seen.invalidWords, vector.expect.invalidWords);
        assert.equal(played.ok, true);
        assert.deepEqual(played.events, [{ type: "rejected", code: "invalid_words", invalidWords: vector.expect.invalidWords }]);
      } else {
        assert.equal(played.ok, false);
        assert.equal(played.code, vector.expect.code);
      }
      return;
    }
    assert.equal(seen.ok, true, seen.message);
    assert.deepEqual(seen.words.map(({ word, points }) => ({ word, points })), vector.expect.words);
    assert.deepEqual(seen.bonuses, vector.expect.bonuses);
    assert.equal(seen.multiplier, vector.expect.multiplier);
    assert.equal(seen.points, vector.expect.points);
    assert.equal(played.ok, true);
    assert.equal(played.events[0].points, vector.expect.points);
    assert.equal(played.state.total, state.total + vector.expect.points);
  });
}
