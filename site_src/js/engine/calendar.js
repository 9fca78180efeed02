// Calendar dates as the game writes them, "YYYY-MM-DD". Apart from replay_read.js, so that the
// game page checks a ?dia= date without carrying a replay code's reader (issue 23).

/** A real calendar date written "YYYY-MM-DD" (2026-02-30 is not one). */
export function isCalendarDate(text) {
  if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}
