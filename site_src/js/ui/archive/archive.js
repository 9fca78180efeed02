// The archive's rules, pure: which days it lists (up to yesterday in Lisbon,
// never today or later: no spoilers), in what order and grouping, and what
// a `?dia=` address asks for. Dates are "YYYY-MM-DD" strings compared as text.

const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
  "setembro", "outubro", "novembro", "dezembro"];

import { isCalendarDate } from "../../engine/calendar.js";
export { isCalendarDate } from "../../engine/calendar.js";

export { requestedDay, shownDate } from "../shared/lisbon_date.js";

/** "novembro de 2026" for a date of that month. */
export function monthName(date) {
  const [y, m] = date.split("-");
  return `${MONTHS[Number(m) - 1]} de ${y}`;
}

/** The entries of dias/indice.json ({date, opener}) that are well formed; anything else is dropped. */
export function indexDays(index) {
  const days = index && Array.isArray(index.days) ? index.days : [];
  return days.filter((d) => d && isCalendarDate(d.date) && typeof d.opener === "string");
}

/**
 * The archive's months, newest first: [{month, days:[{date, opener}]}], every day of the
 * index before `today` (Lisbon), newest first. Today and later days are never listed.
 */
export function archiveMonths(index, today) {
  const days = indexDays(index).filter((d) => d.date < today).sort((a, b) => (a.date < b.date ? 1 : -1));
  const months = [];
  for (const day of days) {
    const month = monthName(day.date);
    if (months.at(-1)?.month !== month) months.push({ month, days: [] });
    months.at(-1).days.push(day);
  }
  return months;
}
