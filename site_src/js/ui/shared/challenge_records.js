// The challenges kept on the device as plain records {code, date, them, me, name?} (challenge.js):
// how one is made, received, settled by this device's run and merged with an import. Pure,
// and apart from challenge.js's texts, which only the end screen and the statistics show,
// because the game page's store (challenge_store.js) needs these at once.

import { beatsPar } from "../../engine/rank.js";

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
