// The checks every read-back save shares (storage.js, archive_store.js, challenge_store.js,
// and an import's, stats_import.js): what was written may be from an older version, edited
// by hand or cut short.

import { readCode } from "../../engine/replay_read.js";
import { OPPONENT_LEVELS } from "../../engine/opponent_levels.js";

const FLOORS = 5;
// Far above any total a run of five floors can make; a larger one was not played.
export const MAX_POINTS = 100000;

export const isCount = (n) => Number.isInteger(n) && n >= 0;
export const isCountUpTo = (n, max) => isCount(n) && n <= max;
export const isDate = (s) => typeof s === "string" && /^\d{4}-\d{2}-\d{2}$/.test(s);
/** A word-list version as saves record it (pipeline.assets.short_hash), or null. */
export const wordListOf = (v) => (typeof v === "string" && /^[0-9a-f]{10}$/.test(v) ? v : null);
/** An action log as saves keep it: objects that each name their type. */
export const isActions = (a) => Array.isArray(a) && a.every((x) => x !== null && typeof x === "object" && typeof x.type === "string");
/** A finished tower's result as saves keep it (practice, archive, challenges): {floor ≥ 1, total, won}. */
export const isResult = (r) => r !== null && typeof r === "object" && isCount(r.floor) && r.floor >= 1 && isCount(r.total) &&
  typeof r.won === "boolean";
/** A run against each computer opponent as kept: {caloiro, doutor, dux}, each "won", "lost" or "tied". */
export const isOutcomes = (o) => o !== null && typeof o === "object" && !Array.isArray(o) && Object.keys(o).length === OPPONENT_LEVELS.length &&
  OPPONENT_LEVELS.every((level) => ["won", "lost", "tied"].includes(o[level]));
/** A finished run's result as kept: an engine summary's {floorReached, total, won}. */
export const resultOf = (summary) => ({ floor: summary.floorReached, total: summary.total, won: summary.won });

/** Why one archive day's result {floor, total, won, beatPar?} could not have been written, or null. */
export function resultProblem(result) {
  if (result === null || typeof result !== "object") return "não tem resultado";
  if (!Number.isInteger(result.floor) || result.floor < 1 || result.floor > FLOORS) return "tem um andar que não existe";
  if (!isCountUpTo(result.total, MAX_POINTS)) return "tem uma pontuação que não é um número inteiro possível";
  if (typeof result.won !== "boolean") return "não diz se a torre foi subida";
  if (result.won && result.floor !== FLOORS) return "diz que a torre foi subida sem chegar ao último andar";
  if (result.beatPar !== undefined && typeof result.beatPar !== "boolean") return "tem um veredicto do par inválido";
  if (result.opponents !== undefined && !isOutcomes(result.opponents)) return "tem um resultado contra os adversários inválido";
  return null;
}

/** Why a kept result's replay code (`result.code`, optional) is not the run of `date` with that result, or null. */
export function codeProblem(date, result) {
  if (result.code === undefined) return null;
  const read = readCode(result.code);
  return read.ok && read.date === date && read.floor === result.floor && read.total === result.total ? null
    : "tem uma ligação que não é a da sua corrida";
}

const CHALLENGE_FIELDS = ["code", "date", "them", "me", "name"];

/**
 * Why one kept challenge {code, date, them, me, name?} (ui/challenge/challenge.js) could not have been written by
 * `today`, or null: its code must be a readable replay code (checksum included) whose day, floor
 * and total are the record's, both results must be possible ones (`me` null until played), and a
 * name text. Whether a name is one a link can carry (challenge_name.js) is checked where one is
 * read from a link or an import, and again where one is shown: that rule stays out of the first
 * visit's bundle, which loads this file.
 */
export function challengeProblem(record, today) {
  if (record === null || typeof record !== "object" || Array.isArray(record)) return "não é um desafio";
  if (Object.keys(record).some((key) => !CHALLENGE_FIELDS.includes(key))) return "tem um campo que o jogo não conhece";
  const read = readCode(record.code);
  if (!read.ok) return "tem uma ligação danificada ou alterada";
  if (read.date !== record.date) return "tem um dia que não é o da ligação";
  if (record.date > today) return `é de um dia que ainda não chegou (${record.date})`;
  const theirs = resultProblem(record.them);
  if (theirs) return `${theirs} (resultado da ligação)`;
  if (record.them.floor !== read.floor || record.them.total !== read.total) return "tem um resultado que não é o da ligação";
  if (record.name !== undefined && (typeof record.name !== "string" || record.name === "")) return "tem um nome que não é texto";
  const mine = record.me === null ? null : resultProblem(record.me);
  return mine ? `${mine} (resultado deste aparelho)` : null;
}
