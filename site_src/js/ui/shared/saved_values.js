// The checks every read-back save shares (storage.js, archive_store.js): what was
// written may be from an older version, edited by hand or cut short.

export const isCount = (n) => Number.isInteger(n) && n >= 0;
export const isDate = (s) => typeof s === "string" && /^\d{4}-\d{2}-\d{2}$/.test(s);
/** A word-list version as saves record it (pipeline.assets.short_hash), or null. */
export const wordListOf = (v) => (typeof v === "string" && /^[0-9a-f]{10}$/.test(v) ? v : null);
