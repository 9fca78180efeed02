// Today's date in Europe/Lisbon and the time left until the next Lisbon
// midnight. Everyone plays the same tower on the same Lisbon calendar day, so
// the player's own time zone must never decide which tower is loaded.

const ZONE = "Europe/Lisbon";
const DAY_MS = 86400000;

const formatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: ZONE,
  year: "numeric", month: "2-digit", day: "2-digit",
  hour: "2-digit", minute: "2-digit", second: "2-digit",
  hourCycle: "h23",
});

/** Lisbon wall-clock fields of an instant (milliseconds since the epoch). */
function lisbonParts(ms) {
  const parts = {};
  for (const { type, value } of formatter.formatToParts(new Date(ms))) {
    parts[type] = value;
  }
  return parts;
}

/** "YYYY-MM-DD" of the Lisbon calendar day containing `ms`. */
export function lisbonDate(ms = Date.now()) {
  const p = lisbonParts(ms);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Lisbon's offset from UTC at `ms`, in milliseconds (0 in winter, 1 h in summer). */
function lisbonOffset(ms) {
  const p = lisbonParts(ms);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** Milliseconds from `ms` until the next Lisbon midnight (23 h or 25 h days included). */
export function msUntilLisbonMidnight(ms = Date.now()) {
  const p = lisbonParts(ms);
  const nextWallMidnight = Date.UTC(+p.year, +p.month - 1, +p.day) + DAY_MS;
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

/** "05:23:10" for a duration in milliseconds. */
export function formatCountdown(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
