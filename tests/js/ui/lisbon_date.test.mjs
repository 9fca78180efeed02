// The Lisbon calendar day and the time to its midnight, worked out by the EU
// summer-time rule (ui/shared/lisbon_date.js, and boot.js's copy that asks early for the
// day's tower), checked against Intl's Europe/Lisbon time zone: every hour of
// ten years, and every five minutes around each change of the clocks.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

import { lisbonDate, lisbonOffset, msUntilLisbonMidnight } from "../../../site_src/js/ui/shared/lisbon_date.js";

const HOUR = 3600000;
const MINUTE = 60000;
const FIRST = Date.UTC(2026, 0, 1);
const LAST = Date.UTC(2036, 0, 1);
const intl = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Lisbon", year: "numeric", month: "2-digit", day: "2-digit",
  hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
});

function intlWall(ms) {
  const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map(({ type, value }) => [type, value]));
  return { date: `${p.year}-${p.month}-${p.day}`, offset: Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) - ms };
}

let changes = null;

/** The instants where Intl's offset changes, found hour by hour (once). */
function clockChanges() {
  if (changes) return changes;
  changes = [];
  for (let ms = FIRST; ms < LAST; ms += HOUR) {
    if (intlWall(ms).offset !== intlWall(ms + HOUR).offset) changes.push(ms + HOUR);
  }
  return changes;
}

/**
 * boot.js run against a minimal page; `at(ms, search)` runs it again at instant `ms` on a page
 * whose address ends in `search` and returns the day it asks for early, or null when it asks for none.
 */
function bootAt() {
  const script = new vm.Script(readFileSync(new URL("../../../site_src/boot.js", import.meta.url), "utf8"));
  const fetched = [];
  let now = 0;
  const document = {
    currentScript: { getAttribute: (name) => (name === "data-days" ? "/dias/" : null) },
    documentElement: { getAttribute: () => null, setAttribute() {} },
    getElementById: () => null,
    addEventListener() {},
  };
  class FixedDate extends Date {
    static now() { return now; }
  }
  const location = { search: "" };
  const fetch = (url) => { fetched.push(url); return Promise.resolve({}); };
  const context = vm.createContext({ document, location, fetch, window: { addEventListener() {} }, Date: FixedDate });
  return (ms, search = "") => {
    now = ms;
    location.search = search;
    fetched.length = 0;
    script.runInContext(context);
    const days = fetched.filter((url) => url.startsWith("/dias/"));
    assert.ok(days.length <= 1, days.join(" "));
    return days.length ? /^\/dias\/(\d{4}-\d{2}-\d{2})\.json$/.exec(days[0])[1] : null;
  };
}

test("the clocks change twice a year, on the last Sundays of March and October at 01:00 UTC", () => {
  const changes = clockChanges();
  assert.equal(changes.length, 20);
  for (const ms of changes) {
    const at = new Date(ms);
    assert.equal(at.getUTCDay(), 0);
    assert.equal(at.getUTCHours(), 1);
    assert.ok([2, 9].includes(at.getUTCMonth()) && at.getUTCDate() > 24);
  }
});

test("the Lisbon day and offset agree with Intl for every hour of ten years", () => {
  for (let ms = FIRST; ms < LAST; ms += HOUR) {
    const { date, offset } = intlWall(ms);
    assert.equal(lisbonOffset(ms), offset, new Date(ms).toISOString());
    assert.equal(lisbonDate(ms), date, new Date(ms).toISOString());
  }
});

test("around each change of the clocks, every five minutes agree with Intl, midnight included", () => {
  for (const change of clockChanges()) {
    for (let ms = change - 26 * HOUR; ms <= change + 26 * HOUR; ms += 5 * MINUTE) {
      const { date } = intlWall(ms);
      assert.equal(lisbonDate(ms), date);
      const midnight = ms + msUntilLisbonMidnight(ms);
      assert.notEqual(intlWall(midnight).date, date, new Date(ms).toISOString());
      assert.equal(intlWall(midnight - 1000).date, date, new Date(ms).toISOString());
    }
  }
});

test("boot.js asks early for the same Lisbon day the game loads", () => {
  const instants = [];
  for (let ms = FIRST; ms < LAST; ms += 7 * HOUR) instants.push(ms);
  for (const change of clockChanges()) {
    for (let ms = change - 25 * HOUR; ms <= change + 25 * HOUR; ms += HOUR) instants.push(ms);
  }
  const bootDate = bootAt();
  for (const ms of instants) assert.equal(bootDate(ms), lisbonDate(ms), new Date(ms).toISOString());
});

test("boot.js asks early for the archive day asked for with ?dia=, and none for a date the game refuses", () => {
  const at = bootAt();
  const noon = Date.UTC(2026, 11, 1, 12);
  assert.equal(at(noon, "?dia=2026-11-20"), "2026-11-20");
  assert.equal(at(noon, "?guia=1&dia=2026-11-30"), "2026-11-30");
  assert.equal(at(noon, "?dia=2026-12-01"), "2026-12-01", "today asked by date");
  assert.equal(at(noon, "?dia="), "2026-12-01", "an empty date is today");
  assert.equal(at(noon, "?dia=2026-12-02"), null, "a later day is refused: no request, no spoiler");
  assert.equal(at(noon, "?dia=ontem"), null);
  assert.equal(at(noon, "?guia=1"), "2026-12-01");
});
