// Floors: targets, plays, climbing at once with the same hand, losing, winning,
// and the trunfo choice that follows a climb.
import assert from "node:assert/strict";
import { test } from "node:test";

import { apply, newRun, offerKey } from "../../../site_src/js/engine/index.js";
import { applyOk, E, loadConstants, loadFixtureDay, placeAll, setup, wordChecker } from "../helpers/engine-setup.mjs";

const constants = loadConstants();
const day = loadFixtureDay();
const CASA = [E, E, E, ".CASA..", E, E, E]; // + S at F4 = CASAS, 6 points
const WORDS = wordChecker(["CASAS"]);

function playCasas(state) {
  return applyOk(placeAll(state, [["F4", "S"]]), { type: "play" }, WORDS);
}

test("a new run starts on floor 1 with the first target, a full hand and the opener", () => {
  const state = newRun(day, constants);
  assert.equal(state.phase, "play");
  assert.equal(state.floor, 0);
  assert.equal(state.target, constants.targets[0]);
  assert.equal(state.playsLeft, constants.plays_per_floor);
  assert.equal(state.exchangesLeft, constants.exchanges);
  assert.deepEqual(state.hand.map((t) => t.id), [...Array(constants.hand_size).keys()]);
  assert.equal(state.bagCount, constants.bag_size - constants.hand_size);
  const row = state.board.slice(3 * 7, 4 * 7).map((c) => (c ? c.letter : ".")).join("");
  assert.equal(row, ".TUNA..", "opener centred on the middle row");
  assert.equal(state.squares.A1, "3P");
  assert.equal(state.squares.B3, "2L");
});

test("reaching the target climbs at once with the same hand", () => {
  const state = setup({ board: CASA, hand: "SEUTAMOR", floorScore: constants.targets[0] - 6 });
  const { state: next, events } = playCasas(state);
  assert.equal(next.phase, "trunfo");
  assert.equal(next.floor, 1);
  assert.equal(next.target, constants.targets[1]);
  assert.equal(next.floorScore, 0);
  assert.deepEqual(next.floorScores, [constants.targets[0], 0]);
  assert.equal(next.total, 6);
  assert.equal(next.playsLeft, constants.plays_per_floor);
  assert.deepEqual(next.offer, day.offers[""]);
  const refilled = [...state.hand.slice(1).map((t) => t.id), state.bag[0]];
  assert.deepEqual(next.hand.map((t) => t.id), refilled, "hand refilled first, then kept");
  const row = next.board.slice(3 * 7, 4 * 7).map((c) => (c ? c.letter : ".")).join("");
  assert.equal(row, ".FADO..", "the board is the day's next floor");
  assert.equal(next.squares.C3, "3L");
  assert.deepEqual(events.map((e) => e.type), ["played", "drew", "climbed"]);
  assert.deepEqual(events[2], { type: "climbed", floor: 1, offer: day.offers[""] });
});

test("leftover plays are lost on climbing", () => {
  const state = setup({ board: CASA, hand: "SEUTAMOR", floorScore: constants.targets[0] - 6, playsLeft: 3 });
  const next = playCasas(state).state;
  assert.equal(next.playsLeft, constants.plays_per_floor);
});

test("finishing the plays below target ends the run", () => {
  const state = setup({ board: CASA, hand: "SEUTAMOR", playsLeft: 1 });
  const { state: next, events } = playCasas(state);
  assert.equal(next.phase, "lost");
  assert.equal(events.at(-1).type, "lost");
  assert.equal(apply(next, { type: "pass" }).code, "bad_phase");
});

test("passing the last play below target ends the run", () => {
  const state = setup({ hand: "SEUTAMOR", playsLeft: 1 });
  const { state: next, events } = applyOk(state, { type: "pass" });
  assert.equal(next.phase, "lost");
  assert.deepEqual(events, [{ type: "passed" }, { type: "lost" }]);
});

test("the floor's first play is the first of its plays, a pass included", () => {
  const state = setup({ board: CASA, hand: "SEUTAMOR", trunfos: ["latada"], floorPlays: 0 });
  const passed = applyOk(state, { type: "pass" }).state;
  assert.equal(playCasas(passed).events[0].points, 6);
  assert.equal(playCasas(state).events[0].points, 12);
});

test("a rejected first play leaves latada waiting for the floor's first play", () => {
  const state = setup({ board: CASA, hand: "SEUTAMOR", trunfos: ["latada"], floorPlays: 0 });
  const rejected = applyOk(placeAll(state, [["F4", "S"]]), { type: "play" }, wordChecker([])).state;
  assert.equal(rejected.floorPlays, 0);
  assert.equal(playCasas(rejected).events[0].points, 12); // CASAS: 2+1+1+1+1 = 6, × 2
});

