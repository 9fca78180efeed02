/**
 * The run's analysis (docs/engine.md "The run's analysis"): the run replayed
 * action by action and, at every play or pass, what was played next to the
 * best legal play of that moment; plus the day's par and whether the run beat
 * it. Pure and plain data in, plain data out, so the analysis worker
 * (site_src/js/worker/analysis.js) can post the result to the page as it is.
 */
import { apply } from "./actions.js";
import { bestLegalPlay } from "./movegen/legal_plays.js";
import { parResult } from "./par.js";
import { newRun } from "./state.js";
import { summary } from "./summary.js";

const wordsOf = (list) => list.map((w) => w.word);
const tilesOf = (tiles) => tiles.map((t) => ({ square: t.square, letter: t.letter, blank: Boolean(t.blank) }));

/** One row: the floor (1-based), the play's number on it, the board before it, yours and the best. */
function row(before, played, words) {
  const best = bestLegalPlay(before, words);
  return {
    floor: before.floor + 1,
    number: before.floorPlays + 1,
    board: before.board.map((cell) => (cell ? cell.letter : null)),
    yours: played ? { words: wordsOf(played.words), points: played.points, tiles: tilesOf(before.pending) } : null,
    best: best ? { words: wordsOf(best.words), points: best.points, tiles: tilesOf(best.tiles) } : null,
  };
}

/**
 * The run's analysis: `{plays, par, run, beaten}`. `plays` has one row per play made (rejected
 * plays are not made) and per pass, in order; `yours` is null for a pass and `best` null
 * when no legal play existed. `run` is `{won, floorReached, total, floors}` of the run;
 * `beaten` is beatsPar(run, par).
 * Throws when `actions` are not a run of this day (the page only sends logs it replayed).
 */
export function analyseRun(day, constants, actions, words) {
  let state = newRun(day, constants);
  const plays = [];
  actions.forEach((action, index) => {
    const result = apply(state, action, words);
    if (!result.ok) throw new Error(`engine: action ${index + 1} of the run was refused (${result.code})`);
    const played = result.events.find((event) => event.type === "played");
    if (played || action.type === "pass") plays.push(row(state, played, words));
    state = result.state;
  });
  const { won, floorReached, total, floors } = summary(state);
  const run = { won, floorReached, total, floors };
  const par = parResult(day, constants, words);
  return { plays, par, run, beaten: beatsPar(run, par) };
}

/**
 * Did the run beat the par? A run ranks by how high it got — a won tower above
 * every floor, else the floor it ended on — and then by its total; it beats the
 * par when it ranks strictly higher (equal floor and total is not a win).
 * `run` is `{won, floorReached, total}` (summary's fields), `par` `{floor, total, won}`.
 */
export function beatsPar(run, par) {
  const height = (won, floor) => (won ? floor + 1 : floor);
  const mine = height(run.won, run.floorReached);
  const theirs = height(par.won, par.floor);
  return mine > theirs || (mine === theirs && run.total > par.total);
}
