// The archive's rules and its storage: only days before today in Lisbon are
// listed, newest first by month; archive runs are saved per day apart from
// today's run and never touch the daily statistics; old saves still load; a
// save keeps the word-list version it was played with.
import assert from "node:assert/strict";
import { test } from "node:test";

import { archiveMonths, isCalendarDate, requestedDay } from "../../../site_src/js/ui/archive/archive.js";
import { resultText } from "../../../site_src/js/ui/archive/archive_page.js";
import { ArchiveStore, archiveResults, dayResult, runStore } from "../../../site_src/js/ui/shared/archive_store.js";
import { archiveStats, importResults, setPar } from "../../../site_src/js/ui/shared/archive_later.js";
import { lisbonDate } from "../../../site_src/js/ui/shared/lisbon_date.js";
import { versionUrls, wordsForVersion } from "../../../site_src/js/ui/shared/loader.js";
import { GameStorage, addRun, emptyStats } from "../../../site_src/js/ui/shared/storage.js";
import { exportStats, parseStatsExport } from "../../../site_src/js/ui/shared/stats_import.js";
import { MemoryBackend } from "../helpers/memory-storage.mjs";

const INDEX = { v: 1, days: [
  { date: "2026-10-30", opener: "CAPA" }, { date: "2026-10-31", opener: "FADO" }, { date: "2026-11-01", opener: "TUNA" },
  { date: "2026-11-02", opener: "PRAXE" }, { date: "2026-11-03", opener: "LATADA" },
] };
const SUMMARY = { won: false, floorReached: 3, total: 150 };

test("the archive lists every day before today, newest first, grouped by month in Portuguese", () => {
  const months = archiveMonths(INDEX, "2026-11-03");
  assert.deepEqual(months.map((m) => m.month), ["novembro de 2026", "outubro de 2026"]);
  assert.deepEqual(months.flatMap((m) => m.days.map((d) => d.date)), ["2026-11-02", "2026-11-01", "2026-10-31", "2026-10-30"]);
  assert.equal(months[0].days[0].opener, "PRAXE");
});

test("the archive never lists today or a later day: yesterday is the newest, by the Lisbon clock", () => {
  // Winter time: Lisbon is UTC+0, so at 23:30 UTC on 2 November it is still the 2nd.
  assert.equal(archiveMonths(INDEX, lisbonDate(Date.UTC(2026, 10, 2, 23, 30)))[0].days[0].date, "2026-11-01");
  // Summer time (until 25 October 2026): 23:30 UTC on 20 October is 00:30 on the 21st in Lisbon.
  assert.equal(lisbonDate(Date.UTC(2026, 9, 20, 23, 30)), "2026-10-21", "summer time: Lisbon is an hour ahead");
  const summer = { v: 1, days: [{ date: "2026-10-20", opener: "CAPA" }, { date: "2026-10-21", opener: "FADO" }] };
  const days = archiveMonths(summer, lisbonDate(Date.UTC(2026, 9, 20, 23, 30))).flatMap((m) => m.days);
  assert.deepEqual(days.map((d) => d.date), ["2026-10-20"], "at 00:30 in Lisbon the 21st is today, not in the archive");
  assert.deepEqual(archiveMonths(INDEX, "2026-10-30"), [], "the window's first day: nothing yet");
});

test("a damaged index lists nothing it cannot read, and never throws", () => {
  for (const index of [null, {}, { days: "x" }, { days: [null, 3, { date: "2026-13-01", opener: "X" }, { date: "2026-11-01" }] }]) {
    assert.deepEqual(archiveMonths(index, "2026-12-01"), []);
  }
});

test("?dia= asks for today, a past day, a future day or nothing valid", () => {
  assert.deepEqual(requestedDay(null, "2026-12-01"), { kind: "today" });
  assert.deepEqual(requestedDay("2026-12-01", "2026-12-01"), { kind: "today" });
  assert.deepEqual(requestedDay("2026-11-30", "2026-12-01"), { kind: "past", date: "2026-11-30" });
  assert.deepEqual(requestedDay("2026-12-02", "2026-12-01"), { kind: "future", date: "2026-12-02" });
  for (const bad of ["2026-02-30", "ontem", "2026-1-1", "2026-11-30x", "<script>"]) {
    assert.deepEqual(requestedDay(bad, "2026-12-01"), { kind: "malformed" }, bad);
  }
  assert.equal(isCalendarDate("2028-02-29"), true);
});

test("archive runs are saved per day, several at once, apart from today's run", () => {
  const storage = new GameStorage(new MemoryBackend());
  const archive = new ArchiveStore(storage);
  storage.saveRun("2026-12-01", [{ type: "pass" }], "aaaaaaaaaa");
  archive.saveRun("2026-11-01", [{ type: "shuffle" }], "bbbbbbbbbb");
  archive.saveRun("2026-11-02", [{ type: "pass" }, { type: "pass" }], null);
  assert.deepEqual(archive.loadRun("2026-11-01"), { status: "ok", actions: [{ type: "shuffle" }], wordList: "bbbbbbbbbb" });
  assert.equal(archive.loadRun("2026-11-02").actions.length, 2);
  assert.equal(archive.loadRun("2026-11-02").wordList, null);
  assert.deepEqual(archive.loadRun("2026-11-03"), { status: "none" });
  assert.deepEqual(storage.loadRun("2026-12-01"), { status: "ok", actions: [{ type: "pass" }], wordList: "aaaaaaaaaa" });
  archive.clearRun("2026-11-01");
  assert.deepEqual(archive.loadRun("2026-11-01"), { status: "none" });
  assert.equal(storage.loadRun("2026-12-01").status, "ok", "clearing an archive day leaves today's run");
});