test("latada doubles the first play of every floor after the climb", () => {
  const state = setup({ board: CASA, hand: "SEUTAMOR", floorScore: constants.targets[0] - 6 });
  const climbed = { ...playCasas(state).state, offer: ["latada", "fitas", "grelo"] };
  const chosen = applyOk(climbed, { type: "chooseTrunfo", id: "latada" }).state;
  assert.equal(chosen.floorPlays, 0);
  const floor2 = setup({ board: CASA, hand: "SEUTAMOR", trunfos: chosen.trunfos, floor: 1,
    target: constants.targets[1], floorPlays: chosen.floorPlays });
  assert.equal(playCasas(floor2).events[0].points, 12);
});

test("climbing the last floor wins", () => {
  const last = constants.floors - 1;
  const state = setup({ board: CASA, hand: "SEUTAMOR", floor: last, target: constants.targets[last],
    floorScore: constants.targets[last] - 6, floorScores: [1, 2, 3, 4, constants.targets[last] - 6] });
  const { state: next, events } = playCasas(state);
  assert.equal(next.phase, "won");
  assert.equal(next.offer, null);
  assert.equal(next.floor, last);
  assert.equal(events.at(-1).type, "won");
  assert.deepEqual(next.floorScores, [1, 2, 3, 4, constants.targets[last]]);
});

test("climbing 10 or more above the target earns a help", () => {
  const margin = constants.help_climb_margin;
  const state = setup({ board: CASA, hand: "SEUTAMOR", floorScore: constants.targets[0] + margin - 6 });
  const { state: next, events } = playCasas(state);
  assert.deepEqual(events.find((e) => e.type === "helpEarned"), { type: "helpEarned", id: day.helps[0], kept: true, reason: "margin" });
  assert.deepEqual(next.helps, [day.helps[0]]);
  assert.equal(next.helpsEarned, 1);
});

test("climbing less than 10 above the target earns no help", () => {
  const margin = constants.help_climb_margin;
  const state = setup({ board: CASA, hand: "SEUTAMOR", floorScore: constants.targets[0] + margin - 7 });
  const { state: next } = playCasas(state);
  assert.equal(next.phase, "trunfo");
  assert.deepEqual(next.helps, []);
});

function climbed() {
  return playCasas(setup({ board: CASA, hand: "SEUTAMOR", floorScore: constants.targets[0] })).state;
}

test("only choosing a trunfo is allowed while one is offered", () => {
  const state = climbed();
  for (const action of [{ type: "pass" }, { type: "play" }, { type: "shuffle" }, { type: "recallAll" },
    { type: "exchange", tiles: [state.hand[0].id] }, { type: "place", tile: state.hand[0].id, square: "A1" }]) {
    assert.equal(apply(state, action, WORDS).code, "bad_phase", action.type);
  }
  assert.equal(apply(newRun(day, constants), { type: "chooseTrunfo", id: "fitas" }).code, "bad_phase");
});

test("a trunfo not offered is refused", () => {
  const state = climbed();
  const absent = constants.trunfos.map((t) => t.id).find((id) => !state.offer.includes(id));
  assert.equal(apply(state, { type: "chooseTrunfo", id: absent }).code, "not_offered");
});

test("chosen trunfo is kept and play resumes on the new floor", () => {
  const state = climbed();
  const { state: next, events } = applyOk(state, { type: "chooseTrunfo", id: state.offer[0] });
  assert.deepEqual(next.trunfos, [state.offer[0]]);
  assert.equal(next.phase, "play");
  assert.equal(next.offer, null);
  assert.equal(events[0].type, "trunfo");
});

test("offers depend only on the set of trunfos held", () => {
  const state = climbed();
  const next = setup({ board: CASA, hand: "SEUTAMOR", floorScore: constants.targets[0], trunfos: ["serenata", "cabra"] });
  const { state: after } = playCasas(next);
  assert.deepEqual(after.offer, day.offers["cabra+serenata"]);
  assert.equal(offerKey(["serenata", "cabra"]), "cabra+serenata");
  assert.deepEqual(state.offer, day.offers[""]);
});

test("república draws the ninth tile at once", () => {
  const state = { ...climbed(), offer: ["republica", "fitas", "grelo"] };
  const front = state.bag[0];
  const { state: next, events } = applyOk(state, { type: "chooseTrunfo", id: "republica" });
  const size = constants.trunfos.find((t) => t.id === "republica").hand_size;
  assert.equal(next.hand.length, size);
  assert.equal(next.handSize, size);
  assert.equal(next.hand.at(-1).id, front);
  assert.deepEqual(events, [{ type: "trunfo", id: "republica" }, { type: "drew", count: 1 }]);
});

test("república keeps the hand at 9 after each play", () => {
  const state = setup({ board: CASA, hand: "SEUTAMORA", trunfos: ["republica"], handSize: 9 });
  assert.equal(playCasas(state).state.hand.length, 9);
});

test("grelo gives 2 more exchanges", () => {
  const state = { ...climbed(), offer: ["grelo", "fitas", "cabra"] };
  const { state: next } = applyOk(state, { type: "chooseTrunfo", id: "grelo" });
  const extra = constants.trunfos.find((t) => t.id === "grelo").extra_exchanges;
  assert.equal(next.exchangesLeft, state.exchangesLeft + extra);
});
