// Today's date in Europe/Lisbon and the time left until the next Lisbon
// midnight. Everyone plays the same tower on the same Lisbon calendar day, so
// the player's own time zone must never decide which tower is loaded.

import { isCalendarDate } from "../../engine/calendar.js";

const HOUR_MS = 3600000;
const DAY_MS = 86400000;

// Lisbon keeps Western European Time: UTC+0, and UTC+1 in summer time, which in
// the EU starts on the last Sunday of March and ends on the last Sunday of
// October, both at 01:00 UTC (Directive 2000/84/EC). Worked out here rather
// than asked of Intl: the first time-zone formatter a page makes costs about
// 40 ms of CPU on a desktop and 200 ms on a slow phone (issue 14). A test
// checks this against Intl's Europe/Lisbon for every hour of many years.

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`, in ms. */
function lastSundayOneAm(year, month) {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Lisbon's offset from UTC at `ms`, in milliseconds (0 in winter, 1 h in summer). */
export function lisbonOffset(ms) {
  const year = new Date(ms).getUTCFullYear();
  return ms >= lastSundayOneAm(year, 2) && ms < lastSundayOneAm(year, 9) ? HOUR_MS : 0;
}

/** "YYYY-MM-DD" of the Lisbon calendar day containing `ms`. */
export function lisbonDate(ms = Date.now()) {
  return new Date(ms + lisbonOffset(ms)).toISOString().slice(0, 10);
}

/** Milliseconds from `ms` until the next Lisbon midnight (23 h or 25 h days included). */
export function msUntilLisbonMidnight(ms = Date.now()) {
  const wall = ms + lisbonOffset(ms);
  const nextWallMidnight = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS) + DAY_MS;
  // The offset at midnight may differ from now's on DST days: settle it twice.
  let instant = nextWallMidnight - lisbonOffset(ms);
  instant = nextWallMidnight - lisbonOffset(instant);
  return Math.max(instant - ms, 0);
}

/** The calendar day after `date` ("YYYY-MM-DD"), by calendar arithmetic only. */
export function nextDate(date) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) + DAY_MS).toISOString().slice(0, 10);
}

/** The calendar day before `date` ("YYYY-MM-DD"). */
export function previousDate(date) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) - DAY_MS).toISOString().slice(0, 10);
}

/** "05:23:10" for a duration in milliseconds. */
export function formatCountdown(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

/** "15/11/2026": a date as players read it. */
export const shownDate = (date) => date.split("-").reverse().join("/");

/**
 * What `?dia=<value>` asks for on `today`: {kind:"today"} (no value, or today's date),
 * {kind:"past", date}, {kind:"future", date} or {kind:"malformed"}. Whether a past day is
 * in the window is the day file's to say (a 404).
 */
export function requestedDay(value, today) {
  if (value === null || value === undefined || value === "" || value === today) return { kind: "today" };
  if (!isCalendarDate(value)) return { kind: "malformed" };
  return value > today ? { kind: "future", date: value } : { kind: "past", date: value };
}
