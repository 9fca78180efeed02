// The bag as a queue: exchanges return tiles to its back and draw from its front.
import assert from "node:assert/strict";
import { test } from "node:test";

import { apply } from "../../../site_src/js/engine/index.js";
import { applyOk, ids, loadConstants, placeAll, setup } from "../helpers/engine-setup.mjs";

const constants = loadConstants();

test("exchange sends tiles to the back of the bag and draws as many from the front", () => {
  const state = setup({ hand: "OSEUTAMR" });
  const out = [state.hand[1].id, state.hand[4].id];
  const front = state.bag.slice(0, 2);
  const { state: next, events } = applyOk(state, { type: "exchange", tiles: out });
  assert.deepEqual(events, [{ type: "exchanged", count: 2 }]);
  const expected = ids(state.hand);
  expected[1] = front[0];
  expected[4] = front[1];
  assert.deepEqual(ids(next.hand), expected);
  assert.deepEqual(next.bag, [...state.bag.slice(2), ...out]);
  assert.equal(next.bagCount, state.bagCount);
});

test("exchange spends an exchange and no play", () => {
  const state = setup({ hand: "OSEUTAMR" });
  const { state: next } = applyOk(state, { type: "exchange", tiles: [state.hand[0].id] });
  assert.equal(next.exchangesLeft, constants.exchanges - 1);
  assert.equal(next.playsLeft, state.playsLeft);
});

test("no exchange after the run's 3", () => {
  let state = setup({ hand: "OSEUTAMR" });
  for (let i = 0; i < constants.exchanges; i++) {
    state = applyOk(state, { type: "exchange", tiles: [state.hand[0].id] }).state;
  }
  assert.equal(apply(state, { type: "exchange", tiles: [state.hand[0].id] }).code, "no_exchanges");
});

test("grelo makes 5 exchanges in the run and refuses a sixth", () => {
  const extra = constants.trunfos.find((t) => t.id === "grelo").extra_exchanges;
  let state = setup({ hand: "OSEUTAMR", trunfos: ["grelo"], exchangesLeft: constants.exchanges + extra });
  for (let i = 0; i < 5; i++) {
    state = applyOk(state, { type: "exchange", tiles: [state.hand[0].id] }).state;
  }
  assert.equal(constants.exchanges + extra, 5);
  assert.equal(state.exchangesLeft, 0);
  assert.equal(apply(state, { type: "exchange", tiles: [state.hand[0].id] }).code, "no_exchanges");
});

test("the blank can't be exchanged", () => {
  const state = setup({ hand: "?SEUTAMR" });
  assert.equal(apply(state, { type: "exchange", tiles: [state.hand[0].id] }).code, "blank_not_exchangeable");
});

test("exchange with pending tiles is refused", () => {
  const state = placeAll(setup({ hand: "OSEUTAMR" }), [["A4", "O"]]);
  assert.equal(apply(state, { type: "exchange", tiles: [state.hand[0].id] }).code, "pending_tiles");
});

test("exchange asking for more tiles than the bag holds is refused", () => {
  const state = setup({ hand: "OSEUTAMR" });
  state.bag = state.bag.slice(0, 1);
  state.bagCount = 1;
  assert.equal(apply(state, { type: "exchange", tiles: ids(state.hand).slice(0, 2) }).code, "bag_short");
  assert.ok(apply(state, { type: "exchange", tiles: ids(state.hand).slice(0, 1) }).ok);
  state.bag = [];
  state.bagCount = 0;
  assert.equal(apply(state, { type: "exchange", tiles: ids(state.hand).slice(0, 1) }).code, "bag_short");
});

test("exchange of nothing, of repeated or foreign tiles is refused", () => {
  const state = setup({ hand: "OSEUTAMR" });
  assert.equal(apply(state, { type: "exchange", tiles: [] }).code, "no_tiles");
  assert.equal(apply(state, { type: "exchange", tiles: [state.hand[0].id, state.hand[0].id] }).code, "bad_action");
  assert.equal(apply(state, { type: "exchange", tiles: "A" }).code, "bad_action");
  assert.equal(apply(state, { type: "exchange", tiles: [state.bag[0]] }).code, "not_in_hand");
});

test("exchanged tiles come back after the rest of the bag", () => {
  const state = setup({ hand: "OSEUTAMR" });
  const out = state.hand[0].id;
  const next = applyOk(state, { type: "exchange", tiles: [out] }).state;
  assert.equal(next.bag.at(-1), out);
  assert.equal(next.bag.indexOf(out), next.bagCount - 1);
});
