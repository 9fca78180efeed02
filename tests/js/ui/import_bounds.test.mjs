// An import brings only what the game itself could have written on this site (issue 41, item 11):
// no day before the site's first day, no more days than it has had, no more challenges of a
// tower than a device could have been sent.
import assert from "node:assert/strict";
import { test } from "node:test";

import { addRun, emptyStats } from "../../../site_src/js/ui/shared/storage.js";
import { MAX_CHALLENGES_PER_DAY, daysOpen, parseStatsExport } from "../../../site_src/js/ui/shared/stats_import.js";
import { crc24 } from "../../../site_src/js/engine/replay_code.js";
import { exportLine } from "../helpers/memory-storage.mjs";

const FIRST = "2026-11-01";
const TODAY = "2026-12-01";
const SUMMARY = { floorReached: 2, total: 80, won: false };
const PLAYED = addRun(emptyStats(), "2026-11-30", SUMMARY);
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A code that reads (its fixed fields and checksum) for `date`, as docs/replay-link.md "Format 1" says. */
function codeOf(date, floor = 1, total = 0, salt = 0) {
  const days = BigInt((Date.UTC(...date.split("-").map((n, i) => Number(n) - (i === 1 ? 1 : 0))) - Date.UTC(2020, 0, 1)) / 86400000);
  let n = days + 32768n * (0x0123456789n + 16n ** 10n * (BigInt(floor - 1) + 8n * (BigInt(total) + 16384n * BigInt(salt))));
  let digits = "";
  while (n) { digits = DIGITS[Number(n % 64n)] + digits; n /= 64n; }
  const body = `1${digits}`;
  const crc = crc24(body);
  return body + [18, 12, 6, 0].map((shift) => DIGITS[(crc >> shift) & 63]).join("");
}
const challenge = (date, salt = 0) => ({ code: codeOf(date, 1, 0, salt), date, them: { floor: 1, total: 0, won: false }, me: null });

test("the days a device could have played: from the site's first day to today, both included", () => {
  assert.equal(daysOpen(TODAY, FIRST), 31);
  assert.equal(daysOpen(FIRST, FIRST), 1);
});

test("40,000 archive days from 1900 are refused, and a day before the site's first day", () => {
  const results = {};
  for (let i = 0; i < 40000; i += 1) {
    const date = new Date(Date.UTC(1900, 0, 1 + i)).toISOString().slice(0, 10);
    results[date] = { floor: 1, total: 0, won: false };
  }
  const many = parseStatsExport(exportLine({ ...PLAYED, arquivo: { results, daily: {} } }), TODAY, FIRST);
  assert.equal(many.ok, false);
  assert.match(many.detail, /a lista dos dias do arquivo tem mais dias do que os que o jogo já teve/);
  const early = parseStatsExport(exportLine({ ...PLAYED, arquivo: { results: { "2026-10-31": { floor: 1, total: 0, won: false } } } }), TODAY, FIRST);
  assert.match(early.detail, /2026-10-31 é de antes do primeiro dia do jogo/);
  const fine = parseStatsExport(exportLine({ ...PLAYED, arquivo: { results: { "2026-11-01": { floor: 1, total: 0, won: false } } } }), TODAY, FIRST);
  assert.equal(fine.ok, true);
});

test("more runs than days the site has had are refused", () => {
  const parsed = parseStatsExport(exportLine({ ...PLAYED, runs: 40, floors: [0, 40, 0, 0, 0], streak: 1, bestStreak: 1 }), TODAY, FIRST);
  assert.equal(parsed.ok, false);
  assert.match(parsed.detail, /o número de corridas é grande de mais \(40\)/);
});

test("36,525 challenges are refused, and more of one tower than a device could be sent", () => {
  const forged = Array.from({ length: 36525 }, (_, i) => challenge("2026-11-20", i + 1));
  assert.equal(parseStatsExport(exportLine({ ...PLAYED, desafios: forged }), TODAY, FIRST).ok, false);
  const oneTower = Array.from({ length: MAX_CHALLENGES_PER_DAY + 1 }, (_, i) => challenge("2026-11-20", i + 1));
  const parsed = parseStatsExport(exportLine({ ...PLAYED, desafios: oneTower }), TODAY, FIRST);
  assert.match(parsed.detail, new RegExp(`o ${MAX_CHALLENGES_PER_DAY + 1}\\.º é mais um de uma torre com ${MAX_CHALLENGES_PER_DAY} desafios`));
  assert.equal(parseStatsExport(exportLine({ ...PLAYED, desafios: oneTower.slice(1) }), TODAY, FIRST).ok, true);
  const early = parseStatsExport(exportLine({ ...PLAYED, desafios: [challenge("2026-10-20")] }), TODAY, FIRST);
  assert.match(early.detail, /é de antes do primeiro dia do jogo \(2026-10-20\)/);
});