test("an archive run never counts for the streak or the daily statistics: it has its own", () => {
  const storage = new GameStorage(new MemoryBackend());
  const daily = addRun(emptyStats(), "2026-11-30", SUMMARY);
  storage.saveStats(daily);
  const archive = new ArchiveStore(storage);
  archive.addResult("2026-11-01", SUMMARY);
  archive.addResult("2026-11-02", { won: true, floorReached: 5, total: 600 });
  archive.addResult("2026-11-02", { won: false, floorReached: 1, total: 3 }); // a second finish changes nothing
  assert.deepEqual(storage.loadStats().stats, daily);
  assert.deepEqual(archiveStats(archive.load()), { runs: 2, wins: 1 });
  assert.deepEqual(dayResult(archive.load(), "2026-11-02"), { floor: 5, total: 600, won: true });
});

test("the archive says which days were finished, which are in progress and which were never played", () => {
  const archive = new ArchiveStore(new GameStorage(new MemoryBackend()));
  archive.saveRun("2026-11-01", [{ type: "pass" }], null);
  archive.saveRun("2026-11-02", [{ type: "pass" }], null);
  archive.addResult("2026-11-02", SUMMARY);
  assert.deepEqual(dayResult(archive.load(), "2026-11-01"), { inProgress: true });
  assert.deepEqual(dayResult(archive.load(), "2026-11-02"), { floor: 3, total: 150, won: false });
  assert.equal(dayResult(archive.load(), "2026-11-03"), null);
});

test("a damaged archive entry is dropped, the others kept, and nothing throws", () => {
  const raw = JSON.stringify({ v: 1, runs: { "2026-11-01": { actions: [{ type: "pass" }] }, "2026-11-02": { actions: "x" }, nonsense: {} },
    results: { "2026-11-01": SUMMARY, "2026-11-03": { floor: 2, total: 40, won: false } } });
  const archive = new ArchiveStore(new GameStorage(new MemoryBackend({ "torre.arquivo": raw })));
  assert.deepEqual(Object.keys(archive.load().runs), ["2026-11-01"]);
  assert.deepEqual(Object.keys(archive.load().results), ["2026-11-03"]);
  for (const broken of ["{", "null", "[]", JSON.stringify({ v: 2 })]) {
    assert.deepEqual(new ArchiveStore(new GameStorage(new MemoryBackend({ "torre.arquivo": broken }))).load().runs, {});
  }
});

test("today's saves from before word-list versions ({v:1, date, actions}) still load, without a version", () => {
  const old = JSON.stringify({ v: 1, date: "2026-12-01", actions: [{ type: "shuffle" }] });
  const storage = new GameStorage(new MemoryBackend({ "torre.corrida": old }));
  assert.deepEqual(storage.loadRun("2026-12-01"), { status: "ok", actions: [{ type: "shuffle" }], wordList: null });
});

test("the run store a game saves through records the run's word-list version", () => {
  const backend = new MemoryBackend();
  const storage = new GameStorage(backend);
  runStore({ storage, wordList: "0123456789" }).saveRun("2026-12-01", [{ type: "pass" }]);
  assert.equal(JSON.parse(backend.getItem("torre.corrida")).wordList, "0123456789");
  const archive = new ArchiveStore(storage);
  const store = runStore({ storage, archive, wordList: "abcdef0123" });
  store.saveRun("2026-11-01", [{ type: "pass" }]);
  assert.equal(store.loadRun("2026-11-01").wordList, "abcdef0123");
  store.clearRun("2026-11-01");
  assert.equal(storage.loadRun("2026-12-01").status, "ok");
});

test("a save of another word-list version is replayed with that version's kept files, else the page's own", async () => {
  const urls = { version: "cccccccccc", versions: "/versoes/", dawg: "/palavras.x.dawg" };
  const shared = { words: Promise.resolve("current"), coimbra: new Map([["TUNA", {}]]) };
  const asked = [];
  const fetchFn = async (url) => { asked.push(url); return new Response("", { status: 404 }); };
  for (const v of [null, "cccccccccc"]) {
    const list = wordsForVersion(urls, v, fetchFn, shared);
    assert.equal(list.version, "cccccccccc");
    assert.equal(await list.words, "current");
  }
  assert.deepEqual(asked, [], "the current version fetches nothing more");
  const old = wordsForVersion(urls, "0123456789", fetchFn, shared);
  assert.equal(old.version, "0123456789");
  await assert.rejects(old.words, (error) => error.name === "LoadError" && /lista de palavras com que esta corrida começou/.test(error.message));
  await assert.rejects(old.coimbra, (error) => error.name === "LoadError");
  assert.deepEqual(asked.sort(), ["/versoes/0123456789.coimbra.json", "/versoes/0123456789.dawg"]);
  assert.deepEqual(versionUrls({}, "0123456789"), { dawg: "/versoes/0123456789.dawg", coimbra: "/versoes/0123456789.coimbra.json" });
});

