// Whole real days played to the end by a simple player (the best-scoring play
// by brute force over the hand, with the real DAWG), then the summary checked.
import assert from "node:assert/strict";
import { test } from "node:test";

import { apply, newRun, replay, summary } from "../../../site_src/js/engine/index.js";
import { bestPlay } from "../helpers/best-play.mjs";
import { loadDistConstants, realWords, sampleDays } from "../helpers/real-dist.mjs";

const constants = loadDistConstants();
const { dawg, words } = realWords();

/** The player's next actions: helps first, then the best play, else exchange or pass. */
function nextActions(state) {
  if (state.phase === "trunfo") return [{ type: "chooseTrunfo", id: state.offer[0] }];
  for (const id of ["jogada", "dobro", "branca"]) {
    if (state.helps.includes(id) && !(id === "dobro" && state.dobro)) return [{ type: "useHelp", id }];
  }
  const best = bestPlay(state, dawg, words);
  if (best) {
    return [
      ...best.placements.map(({ tile, square, letter }) => (tile.letter === constants.blank.letter
        ? { type: "place", tile: tile.id, square, letter } : { type: "place", tile: tile.id, square })),
      { type: "play" },
    ];
  }
  const tiles = state.hand.filter((t) => t.letter !== constants.blank.letter).map((t) => t.id).slice(0, state.bagCount);
  if (state.exchangesLeft > 0 && tiles.length > 0) return [{ type: "exchange", tiles }];
  return [{ type: "pass" }];
}

function playDay(day) {
  let state = newRun(day, constants);
  const log = [];
  const points = [];
  while (state.phase === "play" || state.phase === "trunfo") {
    for (const action of nextActions(state)) {
      const result = apply(state, action, words);
      assert.equal(result.ok, true, `${day.date}: ${JSON.stringify(action)} refused: ${result.message}`);
      assert.notEqual(result.events[0]?.type, "rejected", "the brute force only finds valid plays");
      const played = result.events.find((e) => e.type === "played");
      if (played) points.push(played.points);
      log.push(action);
      state = result.state;
    }
  }
  return { state, log, points };
}

test("a whole real day played to the end gives a consistent summary", () => {
  const reached = [];
  for (const day of sampleDays(3)) {
    const { state, log, points } = playDay(day);
    const result = summary(state);
    assert.equal(result.won, state.phase === "won");
    assert.equal(result.floorReached, state.floor + 1);
    assert.equal(result.floors.length, result.floorReached);
    assert.equal(result.total, points.reduce((a, b) => a + b, 0));
    assert.equal(result.total, result.floors.reduce((a, b) => a + b, 0));
    result.floors.slice(0, -1).forEach((score, i) => assert.ok(score >= constants.targets[i], `floor ${i + 1} climbed`));
    if (!result.won) assert.ok(result.floors.at(-1) < constants.targets[state.floor]);
    assert.equal(result.bestPlay.points, Math.max(...points));
    assert.equal(result.trunfos.length, result.floorReached - 1, "one trunfo per climb below the top");
    assert.equal(result.plays, state.history.length);
    const again = replay(day, constants, log, words);
    assert.equal(again.ok, true);
    assert.deepEqual(summary(again.state), result);
    reached.push(result.floorReached);
  }
  assert.ok(Math.max(...reached) >= 2, `the best-play strategy never climbed: ${reached}`);
});
