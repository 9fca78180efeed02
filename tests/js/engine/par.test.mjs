// The day's par (parRun): its choice in hand-built positions (the best play of
// words of at most 4 letters, ties, passing, the first trunfo), whole runs on
// real days replayed, and the definition checked play by play against legalPlays.
import assert from "node:assert/strict";
import { test } from "node:test";

import { apply, legalPlays, newRun, PAR_WORD_LENGTH, parRun, replay, summary } from "../../../site_src/js/engine/index.js";
import { parActions } from "../../../site_src/js/engine/par.js";
import { E, loadConstants, loadFixtureDay, setup } from "../helpers/engine-setup.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";
import { trieWords } from "../helpers/word-trie.mjs";

const DO = [E, E, E, "..DO...", E, E, E];
const placedSquares = (actions) => actions.filter((a) => a.type === "place").map((a) => a.square);
const isCommon = (play) => play.words.every((w) => w.word.length <= PAR_WORD_LENGTH);

test("the par makes the highest-scoring play whose words have at most 4 letters", () => {
  const state = setup({ board: [E, "A......", E, E, E, E, E], hand: "PARTIDOS" });
  const words = trieWords(["PARTIDO", "PA"]);
  assert.equal(legalPlays(state, words)[0].words[0].word, "PARTIDO", "the best play has 7 letters");
  const actions = parActions(state, words);
  assert.deepEqual(placedSquares(actions), ["A1", "B1"], "PA across and down, 18 points, over PA alone");
  assert.deepEqual(actions.at(-1), { type: "play" });
});

test("between plays of equal points the par takes fewer tiles, then the first square in reading order", () => {
  const state = setup({ board: DO, hand: "SO" });
  const words = trieWords(["DOS", "OS", "SO"]);
  const best = legalPlays(state, words).filter((p) => p.points === 6);
  assert.equal(best.length, 2, "two plays of 6 points");
  assert.deepEqual(placedSquares(parActions(state, words)), ["E3", "E4"]);
});

test("with no play of at most 4 letters the par passes", () => {
  const state = setup({ board: DO, hand: "SES" });
  const words = trieWords(["DOSES"]);
  assert.ok(legalPlays(state, words).length > 0, "DOSES can be played");
  assert.deepEqual(parActions(state, words), [{ type: "pass" }]);
});

test("after a climb the par takes the first trunfo offered", () => {
  const state = setup({ board: DO, hand: "SO", phase: "trunfo", offer: ["grelo", "cabra", "fitas"] });
  assert.deepEqual(parActions(state, trieWords(["DOS"])), [{ type: "chooseTrunfo", id: "grelo" }]);
});

test("a par that never finds a short word passes three times and stays on floor 1", () => {
  const par = parRun(loadFixtureDay(), loadConstants(), trieWords(["TUNAS", "TUNAR"]));
  assert.deepEqual(par, { actions: [{ type: "pass" }, { type: "pass" }, { type: "pass" }], floor: 1, total: 0 });
});

const constants = loadDistConstants();
const { words } = realWords();
const days = sampleDays(8);

test("replaying the par's actions gives its floor and total, as summary reports them", () => {
  for (const day of days) {
    const par = parRun(day, constants, words);
    const again = replay(day, constants, par.actions, words);
    assert.equal(again.ok, true, day.date);
    assert.ok(["won", "lost"].includes(again.state.phase), `${day.date}: the run is over`);
    const { floorReached, total } = summary(again.state);
    assert.deepEqual({ floor: par.floor, total: par.total }, { floor: floorReached, total }, day.date);
    assert.ok(par.actions.every((a) => !["useHelp", "exchange"].includes(a.type)), `${day.date}: no help, no exchange`);
    assert.deepEqual(parRun(day, constants, words), par, `${day.date}: the same par every time`);
  }
});

/** The par's actions cut into turns: [state before, the turn's actions]. */
function turns(day, actions) {
  const out = [];
  let state = newRun(day, constants);
  for (let k = 0; k < actions.length;) {
    const end = actions[k].type === "place" ? actions.findIndex((a, i) => i > k && a.type === "play") + 1 : k + 1;
    out.push([state, actions.slice(k, end)]);
    for (const action of actions.slice(k, end)) state = apply(state, action, words).state;
    k = end;
  }
  return out;
}

test("each turn of the par on real days follows its definition", () => {
  let plays = 0;
  let passes = 0;
  for (const day of days) {
    for (const [state, turn] of turns(day, parRun(day, constants, words).actions)) {
      if (turn[0].type === "chooseTrunfo") {
        assert.equal(turn[0].id, state.offer[0], `${day.date}: the first trunfo offered`);
        continue;
      }
      const common = legalPlays(state, words).find(isCommon);
      if (turn[0].type === "pass") {
        assert.equal(common, undefined, `${day.date}: passed with a short play available`);
        passes++;
      } else {
        const placed = turn.filter((a) => a.type === "place").map((a) => a.square);
        assert.deepEqual(placed, common.tiles.map((t) => t.square), `${day.date}: the best short play`);
        plays++;
      }
    }
  }
  assert.ok(plays > 30, `${plays} plays`);
});
