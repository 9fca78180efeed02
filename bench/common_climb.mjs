// How often the analysis has a common-word play that would have climbed the lost floor
// (run: TORRE_DIST=dist node bench/common_climb.mjs [days]). Every day of the built tree (or
// the first `days`) is played to its end by two player models of tests/js/helpers/players.mjs
// — a beginner who makes the median legal play, and a player of the best common-word play —
// through the engine's own apply (playOut); each lost run is analysed with the real common
// list (palavras-comuns.<hash>.dawg, as the worker reads it) and counted when its
// firstCommonClimb is not null. Prints, per player: runs, lost floors, the share of lost
// floors with a firstCommonClimb, and where the run ended; and, for comparison, the share
// where the best play (any words) would have climbed by the same rule (the floor's points
// before a row summed from the rows' own points: these players earn no other points).
// The player of the best common-word play has no firstCommonClimb by construction: at every
// row it made that row's common play, and its floor was still lost.

import { wordLookup } from "../site_src/js/dawg.js";
import { analyseRun, playOut } from "../site_src/js/engine/index.js";
import { realCommonDawg } from "../tests/js/helpers/common-words.mjs";
import { commonPlay, medianPlay } from "../tests/js/helpers/players.mjs";
import { dayNames, loadDay, loadDistConstants, realWords } from "../tests/js/helpers/real-dist.mjs";

const constants = loadDistConstants();
const words = wordLookup(realWords().dawg, realCommonDawg());
const limit = Number(process.argv[2]) || Infinity;
const days = dayNames().slice(0, limit).map(loadDay);

const percent = (part, whole) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

/** Would the best play of some row of the lost floor have reached its target (floorScore + best.points)? */
function bestWouldClimb(analysis) {
  const floor = analysis.run.floorReached;
  const target = constants.targets[floor - 1];
  let floorScore = 0;
  for (const row of analysis.plays.filter((r) => r.floor === floor)) {
    if (row.best && floorScore + row.best.points >= target) return true;
    floorScore += row.yours ? row.yours.points : 0;
  }
  return false;
}

function measure(label, player) {
  const started = performance.now();
  let lost = 0;
  let climbs = 0;
  let bestClimbs = 0;
  const endedOn = new Array(constants.floors).fill(0);
  const climbNumber = new Map(); // the play's number on its floor → count
  for (const day of days) {
    const { actions, state } = playOut(day, constants, words, player);
    if (state.phase !== "lost") continue;
    lost++;
    endedOn[state.floor]++;
    const analysis = analyseRun(day, constants, actions, words);
    const { firstCommonClimb } = analysis;
    if (bestWouldClimb(analysis)) bestClimbs++;
    if (firstCommonClimb) {
      climbs++;
      climbNumber.set(firstCommonClimb.number, (climbNumber.get(firstCommonClimb.number) ?? 0) + 1);
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${label}: ${days.length} runs, ${lost} lost (on floors 1–5: ${endedOn.join(", ")}); ` +
    `firstCommonClimb not null on ${climbs} of ${lost} lost floors = ${percent(climbs, lost)} (${seconds} s)`);
  const numbers = [...climbNumber].sort((a, b) => a[0] - b[0]).map(([n, c]) => `${n}.ª: ${c}`).join(", ");
  console.log(`  at the floor's play number ${numbers || "—"}; the best play (any words) would have climbed ` +
    `${bestClimbs} of ${lost} = ${percent(bestClimbs, lost)}`);
}

measure("median legal play", medianPlay);
measure("best common-word play", commonPlay);
