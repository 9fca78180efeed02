// The checks every read-back save shares (storage.js, archive_store.js): what was
// written may be from an older version, edited by hand or cut short.

export const isCount = (n) => Number.isInteger(n) && n >= 0;
export const isDate = (s) => typeof s === "string" && /^\d{4}-\d{2}-\d{2}$/.test(s);
/** A word-list version as saves record it (pipeline.assets.short_hash), or null. */
export const wordListOf = (v) => (typeof v === "string" && /^[0-9a-f]{10}$/.test(v) ? v : null);
/** An action log as saves keep it: objects that each name their type. */
export const isActions = (a) => Array.isArray(a) && a.every((x) => x !== null && typeof x === "object" && typeof x.type === "string");
/** A finished tower's result as saves keep it (practice, archive, challenges): {floor ≥ 1, total, won}. */
export const isResult = (r) => r !== null && typeof r === "object" && isCount(r.floor) && r.floor >= 1 && isCount(r.total) &&
  typeof r.won === "boolean";
/** A finished run's result as kept: an engine summary's {floorReached, total, won}. */
export const resultOf = (summary) => ({ floor: summary.floorReached, total: summary.total, won: summary.won });
