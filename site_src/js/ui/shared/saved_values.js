// The checks every read-back save shares (storage.js, archive_store.js, challenge_store.js,
// and an import's, stats_import.js): what was written may be from an older version, edited
// by hand or cut short.

import { OPPONENT_LEVELS } from "../../engine/opponent_levels.js";

// Far above any total a run of five floors can make; a larger one was not played.
export const MAX_POINTS = 100000;

/**
 * The one rule for a day that has not opened by `today` (the Lisbon date): a run of it is not
 * verified (ui/shared/verify.js), not kept (challengeProblem) and not exported (stats_import.js).
 */
export const notOpened = (date, today) => date > today;

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

/** A replay code's shape as this device writes it (its whole check, challenge_records.js codeProblem, is the end chunk's). */
export const isCodeShaped = (code) => typeof code === "string" && /^[0-9A-Za-z_-]{8,400}$/.test(code);
