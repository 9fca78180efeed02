// The run's analysis (analyseRun) and the par-beaten rule (beatsPar): each row
// checked against the engine replayed up to that play, on real days; the first
// common climb checked by making the common play; the rules on hand-picked results.
import assert from "node:assert/strict";
import { test } from "node:test";

import { wordLookup } from "../../../site_src/js/dawg.js";
import { firstClimb, firstCommonClimb } from "../../../site_src/js/engine/analysis.js";
import {
  analyseRun, apply, beatsPar, bestCommonPlay, bestLegalPlay, newRun, parRun, playActions, playOut, replay,
} from "../../../site_src/js/engine/index.js";
import { testCommonList } from "../helpers/common-words.mjs";
import { commonPlay, medianPlay } from "../helpers/players.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";
import { strongRun } from "../helpers/real-positions.mjs";

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

// The common-word part of the analysis: each row's `common` and the run's firstCommonClimb.
const commonList = testCommonList();
const withCommon = wordLookup(realWords().dawg, commonList);

test("each row's common play is bestCommonPlay of the state just before it, in common words only", () => {
  for (const day of days.slice(0, 2)) {
    for (const player of [medianPlay, commonPlay]) {
      const { actions } = playOut(day, constants, withCommon, player);
      const analysis = analyseRun(day, constants, actions, withCommon);
      const moments = statesBeforePlays(day, actions);
      analysis.plays.forEach((row, i) => {
        const expected = bestCommonPlay(moments[i].state, withCommon);
        assert.equal(row.common?.points, expected?.points, `${day.date} row ${i + 1}`);
        assert.deepEqual(row.common?.words, expected?.words.map((w) => w.word));
        assert.deepEqual(row.common?.tiles, expected?.tiles.map((t) => ({ ...t })));
        if (row.common) assert.ok(row.common.words.every((w) => withCommon.isCommon(w)) && row.best.points >= row.common.points);
      });
      assert.deepEqual(structuredClone(analysis), analysis);
    }
  }
});

test("without a common list every row's common play is null, and so is firstCommonClimb", () => {
  const { actions } = playOut(days[0], constants, withCommon, medianPlay);
  const analysis = analyseRun(days[0], constants, actions, words);
  assert.ok(analysis.plays.every((row) => row.common === null));
  assert.equal(analysis.firstCommonClimb, null);
});

/** The first play or pass of the lost floor where the common play, made there, climbs it: found by making it. */
function climbByPlaying(day, actions) {
  const moments = statesBeforePlays(day, actions);
  const end = replay(day, constants, actions, withCommon).state;
  if (end.phase !== "lost") return null;
  for (let i = 0; i < moments.length; i++) {
    const { state } = moments[i];
    if (state.floor !== end.floor) continue;
    const play = bestCommonPlay(state, withCommon);
    if (!play) continue;
    let after = state;
    for (const action of playActions(state, play)) after = apply(after, action, withCommon).state;
    if (after.floor > state.floor || after.phase === "trunfo" || after.phase === "won") return i;
  }
  return null;
}

test("firstCommonClimb is the first row of the lost floor whose common play, made there, climbs it", () => {
  let found = 0;
  let lost = 0;
  for (const day of sampleDays(12)) {
    const { actions, state } = playOut(day, constants, withCommon, medianPlay);
    const analysis = analyseRun(day, constants, actions, withCommon);
    const index = climbByPlaying(day, actions);
    const climb = analysis.firstCommonClimb;
    assert.equal(climb?.index ?? null, index, day.date);
    if (state.phase === "lost") lost++;
    if (climb === null) continue;
    found++;
    const row = analysis.plays[climb.index];
    assert.deepEqual([climb.floor, climb.number], [row.floor, row.number]);
    assert.equal(climb.floor, analysis.run.floorReached);
    assert.equal(climb.target, constants.targets[climb.floor - 1]);
    assert.ok(climb.floorScore + row.common.points >= climb.target);
  }
  assert.ok(lost >= 6 && found >= 2, `${found} of ${lost} lost runs with a common climb`);
});

