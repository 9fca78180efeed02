// Properties over thousands of seeded random action sequences on real day
// files ($TORRE_DIST/dias): no tile created or lost, JSON round trips, inputs
// never mutated, replay of the log equals the live state.
import assert from "node:assert/strict";
import { test } from "node:test";

import { apply, newRun, replay, summary } from "../../../site_src/js/engine/index.js";
import { lenientWords, randomAction, randomPicker } from "../helpers/random-actions.mjs";
import { loadDistConstants, sampleDays } from "../helpers/real-dist.mjs";

const SEQUENCES = 2000;
const ACTIONS = 60;
const constants = loadDistConstants();
const days = sampleDays(20);
const words = lenientWords();
const dayTexts = new Map(days.map((day) => [day, JSON.stringify(day)]));
const constantsText = JSON.stringify(constants);

/** Every tile id once: bag + hand + pending + board + earlier boards = 117 + blanks granted. */
function assertTilesAccounted(state) {
  const ids = [
    ...state.bag,
    ...state.hand.map((t) => t.id),
    ...state.pending.map((t) => t.id),
    ...state.board.filter((c) => c && !c.opener).map((c) => c.id),
    ...state.retired,
  ];
  const expected = constants.bag_size + state.blanksGranted;
  assert.equal(ids.length, expected, "tile count");
  assert.equal(new Set(ids).size, expected, "no tile twice");
  assert.ok(ids.every((id) => Number.isInteger(id) && id >= 0 && id < expected), "ids in range");
  assert.equal(state.bagCount, state.bag.length);
}

/** The state without the day and the constants (which are checked once per sequence). */
function mutablePart(state) {
  const { day, constants: shared, ...rest } = state;
  return rest;
}

function assertConsistent(state) {
  assert.ok(["play", "trunfo", "won", "lost"].includes(state.phase));
  assert.equal(state.total, state.floorScores.reduce((a, b) => a + b, 0));
  const played = state.history.reduce((sum, h) => sum + (h.points || 0), 0);
  assert.equal(state.total, played);
  assert.ok(state.helps.length <= constants.help_capacity);
  assert.ok(state.playsLeft >= 0);
  assert.ok(state.exchangesLeft >= 0);
  assert.equal(state.offer === null, state.phase !== "trunfo");
  if (state.phase === "play") assert.ok(state.floorScore < state.target);
}

test("random action sequences keep every invariant and replay exactly", () => {
  let plays = 0;
  let climbs = 0;
  let wins = 0;
  let refusals = 0;
  for (let seq = 0; seq < SEQUENCES; seq++) {
    const day = days[seq % days.length];
    const rng = randomPicker(`${day.date}/${seq}`);
    let state = newRun(day, constants);
    const log = [];
    for (let step = 0; step < ACTIONS && (state.phase === "play" || state.phase === "trunfo"); step++) {
      const action = randomAction(state, rng);
      const before = JSON.stringify(mutablePart(state));
      const result = apply(state, action, words);
      assert.equal(JSON.stringify(mutablePart(state)), before, "apply mutated its input");
      if (!result.ok) {
        refusals++;
        assert.equal(typeof result.code, "string");
        assert.ok(result.message, `message for ${result.code}`);
        continue;
      }
      log.push(action);
      state = result.state;
      if (result.events.some((e) => e.type === "played")) plays++;
      if (result.events.some((e) => e.type === "climbed")) climbs++;
      if (result.events.some((e) => e.type === "won")) wins++;
      assertTilesAccounted(state);
      assertConsistent(state);
      assert.deepEqual(JSON.parse(JSON.stringify(mutablePart(state))), mutablePart(state), "JSON round trip");
    }
    assert.equal(JSON.stringify(state.day), dayTexts.get(day), "the day file was changed");
    assert.equal(JSON.stringify(state.constants), constantsText, "the constants were changed");
    const again = replay(day, constants, log, words);
    assert.equal(again.ok, true);
    assert.deepEqual(again.state, state, `replay of sequence ${seq}`);
    assert.deepEqual(summary(again.state), summary(state));
  }
  // The sequences must reach the interesting parts of the rules, or the test proves little.
  assert.ok(plays > SEQUENCES, `only ${plays} plays`);
  assert.ok(climbs > SEQUENCES / 10, `only ${climbs} climbs`);
  assert.ok(refusals > 0);
  assert.ok(wins >= 0);
});

test("replay reports the first action that can't be applied", () => {
  const day = days[0];
  const state = newRun(day, constants);
  const actions = [{ type: "shuffle" }, { type: "place", tile: state.hand[0].id, square: "Z9" }];
  const result = replay(day, constants, actions, words);
  assert.equal(result.ok, false);
  assert.equal(result.index, 1);
  assert.equal(result.code, "off_board");
});
