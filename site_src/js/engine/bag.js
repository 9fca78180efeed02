/**
 * The bag is a queue of tile ids in the day's order (ids 0–116 are the
 * positions of the day's `bag` string); the hand is refilled from its front,
 * exchanged tiles go to its back. Blanks from the help get ids 117, 118, …
 */
import { refuse } from "./errors.js";
import { holds, tileValue, trunfo } from "./rules.js";

/** The hand tile for a bag id: `{id, letter, value}`. */
export function bagTile(state, id) {
  const letter = state.day.bag[id];
  return { id, letter, value: tileValue(state.constants, letter) };
}

export function isBlankId(state, id) {
  return id >= state.constants.bag_size;
}

/** The hand a blank from "Peça branca" becomes, with the next blank id. */
export function newBlank(state) {
  const id = state.constants.bag_size + state.blanksGranted;
  state.blanksGranted += 1;
  return { id, letter: state.constants.blank.letter, value: state.constants.blank.value };
}

/** The hand size the trunfos held give (stored in `state.handSize` when one is chosen). */
export function handSize(state) {
  return holds(state, "republica")
    ? trunfo(state.constants, "republica").hand_size
    : state.constants.hand_size;
}

/** Draw `count` tiles from the front of the bag (fewer if it runs out). Mutates `state`. */
function draw(state, count) {
  const ids = state.bag.splice(0, Math.max(0, count));
  state.bagCount = state.bag.length;
  if (ids.length > 0) state.peek = null; // what Espreitar showed has left the bag
  return ids.map((id) => bagTile(state, id));
}

/** Refill the hand up to the hand size; returns the events. Mutates `state`. */
export function refill(state) {
  const drawn = draw(state, state.handSize - state.hand.length);
  state.hand.push(...drawn);
  return drawn.length > 0 ? [{ type: "drew", count: drawn.length }] : [];
}

function checkExchange(state, ids) {
  if (state.pending.length > 0) return refuse("pending_tiles");
  if (state.exchangesLeft <= 0) return refuse("no_exchanges");
  if (!Array.isArray(ids) || !ids.every(Number.isInteger)) return refuse("bad_action");
  if (ids.length === 0) return refuse("no_tiles");
  if (new Set(ids).size !== ids.length) return refuse("bad_action");
  const inHand = new Set(state.hand.map((tile) => tile.id));
  if (!ids.every((id) => inHand.has(id))) return refuse("not_in_hand");
  if (ids.some((id) => isBlankId(state, id))) return refuse("blank_not_exchangeable");
  if (ids.length > state.bag.length) return refuse("bag_short");
  return null;
}

/**
 * Exchange: as many tiles drawn from the front as are returned to the back;
 * each drawn tile takes the hand slot of a returned one. Mutates `state`.
 */
export function exchange(state, ids) {
  const refusal = checkExchange(state, ids);
  if (refusal) return refusal;
  const drawn = draw(state, ids.length);
  const returning = new Set(ids);
  let next = 0;
  state.hand = state.hand.map((tile) => (returning.has(tile.id) ? drawn[next++] : tile));
  state.bag.push(...ids);
  state.bagCount = state.bag.length;
  state.exchangesLeft -= 1;
  return { ok: true, events: [{ type: "exchanged", count: ids.length }] };
}
