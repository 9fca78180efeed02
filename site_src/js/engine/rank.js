// How two results rank, pure and without the move generator, so that the game page
// can compare a run with a challenge's (ui/shared/challenge_texts.js) while the par's analysis
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

/** How high a result got: a won tower above every floor. `result` is `{floor, total, won}`. */
const heightOf = (result) => (result.won ? result.floor + 1 : result.floor);

/**
 * The par's rule as a sort order on results `{floor, total, won}`: negative when `a` ranks
 * higher than `b`, positive when lower, 0 when neither beats the other (a tie).
 */
export function compareResults(a, b) {
  return heightOf(b) - heightOf(a) || b.total - a.total;
}

/**
 * `entries` best first by the par's rule (`resultOf(entry)` gives `{floor, total, won}`),
 * equals in the order given, each as `{place, entry}`: equals share a place and the next
 * place counts those above it (1, 2, 2, 4).
 */
export function ranked(entries, resultOf = (entry) => entry) {
  const sorted = entries.map((entry, i) => ({ entry, i }))
    .sort((x, y) => compareResults(resultOf(x.entry), resultOf(y.entry)) || x.i - y.i);
  return sorted.map(({ entry }, n) => {
    const first = sorted.findIndex((other) => compareResults(resultOf(other.entry), resultOf(entry)) === 0);
    return { place: Math.min(first, n) + 1, entry };
  });
}
