// A day's tower still being played when its Lisbon day ends is never lost: it goes on as
// that day's run in the archive (counted for that day when it ends, streak included), and
// neither today's run nor a second tab overwrites it (issue 28 §1). The pages' side is
// tests/test_e2e_midnight.py.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ArchiveStore, carryEarlierRun, dayResult, heldEarlierRun, runStore, unfinishedDaily } from "../../../site_src/js/ui/shared/archive_store.js";
import { previousDate } from "../../../site_src/js/ui/shared/lisbon_date.js";
import { GameStorage, addEarlierRun, addRun, emptyStats } from "../../../site_src/js/ui/shared/storage.js";
import { MemoryBackend } from "../helpers/memory-storage.mjs";

const PLAYS = [{ type: "place", tile: 0, square: "C2" }, { type: "play" }, { type: "trunfo", id: "cabra" }];
const daily = (date, actions, wordList = "0123456789") => JSON.stringify({ v: 1, date, actions, wordList });
const summary = (floorReached, total, won = false) => ({ floorReached, total, won });

function device(entries = {}) {
  const backend = new MemoryBackend(entries);
  const storage = new GameStorage(backend);
  return { backend, storage, archive: new ArchiveStore(storage) };
}

test("a day's tower left unfinished at midnight moves into the archive as that day's run", () => {
  const { backend, storage, archive } = device({ "torre.corrida": daily("2026-12-01", PLAYS) });
  assert.equal(carryEarlierRun(storage, archive, "2026-12-02"), "2026-12-01");
  assert.deepEqual(archive.loadRun("2026-12-01"), { status: "ok", actions: PLAYS, wordList: "0123456789", daily: true });
  assert.equal(backend.getItem("torre.corrida"), null, "today's run starts on a clear save");
  assert.deepEqual(dayResult(archive.load(), "2026-12-01"), { inProgress: true });
  assert.equal(unfinishedDaily(archive.load(), "2026-12-02"), "2026-12-01");
  assert.equal(unfinishedDaily(archive.load(), "2026-12-09"), "2026-12-01", "days later, it is still there");
});

test("today's own run, a finished one and one with no action yet stay where they are", () => {
  const today = device({ "torre.corrida": daily("2026-12-02", PLAYS) });
  assert.equal(carryEarlierRun(today.storage, today.archive, "2026-12-02"), null);
  assert.equal(today.storage.loadRun("2026-12-02").status, "ok");
  const untouched = device({ "torre.corrida": daily("2026-12-01", []) });
  assert.equal(carryEarlierRun(untouched.storage, untouched.archive, "2026-12-02"), null);
  const finished = device({ "torre.corrida": daily("2026-12-01", PLAYS) });
  finished.archive.addDaily("2026-12-01", summary(2, 80));
  assert.equal(carryEarlierRun(finished.storage, finished.archive, "2026-12-02"), null);
  assert.deepEqual(finished.archive.load().runs, {});
});

test("a run carried by two tabs keeps the longer log: a save never goes back", () => {
  const { storage, archive } = device();
  assert.equal(archive.keepDaily("2026-12-01", PLAYS, null), true);
  assert.equal(archive.keepDaily("2026-12-01", PLAYS.slice(0, 1), null), true);
  assert.deepEqual(archive.loadRun("2026-12-01").actions, PLAYS);
  const store = runStore({ storage, archive, wordList: "0123456789", past: true });
  store.saveRun("2026-12-01", [...PLAYS, { type: "shuffle" }]);
  assert.equal(archive.loadRun("2026-12-01").daily, true, "saving on keeps it the day's tower");
});

test("an archive run of that day that did not begin as the day's tower is never replaced", () => {
  const { storage, archive } = device({ "torre.corrida": daily("2026-12-01", PLAYS) });
  archive.saveRun("2026-12-01", [{ type: "pass" }], null);
  assert.equal(archive.keepDaily("2026-12-01", PLAYS, null), false);
  assert.equal(carryEarlierRun(storage, archive, "2026-12-02"), "2026-12-01");
  assert.deepEqual(archive.loadRun("2026-12-01").actions, [{ type: "pass" }]);
  assert.equal(JSON.parse(storage.read("torre.corrida.posta-de-parte.2026-12-01")).date, "2026-12-01", "the day's run is kept aside");
});

test("the day's tower played on in a tab opened before midnight never overwrites the next day's run", () => {
  const { storage, archive } = device();
  const old = runStore({ storage, archive, wordList: "0123456789", past: false });
  old.saveRun("2026-12-01", PLAYS.slice(0, 1));
  storage.saveRun("2026-12-02", [{ type: "shuffle" }], "0123456789"); // a second tab, after midnight
  old.saveRun("2026-12-01", PLAYS);
  assert.deepEqual(storage.loadRun("2026-12-02").actions, [{ type: "shuffle" }]);
  assert.deepEqual(archive.loadRun("2026-12-01"), { status: "ok", actions: PLAYS, wordList: "0123456789", daily: true });
});

test("a storage that refuses the archive leaves the day's save where it was", () => {
  const backend = new MemoryBackend({ "torre.corrida": daily("2026-12-01", PLAYS) }, ["torre.arquivo", "torre.corrida.posta-de-parte.2026-12-01"]);
  const storage = new GameStorage(backend);
  assert.equal(carryEarlierRun(storage, new ArchiveStore(storage), "2026-12-02"), null);
  assert.equal(storage.loadRun("2026-12-01").status, "ok");
});

