/**
 * Positions from real days: each day played to its end by a strong player
 * (the first of legalPlays; Peça branca, Mais uma jogada and Dobro used as soon as
 * they are held, Espreitar never (it changes no play); República
 * taken whenever it is offered, else the trunfo at the floor number's place in
 * the offer, so every trunfo is held on some days), and every state in
 * which it chose a play kept. Used by the move generator's property test and
 * by bench/engine.mjs.
 */
import { apply, legalPlays, newRun, playActions } from "../../../site_src/js/engine/index.js";

const HELPS_IN_ORDER = ["branca", "jogada", "dobro"];

function nextActions(state, words) {
  if (state.phase === "trunfo") {
    const id = state.offer.includes("republica") ? "republica" : state.offer[state.floor % state.offer.length];
    return [{ type: "chooseTrunfo", id }];
  }
  for (const id of HELPS_IN_ORDER) {
    if (state.helps.includes(id) && !(id === "dobro" && state.dobro)) return [{ type: "useHelp", id }];
  }
  const [best] = legalPlays(state, words);
  return best ? playActions(state, best) : [{ type: "pass" }];
}

/** The states of phase "play" in which the player of one real day chose a play or a pass. */
export function dayPositions(day, constants, words) {
  let state = newRun(day, constants);
  const positions = [];
  while (state.phase === "play" || state.phase === "trunfo") {
    const actions = nextActions(state, words);
    if (actions.at(-1).type === "play" || actions[0].type === "pass") positions.push(state);
    for (const action of actions) {
      const result = apply(state, action, words);
      if (!result.ok || result.events[0]?.type === "rejected") {
        throw new Error(`${day.date}: ${JSON.stringify(action)} refused: ${result.code || "invalid_words"}`);
      }
      state = result.state;
    }
  }
  return positions;
}

/** `{actions, state}`: the strong player's whole run of one real day (bench/replay_link.mjs, bench/engine.mjs). */
export function strongRun(day, constants, words) {
  let state = newRun(day, constants);
  const log = [];
  while (state.phase === "play" || state.phase === "trunfo") {
    for (const action of nextActions(state, words)) {
      const result = apply(state, action, words);
      if (!result.ok) throw new Error(`${day.date}: ${JSON.stringify(action)} refused: ${result.code}`);
      log.push(action);
      state = result.state;
    }
  }
  return { actions: log, state };
}

/** The positions of several days, in order. */
export function realPositions(days, constants, words) {
  return days.flatMap((day) => dayPositions(day, constants, words));
}
