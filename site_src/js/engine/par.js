/**
 * The day's par (docs/engine.md): a deterministic common-word player. At
 * each play it makes the first play, in legalPlays' order, whose words all
 * have at most PAR_WORD_LENGTH letters (so the highest-scoring such play);
 * it passes when there is none; after a climb it takes the first trunfo
 * offered; it never uses a help nor exchanges.
 */
import { apply } from "./actions.js";
import { bestLegalPlay } from "./movegen/legal_plays.js";
import { playActions } from "./play_actions.js";
import { newRun } from "./state.js";
import { summary } from "./summary.js";

export const PAR_WORD_LENGTH = 4;

/** The par's next actions in a state of phase "play" or "trunfo". */
export function parActions(state, words) {
  if (state.phase === "trunfo") return [{ type: "chooseTrunfo", id: state.offer[0] }];
  const play = bestLegalPlay(state, words, PAR_WORD_LENGTH);
  return play ? playActions(state, play) : [{ type: "pass" }];
}

/** `{actions, floor, total}`: the par's whole run of the day, its floor as summary reports it. */
export function parRun(day, constants, words) {
  let state = newRun(day, constants);
  const actions = [];
  while (state.phase === "play" || state.phase === "trunfo") {
    for (const action of parActions(state, words)) {
      const result = apply(state, action, words);
      if (!result.ok || result.events[0]?.type === "rejected") {
        throw new Error(`engine: the par's ${JSON.stringify(action)} was refused on ${day.date}`);
      }
      actions.push(action);
      state = result.state;
    }
  }
  const { floorReached, total } = summary(state);
  return { actions, floor: floorReached, total };
}