test("a won run has no firstCommonClimb, and a run of passes has the first row whose common play reaches the target", () => {
  const won = days.map((day) => strongRun(day, constants, withCommon)).find(({ state }) => state.phase === "won");
  assert.ok(won, "the strong player wins one of the sampled days");
  assert.equal(analyseRun(won.state.day, constants, won.actions, withCommon).firstCommonClimb, null);
  const day = days[2];
  const passes = Array.from({ length: newRun(day, constants).playsLeft }, () => ({ type: "pass" }));
  const analysis = analyseRun(day, constants, passes, withCommon);
  assert.equal(analysis.run.won, false);
  const expected = analysis.plays.findIndex((row) => row.common && row.common.points >= constants.targets[0]);
  assert.equal(analysis.firstCommonClimb?.index ?? -1, expected);
  if (expected >= 0) assert.equal(analysis.firstCommonClimb.floorScore, 0);
});

test("firstCommonClimb, by hand: only the lost floor's rows, a common play needed, the target reached exactly counts", () => {
  const common = (points) => ({ words: ["CASA"], points, tiles: [] });
  const rows = [
    { floor: 1, number: 1, common: common(99) },
    { floor: 2, number: 1, common: null },
    { floor: 2, number: 2, common: common(30) },
    { floor: 2, number: 3, common: common(20) },
  ];
  const befores = [{ floorScore: 0, target: 40 }, ...[10, 10, 20].map((floorScore) => ({ floorScore, target: 40 }))];
  const lostOn2 = { phase: "lost", floor: 1 };
  assert.deepEqual(firstCommonClimb(rows, befores, lostOn2), { index: 2, floor: 2, number: 2, floorScore: 10, target: 40 },
    "row 1 climbs floor 1, not the lost one; row 2 has no common play; 10 + 30 = 40 reaches it");
  const shorter = rows.map((row, i) => (i === 2 ? { ...row, common: common(29) } : row));
  assert.equal(firstCommonClimb(shorter, befores, lostOn2).index, 3, "10 + 29 misses; 20 + 20 reaches it");
  assert.equal(firstCommonClimb(shorter.slice(0, 3), befores, lostOn2), null, "no row reaches it");
  assert.equal(firstCommonClimb(rows, befores, { phase: "won", floor: 4 }), null, "a won run has none");
});

test("firstClimb of the best plays, by hand: the first row of the lost floor whose play in any words climbs it", () => {
  const play = (points) => ({ words: ["ESVAZIO"], points, tiles: [] });
  const rows = [
    { floor: 1, number: 1, common: play(70), best: play(99) },
    { floor: 2, number: 1, common: play(5), best: play(29) },
    { floor: 2, number: 2, common: null, best: play(153) },
  ];
  const befores = [{ floorScore: 0, target: 60 }, { floorScore: 10, target: 120 }, { floorScore: 10, target: 120 }];
  const lostOn2 = { phase: "lost", floor: 1 };
  assert.deepEqual(firstClimb(rows, befores, lostOn2, "best"), { index: 2, floor: 2, number: 2, floorScore: 10, target: 120 },
    "floor 1's row is not the lost floor's; 10 + 29 misses; 10 + 153 climbs, with no common play there");
  assert.equal(firstClimb(rows, befores, lostOn2, "common"), null);
  assert.equal(firstClimb(rows, befores, { phase: "won", floor: 4 }, "best"), null, "a won run has none");
});

test("a run of passes has as firstBestClimb the first row whose best play reaches the target, never after the common one", () => {
  const day = days[2];
  const passes = Array.from({ length: newRun(day, constants).playsLeft }, () => ({ type: "pass" }));
  const analysis = analyseRun(day, constants, passes, withCommon);
  const expected = analysis.plays.findIndex((row) => row.best && row.best.points >= constants.targets[0]);
  assert.equal(analysis.firstBestClimb?.index ?? -1, expected);
  if (analysis.firstCommonClimb) assert.ok(analysis.firstBestClimb.index <= analysis.firstCommonClimb.index);
});
