// legalPlays against a brute-force enumeration (tests/js/helpers/best-play.mjs,
// every placement along every line judged and scored by preview) on more than
// 500 positions of real days played by a strong player: hands with Ç, with a
// blank, República's 9 tiles, every trunfo, Latada's first plays, Dobro.
import assert from "node:assert/strict";
import { test } from "node:test";

import { legalPlays } from "../../../site_src/js/engine/index.js";
import { allPlays, playKey } from "../helpers/best-play.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";
import { checkedPositions, holdsBlank as holdsBlankIn } from "../helpers/real-positions.mjs";

const DAYS = 80;
const BLANK_POSITIONS = 30; // the brute force takes ~0.2 s on each: the first 30 are checked
const constants = loadDistConstants();
const { dawg, words } = realWords();

const holdsBlank = (state) => holdsBlankIn(state, constants);
const positions = checkedPositions(sampleDays(DAYS), constants, words, BLANK_POSITIONS);

test("the positions cover Ç, the blank, República's 9 tiles, every trunfo and Dobro", () => {
  const count = (test) => positions.filter(test).length;
  assert.ok(positions.length >= 500, `${positions.length} positions`);
  assert.equal(count(holdsBlank), BLANK_POSITIONS);
  assert.ok(count((s) => s.hand.some((t) => t.letter === "Ç")) >= 30);
  assert.ok(count((s) => s.hand.length === 9) >= 100);
  assert.ok(count((s) => s.dobro) >= 10);
  assert.ok(count((s) => s.trunfos.includes("latada") && s.floorPlays === 0) >= 10);
  for (const { id } of constants.trunfos) assert.ok(count((s) => s.trunfos.includes(id)) >= 20, id);
});

test("legalPlays lists exactly the brute force's plays, with the same points and words", () => {
  let plays = 0;
  for (const state of positions) {
    const where = `${state.day.date} floor ${state.floor + 1}, hand ${state.hand.map((t) => t.letter).join("")}`;
    const fast = legalPlays(state, words);
    const byKey = new Map(fast.map((play) => [playKey(play.tiles), play]));
    assert.equal(byKey.size, fast.length, `${where}: a play listed twice`);
    const slow = allPlays(state, dawg, words);
    for (const play of slow) {
      const found = byKey.get(playKey(play.tiles));
      assert.ok(found, `${where}: ${playKey(play.tiles)} (${play.points}) is missing`);
      assert.equal(found.points, play.points, `${where}: ${playKey(play.tiles)}`);
      assert.deepEqual(found.words, play.words, `${where}: ${playKey(play.tiles)}`);
    }
    assert.equal(fast.length, slow.length, `${where}: legalPlays lists plays the brute force does not`);
    for (let k = 1; k < fast.length; k++) assert.ok(fast[k - 1].points >= fast[k].points, `${where}: sorted by points`);
    plays += fast.length;
  }
  assert.ok(plays > 100000, `${plays} plays compared`);
});
