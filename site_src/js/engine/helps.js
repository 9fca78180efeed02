/**
 * Ajudas: the n-th help earned is day.helps[n] whether or not it fits (at
 * most `help_capacity` held; the overflow is lost but the order advances).
 * Using one never spends a play.
 */
import { refuse } from "./errors.js";
import { newBlank } from "./bag.js";
import { help } from "./rules.js";

/**
 * Earn the next help of the day's order; returns its event, which says why it was earned
 * (`reason`: "coimbra" for a play with a Coimbra word, "margin" for a climb far enough over
 * the target), for the player is told. Mutates `state`.
 */
export function earnHelp(state, reason) {
  const id = state.day.helps[state.helpsEarned];
  if (id === undefined) {
    throw new Error(`engine: day ${state.day.date} ran out of helps after ${state.helpsEarned}`);
  }
  state.helpsEarned += 1;
  const kept = state.helps.length < state.constants.help_capacity;
  if (kept) state.helps.push(id);
  return { type: "helpEarned", id, kept, reason };
}

const EFFECTS = {
  branca(state) {
    state.hand.push(newBlank(state));
  },
  espreitar(state) {
    const count = help(state.constants, "espreitar").tiles;
    state.peek = state.bag.slice(0, count).map((id) => state.day.bag[id]);
  },
  jogada(state) {
    state.playsLeft += help(state.constants, "jogada").plays;
  },
  dobro(state) {
    state.dobro = true;
  },
};

/** Use a held help. Mutates `state`. */
export function useHelp(state, id) {
  if (state.phase !== "play") return refuse("bad_phase");
  const at = state.helps.indexOf(id);
  if (at < 0 || !(id in EFFECTS)) return refuse("help_not_held");
  if (id === "dobro" && state.dobro) return refuse("dobro_waiting");
  state.helps.splice(at, 1);
  EFFECTS[id](state);
  return { ok: true, events: [{ type: "helpUsed", id }] };
}
