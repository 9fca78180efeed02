// The computer opponents over every published tower (run: TORRE_DIST=dist node bench/opponents.mjs
// [days]). (a) The spread: each level's run (opponentRun) of every day of the built tree, next
// to two player models of tests/js/helpers/players.mjs — a beginner (medianPlay, the median
// legal play) and a typical player (typicalPlay, the par's rule in common words) — and the
// par; "beats" is the par's ranking rule (beatsPar: height, a won tower above every floor,
// then points; equal is not beaten). Prints per level the median result, the wins, and the
// share of days each model (and the par) beats it, with the issue's targets checked.
// (b) The time of a day's three runs, measured day by day interleaved with the par's run of
// the same day as the reference (wall and CPU time), with the load average before.
import { loadavg } from "node:os";

import { wordLookup } from "../site_src/js/dawg.js";
import { beatsPar, OPPONENT_LEVELS, opponentRun, parResult, playOut, summary } from "../site_src/js/engine/index.js";
import { realCommonDawg } from "../tests/js/helpers/common-words.mjs";
import { medianPlay, typicalPlay } from "../tests/js/helpers/players.mjs";
import { dayNames, loadDay, loadDistConstants, realWords } from "../tests/js/helpers/real-dist.mjs";

const constants = loadDistConstants();
const words = wordLookup(realWords().dawg, realCommonDawg());
const limit = Number(process.argv[2]) || Infinity;
const days = dayNames().slice(0, limit).map(loadDay);

const result = (run) => ({ won: run.won, floorReached: run.floor, total: run.total });
const beats = (a, b) => beatsPar(result(a), b);
const share = (a, b) => a.filter((run, i) => beats(run, b[i])).length / a.length;
const percent = (x) => `${(100 * x).toFixed(1)} %`;
const byRank = (a, b) => (beats(a, b) ? 1 : beats(b, a) ? -1 : 0);
const median = (runs) => runs.slice().sort(byRank)[(runs.length - 1) >> 1];
const shown = (run) => `${run.won ? "ganha" : `andar ${run.floor}`}, ${run.total}`;
const quantile = (values, q) => values.slice().sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(q * values.length))];

function modelRuns(player) {
  return days.map((day) => {
    const { state } = playOut(day, constants, words, player);
    const { floorReached, total } = summary(state);
    return { floor: floorReached, total, won: state.phase === "won" };
  });
}

function spread() {
  const runs = Object.fromEntries(OPPONENT_LEVELS.map((level) => [level, days.map((day) => opponentRun(day, constants, words, level))]));
  const models = { beginner: modelRuns(medianPlay), typical: modelRuns(typicalPlay), par: days.map((day) => parResult(day, constants, words)) };
  console.log(`spread over ${days.length} towers (median by rank; % of days the model beats the level)`);
  console.log("level     median          wins   beginner   typical    par");
  for (const level of OPPONENT_LEVELS) {
    const cells = Object.values(models).map((model) => percent(share(model, runs[level])).padStart(8)).join("   ");
    console.log(`${level.padEnd(9)} ${shown(median(runs[level])).padEnd(15)} ${String(runs[level].filter((r) => r.won).length).padStart(4)}   ${cells}`);
  }
  for (const [name, model] of Object.entries(models)) console.log(`${name.padEnd(9)} ${shown(median(model)).padEnd(15)} ${String(model.filter((r) => r.won).length).padStart(4)}`);
  const ends = (list) => {
    const counts = new Array(constants.floors + 1).fill(0);
    for (const run of list) counts[run.won ? constants.floors : run.floor - 1] += 1;
    return `lost on floors 1–${constants.floors}: ${counts.slice(0, -1).join(", ")}; won ${counts.at(-1)}`;
  };
  for (const [name, list] of [...Object.entries(runs), ...Object.entries(models)]) console.log(`  ${name}: ${ends(list)}`);
  const totals = models.par.map((run) => run.total);
  console.log(`  par totals p10/p50/p90: ${[0.1, 0.5, 0.9].map((q) => quantile(totals, q)).join("/")}`);
  const medians = OPPONENT_LEVELS.map((level) => median(runs[level]));
  const parMedian = median(models.par);
  const below = medians.filter((m) => beats(parMedian, m)).length;
  console.log(`the par's median (${shown(parMedian)}) is above ${below} of the three medians; ` +
    `the par beats ${OPPONENT_LEVELS.map((level) => `${level} ${percent(share(models.par, runs[level]))}`).join(", ")} of days`);
  const [caloiro, doutor, dux] = OPPONENT_LEVELS.map((level) => runs[level]);
  const checks = [
    ["medians strictly ordered", beats(medians[1], medians[0]) && beats(medians[2], medians[1])],
    ["beginner beats caloiro on >= 50 %", share(models.beginner, caloiro) >= 0.5],
    ["typical beats caloiro on >= 70 %", share(models.typical, caloiro) >= 0.7],
    ["typical beats doutor on 30-50 %", share(models.typical, doutor) >= 0.3 && share(models.typical, doutor) <= 0.5],
    ["typical beats dux on <= 15 %", share(models.typical, dux) <= 0.15],
    ["dux wins the tower on some days", dux.some((r) => r.won)],
  ];
  for (const [what, ok] of checks) console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  return checks.every(([, ok]) => ok);
}

/** Wall and CPU milliseconds of `work()`. */
function timed(work) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  work();
  const used = process.cpuUsage(cpu);
  return [performance.now() - started, (used.user + used.system) / 1000];
}

function timing() {
  const load = loadavg().map((x) => x.toFixed(2)).join(", ");
  const three = { wall: [], cpu: [] };
  const par = { wall: [], cpu: [] };
  for (const day of days) {
    const [parWall, parCpu] = timed(() => parResult(day, constants, words));
    const [wall, cpu] = timed(() => OPPONENT_LEVELS.forEach((level) => opponentRun(day, constants, words, level)));
    par.wall.push(parWall); par.cpu.push(parCpu);
    three.wall.push(wall); three.cpu.push(cpu);
  }
  const line = (label, t) => `${label}: wall median ${quantile(t.wall, 0.5).toFixed(1)} ms, p99 ${quantile(t.wall, 0.99).toFixed(1)} ms; ` +
    `CPU median ${quantile(t.cpu, 0.5).toFixed(1)} ms, p99 ${quantile(t.cpu, 0.99).toFixed(1)} ms`;
  console.log(`\ntiming over ${days.length} days, interleaved day by day (load average before: ${load})`);
  console.log(line("three opponents' runs of a day", three));
  console.log(line("the par's run of the same day ", par));
  const ok = quantile(three.wall, 0.5) <= 50 && quantile(three.wall, 0.99) <= 200;
  console.log(`  ${ok ? "ok  " : "FAIL"} three runs <= 50 ms median, <= 200 ms p99 (wall)`);
  return ok;
}

const spreadOk = spread();
// TORRE_BENCH_SPREAD_ONLY=1: the spread alone (the docs test reads its figures, tests/test_docs_figures.py).
const timingOk = process.env.TORRE_BENCH_SPREAD_ONLY ? true : timing();
if (!spreadOk || !timingOk) process.exitCode = 1;
