/**
 * Positions from real days: each day played to its end by a strong player
 * (the first of legalPlays; Peça branca, Mais uma jogada and Dobro used as soon as
 * they are held, Espreitar never (it changes no play); República
 * taken whenever it is offered, else the trunfo at the floor number's place in
 * the offer, so every trunfo is held on some days), and every state in
 * which it chose a play kept. Used by the move generator's property test and
 * by bench/engine.mjs.
 */
import { legalPlays, playActions, playOut } from "../../../site_src/js/engine/index.js";

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
  const positions = [];
  playOut(day, constants, words, nextActions, (state, actions) => {
    if (actions.at(-1).type === "play" || actions[0].type === "pass") positions.push(state);
  });
  return positions;
}

/** `{actions, state}`: the strong player's whole run of one real day (bench/replay_link.mjs, bench/engine.mjs). */
export function strongRun(day, constants, words) {
  return playOut(day, constants, words, nextActions);
}

/** The positions of several days, in order. */
export function realPositions(days, constants, words) {
  return days.flatMap((day) => dayPositions(day, constants, words));
}

/** The hand holds the blank. */
export const holdsBlank = (state, constants) => state.hand.some((t) => t.letter === constants.blank.letter);

/**
 * The positions of `days` for a brute force to check: all of them without a blank, the
 * first `blanks` with one (the brute force takes ~0.2 s on each of those).
 */
export function checkedPositions(days, constants, words, blanks) {
  let seen = 0;
  return realPositions(days, constants, words).filter((state) => !holdsBlank(state, constants) || seen++ < blanks);
}
