/**
 * The part of the engine the game page needs to play a run: index.js without
 * the move generator and the par, which only the analysis worker loads
 * (site_src/js/worker/analysis.js), so the page's first download stays small.
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
