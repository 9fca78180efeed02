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

/**
 * `{actions, state}`: a whole run of `day` played by `decide(state, words)`, which gives the
 * actions of each next move; `seen(state, actions)` is told of each move before it is made.
 * Throws when an action is refused: a player that makes refused moves is a bug.
 */
export function playOut(day, constants, words, decide, seen = () => {}) {
  let state = newRun(day, constants);
  const actions = [];
  while (state.phase === "play" || state.phase === "trunfo") {
    const next = decide(state, words);
    seen(state, next);
    for (const action of next) {
      const result = apply(state, action, words);
      if (!result.ok || result.events[0]?.type === "rejected") {
        throw new Error(`engine: ${JSON.stringify(action)} was refused on ${day.date}`);
      }
      actions.push(action);
      state = result.state;
    }
  }
  return { actions, state };
}

/** `{actions, floor, total}`: the par's whole run of the day, its floor as summary reports it. */
export function parRun(day, constants, words) {
  const { actions, floor, total } = parPlayed(day, constants, words);
  return { actions, floor, total };
}

/** `{floor, total, won}` of the day's par (won: it climbed the last floor, not only reached it). */
export function parResult(day, constants, words) {
  const { floor, total, state } = parPlayed(day, constants, words);
  return { floor, total, won: state.phase === "won" };
}

function parPlayed(day, constants, words) {
  const { actions, state } = playOut(day, constants, words, parActions);
  const { floorReached, total } = summary(state);
  return { actions, floor: floorReached, total, state };
}