test("a day played as the day's tower shows its result in the archive but is never an archive run", () => {
  const archive = new ArchiveStore(new GameStorage(new MemoryBackend()));
  archive.addDaily("2026-11-02", SUMMARY);
  archive.addDaily("2026-11-02", { won: true, floorReached: 5, total: 600 }); // the first finish of the day counts
  assert.deepEqual(dayResult(archive.load(), "2026-11-02"), { floor: 3, total: 150, won: false });
  assert.deepEqual(archiveStats(archive.load()), { runs: 0, wins: 0 });
  archive.addResult("2026-11-02", { won: true, floorReached: 5, total: 600 }); // replayed later from the archive
  assert.deepEqual(dayResult(archive.load(), "2026-11-02"), { floor: 5, total: 600, won: true });
});

test("the archive says whether the par was beaten once the analysis has given it, and only once", () => {
  const archive = new ArchiveStore(new GameStorage(new MemoryBackend()));
  archive.addResult("2026-11-01", SUMMARY);
  archive.addDaily("2026-11-02", SUMMARY);
  assert.equal(resultText(dayResult(archive.load(), "2026-11-01")), "3.º andar, 150 pontos");
  setPar(archive, "2026-11-01", true);
  setPar(archive, "2026-11-01", false); // a later analysis of the same run changes nothing
  setPar(archive, "2026-11-02", false, { daily: true });
  assert.equal(setPar(archive, "2026-11-03", true), false, "no result, no verdict");
  assert.equal(resultText(dayResult(archive.load(), "2026-11-01")), "3.º andar, 150 pontos, par batido");
  assert.equal(resultText(dayResult(archive.load(), "2026-11-02")), "3.º andar, 150 pontos, par não batido");
  // Termos 12: a climbed tower is a noun in the same column, as in the day's table.
  assert.equal(resultText({ won: true, floor: 5, total: 301, beatPar: true }), "torre toda, 301 pontos, par batido");
});

test("an archive without the day's-tower results or par verdicts (an older save) still loads", () => {
  const old = JSON.stringify({ v: 1, runs: {}, results: { "2026-11-01": { floor: 2, total: 40, won: false } } });
  const archive = new ArchiveStore(new GameStorage(new MemoryBackend({ "torre.arquivo": old })));
  assert.deepEqual(dayResult(archive.load(), "2026-11-01"), { floor: 2, total: 40, won: false });
  assert.deepEqual(archive.load().daily, {});
});

test("the statistics export carries the finished archive days, and an import adds them without replacing this device's", () => {
  const there = new ArchiveStore(new GameStorage(new MemoryBackend()));
  there.addResult("2026-11-01", SUMMARY);
  setPar(there, "2026-11-01", true);
  there.addResult("2026-11-02", { won: true, floorReached: 5, total: 600 });
  there.addDaily("2026-11-03", SUMMARY);
  const stats = addRun(emptyStats(), "2026-11-03", SUMMARY);
  const parsed = parseStatsExport(exportStats(stats, archiveResults(there.load())), "2026-12-01");
  assert.deepEqual(parsed.stats, stats, "the daily statistics as they were, without the archive's field");
  const here = new ArchiveStore(new GameStorage(new MemoryBackend()));
  here.addResult("2026-11-02", { won: false, floorReached: 1, total: 3 });
  importResults(here, parsed.archive);
  assert.deepEqual(dayResult(here.load(), "2026-11-01"), { floor: 3, total: 150, won: false, beatPar: true });
  assert.deepEqual(dayResult(here.load(), "2026-11-02"), { floor: 1, total: 3, won: false }, "this device's own finish stays");
  assert.deepEqual(dayResult(here.load(), "2026-11-03"), { floor: 3, total: 150, won: false });
  assert.deepEqual(archiveStats(here.load()), { runs: 2, wins: 0 });
});

test("an export without archive days stays as before, and damaged archive days in an import refuse the line", () => {
  const stats = addRun(emptyStats(), "2026-11-03", SUMMARY);
  const empty = { results: {}, daily: {} };
  assert.equal(exportStats(stats, empty), exportStats(stats), "no archive days: the export of old");
  assert.deepEqual(parseStatsExport(exportStats(stats), "2026-12-01"), { ok: true, stats });
  const damaged = { results: { "2026-11-01": { floor: 0, total: 1, won: false }, "2026-11-02": { floor: 2, total: 10, won: false } }, daily: {} };
  const parsed = parseStatsExport(exportStats(stats, damaged), "2026-12-01");
  assert.equal(parsed.ok, false, "a day the game could not have written is not quietly dropped: the player is told");
  assert.match(parsed.detail, /lista dos dias do arquivo tem um dia inválido: 2026-11-01/);
});