test("the day's tower finished after the next day's counts for its own day and mends the streak", () => {
  // 29 and 30 November played; 1 December left at midnight; 2 December finished first, then 1 December.
  let stats = emptyStats();
  for (const date of ["2026-11-29", "2026-11-30"]) stats = addRun(stats, date, summary(2, 90));
  stats = addRun(stats, "2026-12-02", summary(3, 150));
  assert.equal(stats.streak, 1, "the gap broke the streak, for now");
  const late = addEarlierRun(stats, "2026-12-01", summary(5, 320, true), ["2026-11-29", "2026-11-30", "2026-12-02"]);
  assert.deepEqual({ runs: late.runs, wins: late.wins, best: late.best, streak: late.streak, bestStreak: late.bestStreak, lastDate: late.lastDate },
    { runs: 4, wins: 1, best: 320, streak: 4, bestStreak: 4, lastDate: "2026-12-02" });
  assert.deepEqual(late.floors, [0, 2, 1, 0, 1]);
});

test("a late day that bridges nothing counts without lengthening the streak", () => {
  let stats = addRun(emptyStats(), "2026-11-20", summary(1, 30));
  stats = addRun(stats, "2026-12-02", summary(1, 30));
  const late = addEarlierRun(stats, "2026-11-25", summary(2, 70), ["2026-11-20", "2026-12-02"]);
  assert.equal(late.runs, 3);
  assert.equal(late.streak, 1);
  assert.equal(late.bestStreak, 1);
});

test("the day before a date is worked out on the calendar, across months, years and leap days", () => {
  assert.equal(previousDate("2026-12-01"), "2026-11-30");
  assert.equal(previousDate("2027-01-01"), "2026-12-31");
  assert.equal(previousDate("2028-03-01"), "2028-02-29");
  assert.equal(previousDate("2026-03-29"), "2026-03-28"); // the day Lisbon's clocks go forward
});

// Issue 41, item 2: at midnight with a full storage the run in progress was deleted.
test("today's run never writes over an earlier day's run the full storage kept where it was", () => {
  const backend = new MemoryBackend({ "torre.corrida": daily("2026-12-01", PLAYS) }, ["torre.arquivo", "torre.corrida.posta-de-parte.2026-12-01"]);
  const storage = new GameStorage(backend);
  const archive = new ArchiveStore(storage);
  assert.equal(heldEarlierRun(storage, archive, "2026-12-02").date, "2026-12-01");
  const today = runStore({ storage, archive, wordList: "0123456789", past: false });
  assert.equal(today.saveRun("2026-12-02", [{ type: "pass" }]), false, "refused: the earlier run is kept nowhere else");
  assert.deepEqual(storage.loadRun("2026-12-01").actions, PLAYS);
  backend.full.clear(); // the player freed some space: the next save moves the earlier run first
  assert.equal(today.saveRun("2026-12-02", [{ type: "pass" }, { type: "pass" }]), true);
  assert.deepEqual(archive.loadRun("2026-12-01"), { status: "ok", actions: PLAYS, wordList: "0123456789", daily: true });
  assert.deepEqual(storage.loadRun("2026-12-02").actions, [{ type: "pass" }, { type: "pass" }]);
  assert.equal(heldEarlierRun(storage, archive, "2026-12-02"), null);
});

test("an earlier day's run copied aside, kept in the archive, finished or empty is not held", () => {
  const aside = device({ "torre.corrida": daily("2026-12-01", PLAYS) });
  aside.storage.setRunAside("2026-12-01");
  assert.equal(heldEarlierRun(aside.storage, aside.archive, "2026-12-02"), null);
  const kept = device({ "torre.corrida": daily("2026-12-01", PLAYS) });
  kept.archive.keepDaily("2026-12-01", PLAYS, null);
  assert.equal(heldEarlierRun(kept.storage, kept.archive, "2026-12-02"), null);
  const longer = device({ "torre.corrida": daily("2026-12-01", PLAYS) });
  longer.archive.keepDaily("2026-12-01", PLAYS.slice(0, 1), null);
  assert.equal(heldEarlierRun(longer.storage, longer.archive, "2026-12-02").date, "2026-12-01", "the archive's copy is shorter");
  const finished = device({ "torre.corrida": daily("2026-12-01", PLAYS) });
  finished.archive.addDaily("2026-12-01", summary(2, 80));
  assert.equal(heldEarlierRun(finished.storage, finished.archive, "2026-12-02"), null);
  const empty = device({ "torre.corrida": daily("2026-12-01", []) });
  assert.equal(heldEarlierRun(empty.storage, empty.archive, "2026-12-02"), null);
});

// Issue 41, item 5: the clock set back after a run was kept past midnight.
test("two logs of a day's tower that went apart are both kept: neither replaces the other", () => {
  const { storage, archive } = device({ "torre.corrida": daily("2026-12-01", [{ type: "shuffle" }]) });
  assert.equal(archive.keepDaily("2026-12-01", PLAYS, null), true);
  assert.equal(archive.keepDaily("2026-12-01", [{ type: "shuffle" }], null), false, "not the same run: not kept over it");
  assert.equal(carryEarlierRun(storage, archive, "2026-12-02"), "2026-12-01", "carried by its copy aside");
  assert.deepEqual(archive.loadRun("2026-12-01").actions, PLAYS);
  assert.deepEqual(JSON.parse(storage.read("torre.corrida.posta-de-parte.2026-12-01")).actions, [{ type: "shuffle" }]);
  assert.equal(archive.keepDaily("2026-12-01", [...PLAYS, { type: "pass" }], null), true, "the same run taken further replaces it");
  assert.equal(archive.loadRun("2026-12-01").actions.length, PLAYS.length + 1);
});
