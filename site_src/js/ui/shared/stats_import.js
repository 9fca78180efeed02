// What an imported statistics line may hold, pure: a line pasted from another device
// may have been edited by hand, and one bad field can freeze the statistics for ever
// (a last day in 9999 means no later run is ever counted). Each field is checked
// against what the game itself could have written, and the first one that could not
// is named in a Portuguese sentence, so the player knows why the line was refused.

import { isCalendarDate, readCode } from "../../engine/replay_code.js";

const FLOORS = 5;
// A century of daily towers: no count of days or runs can honestly be larger.
export const MAX_COUNT = 36525;
// Far above any total a run of five floors can make; a larger one was not played.
export const MAX_POINTS = 100000;

const isCountUpTo = (n, max) => Number.isInteger(n) && n >= 0 && n <= max;

/** The field's name as the player reads it, with its name in the line (which the player may have edited). */
const FIELDS = {
  v: "a versão do formato (v)",
  runs: "o número de corridas (runs)",
  wins: "o número de torres subidas (wins)",
  floors: "os andares onde as corridas acabaram (floors)",
  best: "a melhor pontuação (best)",
  streak: "os dias seguidos (streak)",
  bestStreak: "o máximo de dias seguidos (bestStreak)",
  lastDate: "o último dia contado (lastDate)",
  parBeaten: "os dias com o par batido (parBeaten)",
  parDate: "o último dia com o par batido (parDate)",
  arquivo: "os dias do arquivo (arquivo)",
  desafios: "os desafios recebidos (desafios)",
};

const refused = (field, why) => `O texto foi recusado: ${FIELDS[field]} ${why}.`;

/** Why `date` is not a day that can have been played by `today` (Lisbon), or null. */
function dateProblem(date, today) {
  if (!isCalendarDate(date)) return "não é uma data do calendário";
  if (date > today) return `é um dia que ainda não chegou (${date})`;
  return null;
}

function countProblem(stats, field, max = MAX_COUNT) {
  const n = stats[field];
  if (!Number.isInteger(n) || n < 0) return refused(field, "não é um número inteiro sem sinal");
  if (n > max) return refused(field, `é grande de mais (${n})`);
  return null;
}

function datesProblem(stats, today) {
  for (const field of ["lastDate", "parDate"]) {
    const date = stats[field];
    if (date === undefined || date === null) continue;
    const why = dateProblem(date, today);
    if (why) return refused(field, why);
  }
  if ((stats.lastDate === null) !== (stats.runs === 0)) {
    return refused("lastDate", stats.runs === 0 ? "indica um dia, mas não há corridas" : "falta, mas há corridas");
  }
  if ((stats.parDate ?? null) === null ? (stats.parBeaten ?? 0) > 0 : !(stats.parBeaten > 0)) {
    return refused("parDate", "não condiz com os dias com o par batido (parBeaten)");
  }
  if (stats.parDate && stats.parDate > stats.lastDate) return refused("parDate", "é posterior ao último dia contado");
  return null;
}

/** How the counts must relate: no more wins, floors or par days than runs, no streak above the best. */
function relationsProblem(stats) {
  if (stats.wins > stats.runs) return refused("wins", "é maior do que o número de corridas");
  if (stats.floors.reduce((a, b) => a + b, 0) !== stats.runs) return refused("floors", "não somam o número de corridas");
  if (stats.wins > stats.floors[FLOORS - 1]) return refused("wins", "é maior do que as corridas que chegaram ao último andar");
  if (stats.bestStreak > stats.runs) return refused("bestStreak", "é maior do que o número de corridas");
  if (stats.streak > stats.bestStreak) return refused("streak", "é maior do que o máximo de dias seguidos");
  if ((stats.parBeaten ?? 0) > stats.runs) return refused("parBeaten", "é maior do que o número de corridas");
  if (stats.runs === 0 && stats.best !== 0) return refused("best", "não é zero, mas não há corridas");
  return null;
}

