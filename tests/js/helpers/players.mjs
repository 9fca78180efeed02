/**
 * Simple player models that play whole runs through the engine (`playOut`, so through
 * `apply`): a beginner who makes the median of the legal plays (by the plays' order, so
 * by points), a player of the best common-word play (bestCommonPlay), and a typical
 * player: the par's rule in common words (the best play whose words are all common and of
 * at most PAR_WORD_LENGTH letters). All pass when they have no play, take the first trunfo
 * offered, never use a help nor exchange.
 * Used by the analysis tests, bench/common_climb.mjs and bench/opponents.mjs.
 */
import { bestCommonPlay, legalPlays, PAR_WORD_LENGTH, playActions } from "../../../site_src/js/engine/index.js";

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

/**
 * The typical player: the first play of legalPlays whose words are all common and of at
 * most PAR_WORD_LENGTH (4) letters. The words most players see at a glance are short
 * everyday ones, and the par, the game's measure of a typical day, is this rule in any
 * words: over the window both end on floor 3 at the median.
 */
export const typicalPlay = decider((state, words) => legalPlays(state, words)
  .find((play) => play.words.every((w) => w.word.length <= PAR_WORD_LENGTH && words.isCommon(w.word))) ?? null);
