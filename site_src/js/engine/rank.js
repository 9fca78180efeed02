// How two results rank, pure and without the move generator, so that the game page
// can compare a run with a challenge's (ui/challenge/challenge.js) while the par's analysis
// (analysis.js) uses the same rule.

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