/** Null when the daily statistics of an import could have been written by the game by `today`, else why not. */
export function statsImportProblem(stats, today) {
  if (stats === null || typeof stats !== "object" || Array.isArray(stats)) return "O texto não tem estatísticas válidas.";
  const unknown = Object.keys(stats).find((key) => !Object.hasOwn(FIELDS, key));
  if (unknown !== undefined) return `O texto foi recusado: tem um campo que o jogo não conhece («${unknown.slice(0, 30)}»).`;
  if (stats.v !== 1) return refused("v", "não é uma que esta versão do jogo conheça");
  for (const field of ["runs", "wins", "streak", "bestStreak"]) {
    const problem = countProblem(stats, field);
    if (problem) return problem;
  }
  if (stats.parBeaten !== undefined) {
    const problem = countProblem(stats, "parBeaten");
    if (problem) return problem;
  }
  const best = countProblem(stats, "best", MAX_POINTS);
  if (best) return best;
  if (!Array.isArray(stats.floors) || stats.floors.length !== FLOORS || !stats.floors.every((n) => isCountUpTo(n, MAX_COUNT))) {
    return refused("floors", `não são ${FLOORS} números inteiros sem sinal`);
  }
  return datesProblem(stats, today) ?? relationsProblem(stats);
}

/** Why one archive day's result {floor, total, won, beatPar?} could not have been written, or null. */
function resultProblem(result) {
  if (result === null || typeof result !== "object") return "não tem resultado";
  if (!Number.isInteger(result.floor) || result.floor < 1 || result.floor > FLOORS) return "tem um andar que não existe";
  if (!isCountUpTo(result.total, MAX_POINTS)) return "tem uma pontuação que não é um número inteiro possível";
  if (typeof result.won !== "boolean") return "não diz se a torre foi subida";
  if (result.won && result.floor !== FLOORS) return "diz que a torre foi subida sem chegar ao último andar";
  if (result.beatPar !== undefined && typeof result.beatPar !== "boolean") return "tem um veredicto do par inválido";
  return null;
}

/** Null when an import's `arquivo` field ({results, daily}) holds only days that can have been played by `today`. */
export function archiveImportProblem(archive, today) {
  if (archive === null || typeof archive !== "object" || Array.isArray(archive)) return refused("arquivo", "não é uma lista de dias");
  for (const kind of ["results", "daily"]) {
    const days = archive[kind] ?? {};
    if (days === null || typeof days !== "object" || Array.isArray(days)) return refused("arquivo", "não é uma lista de dias");
    for (const [date, result] of Object.entries(days)) {
      const why = dateProblem(date, today) ?? resultProblem(result);
      if (why) return refused("arquivo", `tem um dia inválido: ${date.slice(0, 10)} ${why}`);
    }
  }
  return null;
}

const CHALLENGE_FIELDS = ["code", "date", "them", "me"];

/**
 * Why one kept challenge {code, date, them, me} (ui/challenge/challenge.js) could not have been written by
 * `today`, or null: its code must be a readable replay code (checksum included) whose day, floor
 * and total are the record's, and both results must be possible ones (`me` null until played).
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
  const mine = record.me === null ? null : resultProblem(record.me);
  return mine ? `${mine} (resultado deste aparelho)` : null;
}

/** Null when an import's `desafios` field is a list of challenges the game could have kept by `today`. */
export function challengesImportProblem(list, today) {
  if (!Array.isArray(list) || list.length > MAX_COUNT) return refused("desafios", "não são uma lista de desafios");
  const codes = new Set();
  for (const [i, record] of list.entries()) {
    const why = challengeProblem(record, today) ?? (codes.has(record.code) ? "repete outro desafio" : null);
    if (why) return refused("desafios", `têm um desafio inválido: o ${i + 1}.º ${why}`);
    codes.add(record.code);
  }
  return null;
}
