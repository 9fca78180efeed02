// The statistics' figures only the end screen, the analysis and Estatísticas need (run_end.js's
// chunk): what a run that beat the par or the opponents adds, the streak as the player sees it,
// and the practice figures. Apart from storage.js so that a first visit never downloads them.

import { OPPONENT_LEVELS } from "../../engine/opponent_levels.js";
import { nextDate } from "./lisbon_date.js";
import { resultProblem } from "./saved_results.js";
import { noneBeaten, patenteOf } from "./storage.js";

const FLOORS = 5;

/** Statistics after the run of `date` beat the day's par: once per day, and only for the day's counted run. */
export function addParBeaten(stats, date) {
  if (stats.lastDate !== date || stats.parDate === date) return stats;
  return { ...stats, parBeaten: (stats.parBeaten ?? 0) + 1, parDate: date };
}

/**
 * Statistics after the run of `date` beat the computer opponents `beatenLevels` (level ids):
 * as the par, once per day and only for the day's counted run; the best patente rises with them.
 */
export function addOpponentsBeaten(stats, date, beatenLevels) {
  const levels = OPPONENT_LEVELS.filter((level) => beatenLevels.includes(level));
  if (stats.lastDate !== date || stats.opponentsDate === date || levels.length === 0) return stats;
  const opponentsBeaten = { ...noneBeaten(), ...stats.opponentsBeaten };
  for (const level of levels) opponentsBeaten[level] += 1;
  return { ...stats, opponentsBeaten, opponentsDate: date, bestPatente: patenteOf(opponentsBeaten) };
}

/** The current streak as the player sees it today: broken if yesterday was skipped. */
export function currentStreak(stats, today) {
  if (stats.lastDate === null) return 0;
  return stats.lastDate === today || nextDate(stats.lastDate) === today ? stats.streak : 0;
}

/**
 * The practice figures from torre.treino's results, the well-formed ones only (a result no run
 * could have written counts nowhere): {towers, wins, best, floors}, the towers finished, those
 * climbed to the top, the best total and, as the daily `floors`, how many ended on each floor.
 */
export function practiceFigures(data) {
  const results = data && typeof data.results === "object" && data.results !== null ? Object.values(data.results) : [];
  const finished = results.filter((r) => resultProblem(r) === null);
  const floors = Array(FLOORS).fill(0);
  for (const r of finished) floors[r.floor - 1] += 1;
  return { towers: finished.length, wins: finished.filter((r) => r.won).length,
    best: Math.max(0, ...finished.map((r) => r.total)), floors };
}
