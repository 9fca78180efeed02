// The challenges kept on the device as plain records {code, date, them, me, name?} (challenge.js):
// how one is made, received, settled by this device's run and merged with an import, and
// whether one read back could have been written (challengeProblem, codeProblem). Pure, and apart
// from challenge.js's texts, which only the end screen and the statistics show, because the game
// page's store (challenge_store.js) needs these before a challenged run starts.

import { beatsPar } from "../../engine/rank.js";
import { readCode } from "../../engine/replay_read.js";
import { shownName } from "./challenge_name.js";
import { monthAndAll } from "./figures.js";
import { notOpened } from "./saved_values.js";
import { resultProblem } from "./saved_results.js";

/** A kept challenge: `me` null until this device finishes that tower; `name` the sender's (not verified), when the link had one. */
export function newRecord(code, date, them, name = null) {
  return { code, date, them: { floor: them.floor, total: them.total, won: them.won }, me: null, ...(name ? { name } : {}) };
}

/** The records after receiving `record`: a code already kept keeps its own record (one challenge counts once). */
export function received(records, record) {
  return records.some((r) => r.code === record.code) ? records : [...records, record];
}

/** The records after this device finished `date`'s tower with `result`: the first finish counts. */
export function settled(records, date, result) {
  return records.map((r) => (r.date === date && r.me === null ? { ...r, me: { ...result } } : r));
}

/** The records after an import: the codes not kept yet join, in their order; a kept one keeps its own. */
export function merged(records, imported) {
  return imported.reduce(received, records);
}

/** A result {floor, total, won} as the par's rule ranks a run (engine/rank.js beatsPar). */
export const asRun = (result) => ({ won: result.won, floorReached: result.floor, total: result.total });

/** Of several challenges of one tower, the one to beat: the run that ranks highest (par's rule; the first of equals), or null. */
export function strongest(records) {
  return records.reduce((best, r) => (best === null || beatsPar(asRun(r.them), best.them) ? r : best), null);
}

const CHALLENGE_FIELDS = ["code", "date", "them", "me", "name"];

/**
 * Why one kept challenge {code, date, them, me} (ui/shared/challenge_texts.js) could not have been written by
 * `today`, or null: its code must be a readable replay code (checksum included) whose day, floor
 * and total are the record's, both results must be possible ones (`me` null until played), and a
 * name text. Whether a name is one a link can carry (challenge_name.js) is checked where one is
 * read from a link or an import, and again where one is shown.
 */
export function challengeProblem(record, today) {
  if (record === null || typeof record !== "object" || Array.isArray(record)) return "não é um desafio";
  if (Object.keys(record).some((key) => !CHALLENGE_FIELDS.includes(key))) return "tem um campo que o jogo não conhece";
  const read = readCode(record.code);
  if (!read.ok) return "tem uma ligação danificada ou alterada";
  if (read.date !== record.date) return "tem um dia que não é o da ligação";
  if (notOpened(record.date, today)) return `é de um dia que ainda não chegou (${record.date})`;
  const theirs = resultProblem(record.them);
  if (theirs) return `${theirs} (resultado da ligação)`;
  if (record.them.floor !== read.floor || record.them.total !== read.total) return "tem um resultado que não é o da ligação";
  if (record.name !== undefined && (typeof record.name !== "string" || record.name === "")) return "tem um nome que não é texto";
  const mine = record.me === null ? null : resultProblem(record.me);
  return mine ? `${mine} (resultado deste aparelho)` : null;
}

/** Why a kept result's replay code (`result.code`, optional) is not the run of `date` with that result, or null. */
export function codeProblem(date, result) {
  if (result.code === undefined) return null;
  const read = readCode(result.code);
  return read.ok && read.date === date && read.floor === result.floor && read.total === result.total ? null
    : "tem uma ligação que não é a da sua corrida";
}

/** "won", "lost" or "tied": `mine` against `theirs` by the par's rule (higher first, then points; equal is a tie). */
export function outcome(mine, theirs) {
  if (beatsPar(asRun(mine), theirs)) return "won";
  return beatsPar(asRun(theirs), mine) ? "lost" : "tied";
}

/** {won, lost, tied, open}: the challenges played (by outcome) and not played yet. */
export function tally(records) {
  const counts = { won: 0, lost: 0, tied: 0, open: 0 };
  for (const r of records) counts[r.me === null ? "open" : outcome(r.me, r.them)] += 1;
  return counts;
}

const NO_NAME = "Sem nome";

/**
 * The challenges played, by the name they came with (records without one together, as "Sem nome"),
 * most days first: `[{name, month, all}]`, `month` the figures of the days of `today`'s month,
 * `all` since the first; each {days, won, lost, tied} (figures.js). A name is what a link said, not a person.
 */
export function byName(records, today) {
  const played = records.filter((r) => r.me !== null);
  const nameOf = (r) => shownName(r.name) ?? NO_NAME;
  const names = [...new Set(played.map(nameOf))];
  return names.map((name) => {
    const theirs = played.filter((r) => nameOf(r) === name).map((r) => ({ date: r.date, outcome: outcome(r.me, r.them) }));
    return { name, ...monthAndAll(theirs, today) };
  }).sort((a, b) => b.all.days - a.all.days);
}
