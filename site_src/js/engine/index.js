/**
 * A Torre's rules engine, pure: no DOM, no storage, no clock, no Math.random.
 * The day file, the constants and the word checker are passed in; the state
 * is plain JSON. See docs/engine.md.
 */
export { newRun, STATE_VERSION } from "./state.js";
export { DayFileError } from "./day.js";
export { apply, replay } from "./actions.js";
export { preview } from "./turn.js";
export { summary } from "./summary.js";
export { shownSquare } from "./scoring.js";
export { ERROR_CODES, messageOf } from "./errors.js";
export { offerKey } from "./trunfos.js";
export { parseSquare, squareName } from "./board.js";
export { bestCommonPlay, bestLegalPlay, legalPlays } from "./movegen/legal_plays.js";
export { playActions } from "./play_actions.js";
export { PAR_WORD_LENGTH, parResult, parRun, playOut } from "./par.js";
export { OPPONENT_LEVELS, opponentRun, opponentStandings } from "./opponents.js";
export { analyseRun } from "./analysis.js";
export { beatsPar, compareResults, ranked } from "./rank.js";
