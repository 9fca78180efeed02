// opponentStandings: where each opponent stood after each of its turns (plays and passes), as
// the game page's line shows it during the player's run. Checked against the opponent's whole
// run (opponentRun) replayed action by action on real towers.
import assert from "node:assert/strict";
import { test } from "node:test";

import { wordLookup } from "../../../site_src/js/dawg.js";
import { apply, newRun, OPPONENT_LEVELS, opponentRun, opponentStandings } from "../../../site_src/js/engine/index.js";
import { realCommonDawg } from "../helpers/common-words.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";

const constants = loadDistConstants();
const words = wordLookup(realWords().dawg, realCommonDawg());
const days = sampleDays(12);

/** The standings read off the run's actions: one entry per history entry, after it. */
function replayedStandings(day, actions) {
  let state = newRun(day, constants);
  const seen = [{ floor: 1, total: 0, won: false }];
  for (const action of actions) {
    state = apply(state, action, words).state;
    if (state.history.length > seen.length - 1) seen.push({ floor: state.floor + 1, total: state.total, won: state.phase === "won" });
  }
  return seen;
}

test("each opponent's standing after each of its turns is where its whole run stood then", () => {
  for (const day of days) {
    for (const level of OPPONENT_LEVELS) {
      const run = opponentRun(day, constants, words, level);
      const standings = opponentStandings(day, constants, words, level);
      assert.deepEqual(standings, replayedStandings(day, run.actions), `${day.date} ${level}`);
      assert.deepEqual(standings.at(-1), { floor: run.floor, total: run.total, won: run.won }, `${day.date} ${level}: its end`);
    }
  }
});

test("before its first turn an opponent is on the 1st floor with no points", () => {
  assert.deepEqual(opponentStandings(days[0], constants, words, "dux")[0], { floor: 1, total: 0, won: false });
});

test("an unknown level or a word list without common words is refused", () => {
  assert.throws(() => opponentStandings(days[0], constants, words, "reitor"), TypeError);
  assert.throws(() => opponentStandings(days[0], constants, { ...words, isCommon: undefined }, "dux"), TypeError);
});
