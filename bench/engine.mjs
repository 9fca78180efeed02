// Benchmark of the rules engine with the real DAWG reader (run: TORRE_DIST=dist node bench/engine.mjs).
// Positions: 50 real days, each played to its end by the strong player of
// tests/js/helpers/real-positions.mjs (best play, helps that change plays used at once, República when offered);
// every state in which it chose a play is one position.
// Prints, per position: legalPlays (median, p99; goal median ≤ 1 ms, p99 ≤ 10 ms) next to the
// brute-force enumeration of tests/js/helpers/best-play.mjs on the same positions; then
// bestLegalPlay, preview and apply(play) of the best play (goal < 1 ms each), and parRun per
// day (goal < 100 ms), and analyseRun (what the analysis worker computes at the end of a
// run: the best play of every moment and the par) per run, on the strong player's runs and the par's.
// bestCommonPlay with the real common list (its DAWG, as the worker reads it; goal median ≤ 1 ms,
// p99 ≤ 20 ms with a blank): the first call per position, in order, its answers about words kept
// from position to position as the worker keeps them, then the median of repeated calls, in wall
// time and in CPU time (which a busy machine inflates less).
import { readFileSync } from "node:fs";
import { join } from "node:path";

import {
  analyseRun, apply, bestCommonPlay, bestLegalPlay, legalPlays, parRun, playActions, preview,
} from "../site_src/js/engine/index.js";
import { Dawg, wordLookup } from "../site_src/js/dawg.js";
import { allPlays } from "../tests/js/helpers/best-play.mjs";
import { realCommonDawg } from "../tests/js/helpers/common-words.mjs";
import { distDir, loadDistConstants, sampleDays } from "../tests/js/helpers/real-dist.mjs";
import { realPositions, strongRun } from "../tests/js/helpers/real-positions.mjs";

const DAYS = 50;
const REPEATS = 5; // legalPlays runs per position; the position's time is the median of them

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function timed(run) {
  const start = performance.now();
  const result = run();
  return [performance.now() - start, result];
}

/** A run's CPU time in ms (process.cpuUsage, user and system): on a machine shared with other
 * jobs, a call's wall time counts the time it waited for a core. */
function cpuTimed(run) {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** For each item, the median of `repeats` runs of `run(item)`, timed by `clock` (wall time by default). */
function timesPerItem(items, run, repeats, clock = (f) => timed(f)[0]) {
  return items.map((item) => {
    const samples = Array.from({ length: repeats }, () => clock(() => run(item))).sort((a, b) => a - b);
    return samples[repeats >> 1];
  });
}

/** The distribution of some times. */
function distribution(times) {
  const sorted = times.slice().sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1), count: sorted.length };
}

const perItem = (items, run, repeats) => distribution(timesPerItem(items, run, repeats));

const ms = (value) => `${value.toFixed(3).padStart(8)} ms`;
const show = (label, m) => console.log(`${label.padEnd(34)} median ${ms(m.median)}   p99 ${ms(m.p99)}   max ${ms(m.max)}   (${m.count})`);

const constants = loadDistConstants();
const bytes = readFileSync(join(distDir(), "palavras.dawg"));
const [loadMs, dawg] = timed(() => new Dawg(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
const words = wordLookup(dawg);
const days = sampleDays(DAYS);

const positions = realPositions(days, constants, words);
const holding = (test) => positions.filter((s) => s.hand.some(test)).length;
const playCounts = positions.map((s) => legalPlays(s, words).length).sort((a, b) => a - b);
console.log(`DAWG load: ${loadMs.toFixed(2)} ms (${bytes.length} bytes)`);
console.log(`${positions.length} positions from ${DAYS} real days: ${holding((t) => t.letter === constants.blank.letter)} with a blank, ` +
  `${holding((t) => t.letter === "Ç")} with Ç, ${positions.filter((s) => s.hand.length > constants.hand_size).length} with more than ${constants.hand_size} tiles; ` +
  `legal plays per position: median ${percentile(playCounts, 0.5)}, max ${playCounts.at(-1)}`);

const withBlank = positions.map((s) => s.hand.some((t) => t.letter === constants.blank.letter));
for (const s of positions) legalPlays(s, words); // a second warm-up pass before measuring
const split = (label, times) => {
  show(label, distribution(times));
  show("  positions without a blank", distribution(times.filter((_, k) => !withBlank[k])));
  show("  positions with a blank", distribution(times.filter((_, k) => withBlank[k])));
};
split("legalPlays", timesPerItem(positions, (s) => legalPlays(s, words), REPEATS));
show("brute force (best-play.mjs allPlays)", perItem(positions, (s) => allPlays(s, dawg, words), 1));
show("bestLegalPlay", perItem(positions, (s) => bestLegalPlay(s, words), REPEATS));

const common = wordLookup(dawg, realCommonDawg());
split("bestCommonPlay, first call", timesPerItem(positions, (s) => bestCommonPlay(s, common), 1));
split("bestCommonPlay, repeated", timesPerItem(positions, (s) => bestCommonPlay(s, common), REPEATS));
split("bestCommonPlay, repeated, CPU time", timesPerItem(positions, (s) => bestCommonPlay(s, common), REPEATS, cpuTimed));
const sameAsBest = positions.filter((s) => bestCommonPlay(s, common)?.points === bestLegalPlay(s, words)?.points).length;
console.log(`the best common-word play is worth the best play in ${sameAsBest} of ${positions.length} positions`);

const placed = positions.flatMap((s) => {
  const [best] = legalPlays(s, words);
  if (!best) return [];
  let state = s;
  for (const action of playActions(s, best).slice(0, -1)) state = apply(state, action).state;
  return state;
});
show("preview of the best play", perItem(placed, (s) => preview(s, words), 50));
show("apply(play) of the best play", perItem(placed, (s) => apply(s, { type: "play" }, words), 50));

const pars = days.map((day) => timed(() => parRun(day, constants, words)));
show("parRun per day", perItem(days, (day) => parRun(day, constants, words), 3));
const floors = pars.map(([, par]) => par.floor);
const totals = pars.map(([, par]) => par.total).sort((a, b) => a - b);
console.log(`par of the ${DAYS} days: floor ${Math.min(...floors)}–${Math.max(...floors)}, total p10/p50/p90 ` +
  `${percentile(totals, 0.1)}/${percentile(totals, 0.5)}/${percentile(totals, 0.9)}`);
const strongRuns = days.map((day) => [day, strongRun(day, constants, words).actions]);
show("analyseRun per run (strong player)", perItem(strongRuns, ([day, log]) => analyseRun(day, constants, log, words), 3));
show("analyseRun per run (the par's run)", perItem(pars.map(([, par], k) => [days[k], par.actions]),
  ([day, log]) => analyseRun(day, constants, log, words), 3));
show("  with the common list (strong player)", perItem(strongRuns, ([day, log]) => analyseRun(day, constants, log, common), 3));
show("  with the common list (the par's run)", perItem(pars.map(([, par], k) => [days[k], par.actions]),
  ([day, log]) => analyseRun(day, constants, log, common), 3));
console.log("goals: legalPlays median ≤ 1 ms and p99 ≤ 10 ms (must: 3 ms, 50 ms); bestCommonPlay median ≤ 1 ms, p99 ≤ 20 ms with a blank; " +
  "preview, apply < 1 ms; parRun < 100 ms per day; analyseRun well under a second (it runs in a worker)");
