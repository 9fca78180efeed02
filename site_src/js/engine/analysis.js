/**
 * The run's analysis (docs/engine.md "The run's analysis"): the run replayed
 * action by action and, at every play or pass, what was played next to the
 * best play in common words and the best legal play of that moment; the first
 * moment of the lost floor where a common-word play (and where any play) would have climbed it;
 * plus the day's par and whether the run beat it. Pure and plain data in,
 * plain data out, so the analysis worker (site_src/js/worker/analysis.js) can
 * post the result to the page as it is.
 */
import { apply } from "./actions.js";
import { bestCommonPlay, bestLegalPlay } from "./movegen/legal_plays.js";
import { parResult } from "./par.js";
import { newRun } from "./state.js";
import { summary } from "./summary.js";
import { beatsPar } from "./rank.js";

const wordsOf = (list) => list.map((w) => w.word);
const tilesOf = (tiles) => tiles.map((t) => ({ square: t.square, letter: t.letter, blank: Boolean(t.blank) }));

/** A play as plain data (what the worker posts to the page): {words, points, tiles}, or null. */
const plainPlay = (play) => (play ? { words: wordsOf(play.words), points: play.points, tiles: tilesOf(play.tiles) } : null);

/**
 * `{common, best}` of `state` as plain data: bestCommonPlay (null when `words` has no isCommon)
 * and bestLegalPlay. Both are the first play in legalPlays' order (a total order: points, tile
 * count, then the tiles themselves) of their set, the common plays a subset of all; so when the
 * best play's words are all common it is the first common play too, and the second walk is skipped.
 */
export function bestPlays(state, words) {
  const best = bestLegalPlay(state, words);
  if (typeof words.isCommon !== "function") return { common: null, best: plainPlay(best) };
  const common = best && best.words.every((w) => words.isCommon(w.word)) ? best : bestCommonPlay(state, words);
  return { common: plainPlay(common), best: plainPlay(best) };
}

/**
 * One row: the floor (1-based), the play's number on it, the board before it, yours, the best
 * in common words (null without a common list) and the best.
 */
function row(before, played, words) {
  return {
    floor: before.floor + 1,
    number: before.floorPlays + 1,
    board: before.board.map((cell) => (cell ? cell.letter : null)),
    yours: played ? { words: wordsOf(played.words), points: played.points, tiles: tilesOf(before.pending) } : null,
    ...bestPlays(before, words),
  };
}

/**
 * The first row of the floor the run was lost on whose `which` play ("common" or "best"), added
 * to the points the floor had before that row, reaches the floor's target; null when the run
 * was not lost or no such row exists. `befores[i]` is `{floorScore, target}` of the state just
 * before `plays[i]`.
 */
export function firstClimb(plays, befores, end, which) {
  if (end.phase !== "lost") return null;
  const index = plays.findIndex((r, i) => r.floor === end.floor + 1 && r[which] !== null &&
    befores[i].floorScore + r[which].points >= befores[i].target);
  if (index < 0) return null;
  const { floor, number } = plays[index];
  return { index, floor, number, floorScore: befores[index].floorScore, target: befores[index].target };
}

/** firstClimb of the plays in common words. */
export const firstCommonClimb = (plays, befores, end) => firstClimb(plays, befores, end, "common");

/**
 * The run's analysis: `{plays, firstCommonClimb, firstBestClimb, par, run, beaten}`. `plays` has one row per
 * play made (rejected plays are not made) and per pass, in order; `yours` is null for a pass,
 * `common` and `best` null when no such play existed (`common` always null when `words` has
 * no isCommon). `firstCommonClimb` is `{index, floor, number, floorScore, target}` or null
 * (see firstClimb), `firstBestClimb` the same of the best plays in any words. `run` is `{won, floorReached, total, floors}` of the run;
 * `beaten` is beatsPar(run, par).
 * Throws when `actions` are not a run of this day (the page only sends logs it replayed).
 */
export function analyseRun(day, constants, actions, words) {
  let state = newRun(day, constants);
  const plays = [];
  const befores = [];
  actions.forEach((action, index) => {
    const result = apply(state, action, words);
    if (!result.ok) {
      // `code` and `index`: what the page's «Detalhes» say of it (ui/shared/problem_details.js).
      throw Object.assign(new Error(`engine: action ${index + 1} of the run was refused (${result.code})`),
        { code: "engine_refused", index: index + 1 });
    }
    const played = result.events.find((event) => event.type === "played");
    if (played || action.type === "pass") {
      plays.push(row(state, played, words));
      befores.push({ floorScore: state.floorScore, target: state.target });
    }
    state = result.state;
  });
  const { won, floorReached, total, floors } = summary(state);
  const run = { won, floorReached, total, floors };
  const par = parResult(day, constants, words);
  return { plays, firstCommonClimb: firstCommonClimb(plays, befores, state), firstBestClimb: firstClimb(plays, befores, state, "best"),
    par, run, beaten: beatsPar(run, par) };
}
