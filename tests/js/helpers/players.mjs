/**
 * Simple player models that play whole runs through the engine (`playOut`, so through
 * `apply`): a beginner who makes the median of the legal plays (by the plays' order, so
 * by points), and a player of the best common-word play (bestCommonPlay). Both pass when
 * they have no play, take the first trunfo offered, never use a help nor exchange.
 * Used by the analysis tests and bench/common_climb.mjs.
 */
import { bestCommonPlay, legalPlays, playActions } from "../../../site_src/js/engine/index.js";

const orPass = (state, play) => (play ? playActions(state, play) : [{ type: "pass" }]);

function decider(choose) {
  return (state, words) => {
    if (state.phase === "trunfo") return [{ type: "chooseTrunfo", id: state.offer[0] }];
    return orPass(state, choose(state, words));
  };
}

/** The median legal play: the middle one of legalPlays (the lower middle of an even count). */
export const medianPlay = decider((state, words) => {
  const plays = legalPlays(state, words);
  return plays.length ? plays[(plays.length - 1) >> 1] : null;
});

/** The best play in common words (words.isCommon needed). */
export const commonPlay = decider((state, words) => bestCommonPlay(state, words));
