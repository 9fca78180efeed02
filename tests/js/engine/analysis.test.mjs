// The run's analysis (analyseRun) and the par-beaten rule (beatsPar): each row
// checked against the engine replayed up to that play, on real days; the rule
// on hand-picked results.
import assert from "node:assert/strict";
import { test } from "node:test";

import { analyseRun, apply, beatsPar, bestLegalPlay, newRun, parRun, replay } from "../../../site_src/js/engine/index.js";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";

const constants = loadDistConstants();
const { words } = realWords();
const days = sampleDays(4);

/** The states right before each play made or pass in `actions`, recomputed step by step. */
function statesBeforePlays(day, actions) {
  let state = newRun(day, constants);
  const found = [];
  for (const action of actions) {
    const result = apply(state, action, words);
    if (action.type === "pass" || result.events.some((e) => e.type === "played")) found.push({ state, result });
    state = result.state;
  }
  return found;
}

test("every play of the run gets a row: its points next to the best legal play of that moment", () => {
  for (const day of days) {
    const { actions } = parRun(day, constants, words);
    const analysis = analyseRun(day, constants, actions, words);
    const moments = statesBeforePlays(day, actions);
    assert.equal(analysis.plays.length, moments.length, day.date);
    analysis.plays.forEach((row, i) => {
      const { state, result } = moments[i];
      const best = bestLegalPlay(state, words);
      assert.equal(row.floor, state.floor + 1);
      assert.equal(row.best?.points, best?.points, `${day.date} row ${i + 1}`);
      assert.deepEqual(row.best?.words, best?.words.map((w) => w.word));
      const played = result.events.find((e) => e.type === "played");
      assert.equal(row.yours?.points, played?.points);
      if (row.yours) assert.ok(row.best.points >= row.yours.points, "nothing beats the best play");
      assert.equal(row.board.length, constants.board_size ** 2);
    });
  }
});

test("a pass is a row with no play of the player's", () => {
  const day = days[0];
  const analysis = analyseRun(day, constants, [{ type: "pass" }], words);
  assert.equal(analysis.plays.length, 1);
  assert.equal(analysis.plays[0].yours, null);
  assert.ok(analysis.plays[0].best.points > 0);
  assert.deepEqual(analysis.plays[0].best.tiles.map((t) => Object.keys(t).sort()), analysis.plays[0].best.tiles.map(() => ["blank", "letter", "square"]));
});

test("the analysis carries the par as parRun and replay give it, and a run equal to the par does not beat it", () => {
  const day = days[1];
  const par = parRun(day, constants, words);
  const analysis = analyseRun(day, constants, par.actions, words);
  const replayed = replay(day, constants, par.actions, words);
  assert.deepEqual(analysis.par, { floor: par.floor, total: par.total, won: replayed.state.phase === "won" });
  assert.equal(analysis.run.total, par.total);
  assert.equal(analysis.beaten, false);
  assert.deepEqual(structuredClone(analysis), analysis, "plain data: it crosses postMessage as it is");
});

test("a log the day refuses is an error, not an analysis", () => {
  assert.throws(() => analyseRun(days[0], constants, [{ type: "play" }], words), /action 1 of the run was refused/);
});

test("beating the par: a higher floor, or the same floor with more points; a won tower beats any lost one", () => {
  const par = { floor: 3, total: 171, won: false };
  const run = (floorReached, total, won = false) => ({ floorReached, total, won });
  assert.equal(beatsPar(run(4, 100), par), true, "higher floor, fewer points");
  assert.equal(beatsPar(run(3, 172), par), true, "same floor, one point more");
  assert.equal(beatsPar(run(3, 171), par), false, "equal is not beaten");
  assert.equal(beatsPar(run(2, 500), par), false, "a lower floor loses whatever the points");
  const lastFloor = { floor: 5, total: 900, won: false };
  assert.equal(beatsPar(run(5, 400, true), lastFloor), true, "a won tower beats a par lost on the last floor");
  assert.equal(beatsPar(run(5, 950), { floor: 5, total: 600, won: true }), false, "a lost run never beats a won par");
  assert.equal(beatsPar(run(5, 950, true), { floor: 5, total: 600, won: true }), true);
});
