/**
 * Trunfos: the offer after a climb comes from the day file, keyed by the
 * ids already held, sorted and joined with "+" ("" for none), so two players
 * holding the same set on the same day are offered the same three.
 */
import { refuse } from "./errors.js";
import { handSize, refill } from "./bag.js";
import { trunfo } from "./rules.js";

export function offerKey(held) {
  return held.slice().sort().join("+");
}

export function offerFor(state) {
  const offer = state.day.offers[offerKey(state.trunfos)];
  if (!Array.isArray(offer)) {
    throw new Error(`engine: day ${state.day.date} has no offer for "${offerKey(state.trunfos)}"`);
  }
  return offer.slice();
}

/** Take a trunfo from the offer; República fills the hand at once. Mutates `state`. */
export function chooseTrunfo(state, id) {
  if (state.phase !== "trunfo") return refuse("bad_phase");
  if (!state.offer.includes(id)) return refuse("not_offered");
  state.trunfos.push(id);
  state.handSize = handSize(state);
  state.offer = null;
  state.phase = "play";
  const events = [{ type: "trunfo", id }];
  if (id === "grelo") state.exchangesLeft += trunfo(state.constants, "grelo").extra_exchanges;
  if (id === "republica") events.push(...refill(state));
  return { ok: true, events };
}
