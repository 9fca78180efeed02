// The challenges kept on the device as plain records {code, date, them, me} (challenge.js):
// how one is made, received, settled by this device's run and merged with an import, and
// whether one read back could have been written (challengeProblem). Pure, and apart from
// challenge.js's texts, which only the end screen and the statistics show, because the game
// page's store (challenge_store.js) needs these before a challenged run starts.

import { beatsPar } from "../../engine/rank.js";
import { readCode } from "../../engine/replay_read.js";
import { notOpened, resultProblem } from "./saved_values.js";

/** A kept challenge: `me` null until this device finishes that tower. */
export function newRecord(code, date, them) {
  return { code, date, them: { floor: them.floor, total: them.total, won: them.won }, me: null };
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
  if (notOpened(record.date, today)) return `é de um dia que ainda não chegou (${record.date})`;
  const theirs = resultProblem(record.them);
  if (theirs) return `${theirs} (resultado da ligação)`;
  if (record.them.floor !== read.floor || record.them.total !== read.total) return "tem um resultado que não é o da ligação";
  const mine = record.me === null ? null : resultProblem(record.me);
  return mine ? `${mine} (resultado deste aparelho)` : null;
}
