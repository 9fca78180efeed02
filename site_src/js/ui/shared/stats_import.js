// What an imported statistics line may hold, pure: a line pasted from another device
// may have been edited by hand, and one bad field can freeze the statistics for ever
// (a last day in 9999 means no later run is ever counted). Each field is checked
// against what the game itself could have written. The player reads plainly that the text
// was refused and what to do; the first field that could not have been written is named
// in the refusal's `detail`, for «Detalhes» (problem.js).
// The export line itself is written and read here too: only the statistics dialog, loaded
// when it opens (ui/game/run_end.js), uses any of it.

import { isCalendarDate } from "../../engine/calendar.js";
import { archiveResults } from "./archive_store.js";
import { challengeProblem, codeProblem } from "./challenge_records.js";
import { lisbonDate } from "./lisbon_date.js";
import { MAX_POINTS, isCountUpTo, notOpened } from "./saved_values.js";
import { resultProblem } from "./saved_results.js";
import { nameProblem } from "./challenge_name.js";
import { isValidStats, opponentsProblem } from "./storage.js";
import { OPPONENT_LEVELS } from "../../engine/opponent_levels.js";
import { opponentName } from "./labels.js";

// Checked when a save is read back too (saved_values.js, challenge_records.js).
export { MAX_POINTS } from "./saved_values.js";
export { challengeProblem } from "./challenge_records.js";

const FLOORS = 5;
// A century of daily towers: no count of days or runs can honestly be larger.
export const MAX_COUNT = 36525;

/** The field as the player reads it, named so that the sentence agrees with it ("o número de…" is). */
const FIELDS = {
  v: "a versão do formato",
  runs: "o número de corridas",
  wins: "o número de torres subidas",
  floors: "a lista dos andares onde as corridas acabaram",
  best: "a melhor pontuação",
  streak: "o número de dias seguidos",
  bestStreak: "o máximo de dias seguidos",
  lastDate: "o último dia contado",
  parBeaten: "o número de dias com o par batido",
  parDate: "o último dia com o par batido",
  opponentsBeaten: "a contagem dos dias em que ganhou a cada adversário",
  opponentsDate: "o último dia em que ganhou a um adversário",
  bestPatente: "a melhor categoria",
  arquivo: "a lista dos dias do arquivo",
  desafios: "a lista dos desafios recebidos",
};

/** The opponents' field problem (storage.js opponentsProblem: [field, why, level?]) as «Detalhes» says it. */
function opponentsWhy(field, why, level) {
  const name = level && OPPONENT_LEVELS.includes(level) ? opponentName(level) : null;
  if (field === "opponentsBeaten") {
    return { shape: "não é uma contagem por adversário", unknown: `tem um adversário que o jogo não conhece («${String(level).slice(0, 30)}»)`,
      missing: `não diz os dias do ${name}`, count: `tem um número de dias do ${name} que não é um número inteiro maior ou igual a 0`,
      more: `tem mais dias do ${name} do que corridas` }[why];
  }
  return { missing: "falta", unknown: "não é um adversário que o jogo conheça",
    counts: "não condiz com a contagem dos dias em que ganhou a cada adversário", date: "não é uma data do calendário",
    best: "não condiz com a melhor categoria" }[why];
}

/** Why a field was refused, as «Detalhes» says it: "o número de corridas não é …". */
const refused = (field, why) => `${FIELDS[field]} ${why}`;

// More challenges of one tower than a device could be sent in a day: a list beyond it was not received.
export const MAX_CHALLENGES_PER_DAY = 20;

/** The days a device could have played between the site's first day and `today` (both included); MAX_COUNT without a first day. */
export function daysOpen(today, firstDay = null) {
  if (!firstDay || !isCalendarDate(firstDay) || firstDay > today) return MAX_COUNT;
  const [a, b] = [firstDay, today].map((d) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8))));
  return Math.round((b - a) / 86400000) + 1;
}

/** Why `date` is not a day that can have been played by `today` (Lisbon), on a site whose first day is `firstDay`, or null. */
function dateProblem(date, today, firstDay = null) {
  if (!isCalendarDate(date)) return "não é uma data do calendário";
  if (notOpened(date, today)) return `é um dia que ainda não chegou (${date})`;
  if (firstDay && date < firstDay) return `é de antes do primeiro dia do jogo (${date})`;
  return null;
}

function countProblem(stats, field, max = MAX_COUNT) {
  const n = stats[field];
  if (!Number.isInteger(n) || n < 0) return refused(field, "não é um número inteiro maior ou igual a 0");
  if (n > max) return refused(field, `é grande de mais (${n})`);
  return null;
}

