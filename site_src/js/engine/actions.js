/**
 * apply(state, action, words): the one entry point that changes a run. It
 * never mutates its input: it works on a copy and returns the new state with
 * the events the page announces, or a refusal.
 */
import { exchange } from "./bag.js";
import { refuse } from "./errors.js";
import { useHelp } from "./helps.js";
import { shuffled } from "./rng.js";
import { towerKey } from "./day.js";
import { cloneState, newRun } from "./state.js";
import { chooseTrunfo } from "./trunfos.js";
import { pass, place, play, recall, recallAll } from "./turn.js";

/** Shuffle: a permutation derived from the tower (day or practice) and the action count only. */
function shuffle(state) {
  const seed = `a-torre/${towerKey(state.day)}/${state.day.version}/shuffle/${state.actionCount}`;
  state.hand = shuffled(state.hand, seed);
  return { ok: true, events: [] };
}

/** Arrange: one hand tile moved to position `slot` of the hand (a drag in the hand). */
function arrange(state, action) {
  const from = state.hand.findIndex((tile) => tile.id === action.tile);
  if (from < 0) return refuse("not_in_hand");
  if (!Number.isInteger(action.slot) || action.slot < 0 || action.slot >= state.hand.length) return refuse("bad_action");
  const [tile] = state.hand.splice(from, 1);
  state.hand.splice(action.slot, 0, tile);
  return { ok: true, events: [] };
}

function inPlay(handler) {
  return (state, action, words) => (state.phase === "play" ? handler(state, action, words) : refuse("bad_phase"));
}

const HANDLERS = {
  place: (state, action) => place(state, action),
  recall: (state, action) => recall(state, action),
  recallAll: inPlay((state) => recallAll(state)),
  play: (state, _action, words) => play(state, words),
  pass: (state) => pass(state),
  shuffle: inPlay((state) => shuffle(state)),
  arrange: inPlay((state, action) => arrange(state, action)),
  exchange: inPlay((state, action) => exchange(state, action.tiles)),
  chooseTrunfo: (state, action) => chooseTrunfo(state, action.id),
  useHelp: (state, action) => useHelp(state, action.id),
};

/** `{ok:true, state, events}` or `{ok:false, code, message}`; throws on an unknown action type. */
export function apply(state, action, words) {
  if (!action || typeof action !== "object" || !Object.hasOwn(HANDLERS, action.type)) {
    throw new TypeError(`engine: unknown action ${JSON.stringify(action)}`);
  }
  const next = cloneState(state);
  const result = HANDLERS[action.type](next, action, words);
  if (!result.ok) return result;
  if (action.type !== "play" || result.events[0]?.type !== "rejected") next.lastRejection = null;
  next.actionCount += 1;
  return { ok: true, state: next, events: result.events };
}

/** newRun + apply of every action in order: the same state as live play. */
export function replay(day, constants, actions, words) {
  let state = newRun(day, constants);
  for (let index = 0; index < actions.length; index++) {
    const result = apply(state, actions[index], words);
    if (!result.ok) return { ok: false, index, code: result.code, message: result.message };
    state = result.state;
  }
  return { ok: true, state };
}