function datesProblem(stats, today, firstDay) {
  for (const field of ["lastDate", "parDate", "opponentsDate"]) {
    const date = stats[field];
    if (date === undefined || date === null) continue;
    const why = dateProblem(date, today, firstDay);
    if (why) return refused(field, why);
  }
  if ((stats.lastDate === null) !== (stats.runs === 0)) {
    return refused("lastDate", stats.runs === 0 ? "indica um dia, mas não há corridas" : "falta, mas há corridas");
  }
  if ((stats.parDate ?? null) === null ? (stats.parBeaten ?? 0) > 0 : !(stats.parBeaten > 0)) {
    return refused("parDate", "não condiz com o número de dias com o par batido");
  }
  for (const field of ["parDate", "opponentsDate"]) {
    if (stats[field] && stats[field] > stats.lastDate) return refused(field, "é posterior ao último dia contado");
  }
  return null;
}

/** How the counts must relate: no more wins, floors or par days than runs, no streak above the best. */
function relationsProblem(stats) {
  if (stats.wins > stats.runs) return refused("wins", "é maior do que o número de corridas");
  if (stats.floors.reduce((a, b) => a + b, 0) !== stats.runs) return "a soma da lista dos andares onde as corridas acabaram não é o número de corridas";
  if (stats.wins > stats.floors[FLOORS - 1]) return refused("wins", "é maior do que as corridas que chegaram ao último andar");
  if (stats.bestStreak > stats.runs) return refused("bestStreak", "é maior do que o número de corridas");
  if (stats.streak > stats.bestStreak) return refused("streak", "é maior do que o máximo de dias seguidos");
  if ((stats.parBeaten ?? 0) > stats.runs) return refused("parBeaten", "é maior do que o número de corridas");
  if (stats.runs === 0 && stats.best !== 0) return refused("best", "não é zero, mas não há corridas");
  return null;
}

/**
 * Null when the daily statistics of an import could have been written by the game by `today` on a site
 * whose first day is `firstDay` (no count above the days open since), else why not (its detail).
 */
export function statsImportProblem(stats, today, firstDay = null) {
  const days = daysOpen(today, firstDay);
  if (stats === null || typeof stats !== "object" || Array.isArray(stats)) return "as estatísticas não são um objeto JSON";
  const unknown = Object.keys(stats).find((key) => !Object.hasOwn(FIELDS, key));
  if (unknown !== undefined) return `o texto tem um campo que o jogo não conhece («${unknown.slice(0, 30)}»)`;
  if (stats.v !== 1) return "o texto usa uma versão do formato que esta versão do jogo não conhece";
  for (const field of ["runs", "wins", "streak", "bestStreak"]) {
    const problem = countProblem(stats, field, days);
    if (problem) return problem;
  }
  if (stats.parBeaten !== undefined) {
    const problem = countProblem(stats, "parBeaten", days);
    if (problem) return problem;
  }
  const best = countProblem(stats, "best", MAX_POINTS);
  if (best) return best;
  if (!Array.isArray(stats.floors) || stats.floors.length !== FLOORS || !stats.floors.every((n) => isCountUpTo(n, days))) {
    return refused("floors", `não tem ${FLOORS} números inteiros maiores ou iguais a 0`);
  }
  const opponents = opponentsProblem(stats);
  if (opponents) return refused(opponents[0], opponentsWhy(...opponents));
  return datesProblem(stats, today, firstDay) ?? relationsProblem(stats);
}

/** Null when an import's `arquivo` field ({results, daily}) holds only days that can have been played by `today`, since `firstDay`. */
export function archiveImportProblem(archive, today, firstDay = null) {
  if (archive === null || typeof archive !== "object" || Array.isArray(archive)) return refused("arquivo", "não é uma lista válida");
  for (const kind of ["results", "daily"]) {
    const days = archive[kind] ?? {};
    if (days === null || typeof days !== "object" || Array.isArray(days)) return refused("arquivo", "não é uma lista válida");
    if (Object.keys(days).length > daysOpen(today, firstDay)) return refused("arquivo", "tem mais dias do que os que o jogo já teve");
    for (const [date, result] of Object.entries(days)) {
      const why = dateProblem(date, today, firstDay) ?? resultProblem(result) ?? codeProblem(date, result);
      if (why) return refused("arquivo", `tem um dia inválido: ${date.slice(0, 10)} ${why}`);
    }
  }
  return null;
}

/**
 * Null when an import's `desafios` field is a list of challenges the game could have kept by `today`, since `firstDay`:
 * no more of one tower than MAX_CHALLENGES_PER_DAY.
 */
export function challengesImportProblem(list, today, firstDay = null) {
  if (!Array.isArray(list) || list.length > MAX_CHALLENGES_PER_DAY * daysOpen(today, firstDay)) return refused("desafios", "não é uma lista válida");
  const codes = new Set();
  const perDay = new Map();
  for (const [i, record] of list.entries()) {
    const why = challengeProblem(record, today) ?? (firstDay && record.date < firstDay ? `é de antes do primeiro dia do jogo (${record.date})` : null)
      ?? (record?.name !== undefined && nameProblem(record.name) !== null ? "tem um nome que uma ligação não pode trazer" : null)
      ?? (codes.has(record.code) ? "repete outro desafio" : null)
      ?? ((perDay.get(record.date) ?? 0) >= MAX_CHALLENGES_PER_DAY ? `é mais um de uma torre com ${MAX_CHALLENGES_PER_DAY} desafios` : null);
    if (why) return refused("desafios", `tem um desafio inválido: o ${i + 1}.º ${why}`);
    codes.add(record.code);
    perDay.set(record.date, (perDay.get(record.date) ?? 0) + 1);
  }
  return null;
}

const EXPORT_PREFIX = "TORRE-ESTATISTICAS-1:";
// An empty box is a player who has not pasted yet: say how, not that the text is wrong.
const NOTHING_PASTED = "Não colou nada: no outro aparelho, abra as Estatísticas e carregue em «Exportar»; "
  + "depois cole aqui o texto copiado e carregue em «Importar».";
// The player's sentences for a refused line; which field, and why, is the refusal's detail.
const NOT_AN_EXPORT = "Este texto não é uma exportação de estatísticas de A Torre.";
const CUT_OR_CHANGED = "O texto está incompleto ou foi alterado; copie-o outra vez.";
const REFUSED = "O texto foi recusado: tem valores que o jogo não poderia ter escrito. Volte a copiá-lo, por inteiro, do outro aparelho.";

function toBase64(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text) {
  const binary = atob(text);
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * Statistics as one line of text the player can copy to another device; with `archive`
 * ({results, daily}: archive_store.js), the finished archive days travel with them, and
 * with `challenges` (ui/shared/challenge_texts.js records) the challenges received, but for those of a
 * day that has not opened by `today`.
 */
export function exportStats(stats, archive = null, challenges = [], today = lisbonDate()) {
  // A challenge of a day that has not opened (kept before that rule) would make the line refused elsewhere.
  challenges = challenges.filter((record) => !notOpened(record.date, today));
  const days = archive && Object.keys(archive.results).length + Object.keys(archive.daily).length;
  const line = { ...stats, ...(days ? { arquivo: archive } : {}), ...(challenges.length ? { desafios: challenges } : {}) };
  return EXPORT_PREFIX + toBase64(JSON.stringify(line));
}

const refusal = (message, detail = null) => ({ ok: false, message, detail });

/**
 * {ok:true, stats, archive?, challenges?} or {ok:false, message, detail} for a pasted export line (`archive`
 * and `challenges` when it carries them). Every field must be one the game could have written by `today` (the Lisbon
 * date) on a site whose first day is `firstDay` (data-primeiro-dia: nothing before it, no count beyond the days since):
 * `message` is the player's plain sentence, `detail` (or null) names the first field that could not.
 */
export function parseStatsExport(text, today = lisbonDate(), firstDay = null) {
  const line = String(text).trim();
  if (line === "") return refusal(NOTHING_PASTED);
  if (!line.startsWith(EXPORT_PREFIX)) return refusal(NOT_AN_EXPORT);
  let stats;
  let decoded = null;
  try {
    decoded = fromBase64(line.slice(EXPORT_PREFIX.length));
    stats = JSON.parse(decoded);
  } catch {
    // Which step failed, in Portuguese: the browser's own words (English) help no one here.
    const why = decoded === null ? "não está em base64 (ou não é texto UTF-8)" : "não é JSON válido";
    return refusal(CUT_OR_CHANGED, `o texto depois de «${EXPORT_PREFIX}» não se lê: ${why}`);
  }
  if (stats === null || typeof stats !== "object" || Array.isArray(stats)) {
    return refusal(REFUSED, "o texto não é um objeto JSON");
  }
  const { arquivo, desafios, ...daily } = stats;
  const problem = statsImportProblem(daily, today, firstDay) ?? (arquivo === undefined ? null : archiveImportProblem(arquivo, today, firstDay))
    ?? (desafios === undefined ? null : challengesImportProblem(desafios, today, firstDay));
  if (problem || !isValidStats(daily)) return refusal(REFUSED, problem ?? "as estatísticas não são válidas");
  const parsed = arquivo === undefined ? { ok: true, stats: daily } : { ok: true, stats: daily, archive: archiveResults(arquivo) };
  return desafios === undefined ? parsed : { ...parsed, challenges: desafios };
}
