// The day's table (issue 30): the player's run, the challenges kept for that tower and the
// three computer opponents, ranked by the par's rule with ties sharing a place, and its share text.
import assert from "node:assert/strict";
import { test } from "node:test";

import { compareResults, ranked } from "../../../site_src/js/engine/index.js";
import { codeProblem, newRecord, received, settled } from "../../../site_src/js/ui/shared/challenge_records.js";
import { byName } from "../../../site_src/js/ui/shared/challenge_texts.js";
import { figuresText } from "../../../site_src/js/ui/shared/figures.js";
import { ChallengeStore } from "../../../site_src/js/ui/shared/challenge_store.js";
import { challengerCount, dayTable, tableShareText } from "../../../site_src/js/ui/shared/day_table.js";
import { GameStorage } from "../../../site_src/js/ui/shared/storage.js";
import { MemoryBackend, exportLine } from "../helpers/memory-storage.mjs";
import { ArchiveStore, archiveResults } from "../../../site_src/js/ui/shared/archive_store.js";
import { monthAndAllText } from "../../../site_src/js/ui/shared/figures.js";
import { addRun, emptyStats } from "../../../site_src/js/ui/shared/storage.js";
import { exportStats, parseStatsExport } from "../../../site_src/js/ui/shared/stats_import.js";
import { opponentFigures, outcomesOf } from "../../../site_src/js/ui/game/opponents_text.js";
import { setCode, setOpponents } from "../../../site_src/js/ui/shared/archive_later.js";

// The golden code of tests/js/replay/replay_code.test.mjs: 2026-11-15, floor 2, 67 points.
const CODE = "199bIVbbU2426Ci_Cw-fAQyfzQYQ3wnOU5N8";
const DATE = "2026-11-15";
const result = (floor, total, won = false) => ({ floor, total, won });
const record = (code, them, date = DATE) => newRecord(code, date, them);
const OPPONENTS = [
  { level: "caloiro", ...result(1, 20), code: "caloiro-code" },
  { level: "doutor", ...result(2, 130), code: "doutor-code" },
  { level: "dux", ...result(5, 412, true), code: "dux-code" },
];
const MINE = { ...result(3, 160), code: "my-code" };

const shape = (rows) => rows.map((r) => [r.place, r.who, r.floor, r.total, r.won]);

test("results rank by the par's rule: higher floor first, a won tower above every floor, then points", () => {
  assert.ok(compareResults(result(3, 10), result(2, 300)) < 0);
  assert.ok(compareResults(result(5, 100, true), result(5, 400)) < 0, "a won tower above its last floor not won");
  assert.ok(compareResults(result(2, 131), result(2, 130)) < 0);
  assert.equal(compareResults(result(2, 130), result(2, 130)), 0, "equal is a tie");
});

test("ties share a place and the next place counts those above it", () => {
  const places = ranked([result(2, 50), result(3, 10), result(2, 50), result(1, 99), result(3, 10)]).map((r) => r.place);
  assert.deepEqual(places, [1, 1, 3, 3, 5]);
});

test("the table holds the player's run, each challenge of that tower and the three opponents, best first", () => {
  const records = [record("ana", result(3, 201)), record("rui", result(2, 90))];
  const rows = dayTable(DATE, MINE, records, OPPONENTS);
  assert.deepEqual(shape(rows), [
    [1, "Dux", 5, 412, true], [2, "Desafio 1", 3, 201, false], [3, "A sua corrida", 3, 160, false],
    [4, "Veterano", 2, 130, false], [5, "Desafio 2", 2, 90, false], [6, "Caloiro", 1, 20, false],
  ]);
  assert.deepEqual(rows.map((r) => r.code), ["dux-code", "ana", "my-code", "doutor-code", "rui", "caloiro-code"]);
  assert.equal(challengerCount(rows), 2);
});

test("a tie with a challenger or an opponent shares the place, the player's run first", () => {
  const rows = dayTable(DATE, result(2, 130), [record("ana", result(2, 130))], OPPONENTS);
  assert.deepEqual(shape(rows).slice(1, 4), [[2, "A sua corrida", 2, 130, false], [2, "Desafio 1", 2, 130, false], [2, "Veterano", 2, 130, false]]);
  assert.equal(rows[1].code, null, "a run whose code is not known has no replay");
});

test("nothing of a challenger's run shows before the player has finished that tower", () => {
  assert.equal(dayTable(DATE, null, [record("ana", result(3, 201))], OPPONENTS), null);
});

test("the same code kept twice counts once, and the player's own link is the player's row", () => {
  const twice = [record(CODE, result(2, 67)), record(CODE, result(2, 67))].reduce(received, []);
  assert.equal(challengerCount(dayTable(DATE, MINE, twice, [])), 1);
  const own = dayTable(DATE, { ...result(2, 67), code: CODE }, [record(CODE, result(2, 67))], []);
  assert.deepEqual(shape(own), [[1, "A sua corrida", 2, 67, false]]);
});

test("codes of other days stay out; a challenge played with another word list is in, verified with its own", () => {
  const records = [record("other-day", result(5, 500, true), "2026-11-16"), record("other-list", result(1, 5))];
  const rows = dayTable(DATE, MINE, records, null);
  assert.deepEqual(shape(rows), [[1, "A sua corrida", 3, 160, false], [2, "Desafio 1", 1, 5, false]]);
});

test("a settled record keeps its challenger in the table, as received", () => {
  const records = settled([record("ana", result(3, 201))], DATE, result(3, 160));
  assert.deepEqual(shape(dayTable(DATE, MINE, records, [])), [[1, "Desafio 1", 3, 201, false], [2, "A sua corrida", 3, 160, false]]);
});

test("the share text says places, who, floors and points, with no letters or words", () => {
  const rows = dayTable("2026-11-30", result(3, 160), [record("ana", result(3, 201), "2026-11-30")], [OPPONENTS[1]]);
  assert.equal(tableShareText("2026-11-30", rows),
    "A Torre · 30/11/2026 — 1.º Desafio 1 — 3.º andar, 201 · 2.º eu — 3.º andar, 160 · 3.º Veterano — 2.º andar, 130");
  const won = dayTable("2026-11-30", result(5, 300, true), [], []);
  assert.equal(tableShareText("2026-11-30", won), "A Torre · 30/11/2026 — 1.º eu — torre toda, 300");
});

test("the table is rebuilt from the kept challenges, and damaged or full storage loses nothing already kept", () => {
  const backend = new MemoryBackend();
  const store = new ChallengeStore(new GameStorage(backend));
  store.receive(CODE, DATE, result(2, 67), "Ana");
  const kept = backend.getItem("torre.desafios");
  const damaged = JSON.stringify({ v: 1, list: [...JSON.parse(kept).list, { code: "1changed", date: DATE, them: result(1, 1), me: null }] });
  backend.setItem("torre.desafios", damaged);
  assert.deepEqual(dayTable(DATE, MINE, store.load(), []).map((r) => r.who), ["A sua corrida", "Ana"], "rebuilt from what reads");
  store.settle(DATE, result(3, 160));
  assert.equal(backend.getItem("torre.desafios.danificados"), damaged, "the damaged list is copied aside before it is written over");
  assert.equal(store.load()[0].me.total, 160);
  backend.setItem("torre.desafios", "{not json");
  store.settle(DATE, result(1, 1));
  assert.equal(backend.getItem("torre.desafios"), "{not json", "nothing to settle: nothing written");
  store.receive(CODE, DATE, result(2, 67));
  assert.equal(backend.getItem("torre.desafios.danificados.2"), "{not json", "copied aside, beside the first copy, before a new challenge is kept");
  assert.equal(backend.getItem("torre.desafios.danificados"), damaged, "the first copy stays");
  assert.equal(store.load().length, 1);
  const full = new MemoryBackend();
  const fullStore = new ChallengeStore(new GameStorage(full));
  fullStore.receive(CODE, DATE, result(2, 67));
  const before = full.getItem("torre.desafios");
  full.setItem = () => { throw new Error("QuotaExceededError"); };
  assert.equal(fullStore.settle(DATE, result(3, 160)).code, CODE, "the run is still compared");
  assert.equal(full.getItem("torre.desafios"), before, "a refused write keeps what was kept");
});

test("Estatísticas count the days against each challenger name, this month and since the first", () => {
  const played = (code, date, name, me, them = result(2, 100)) => ({ ...newRecord(code, date, them, name), me });
  const records = [
    played("a1", "2026-10-30", "Ana", result(3, 10)), played("a2", "2026-11-02", "Ana", result(1, 10)),
    played("a3", "2026-11-05", "Ana", result(2, 100)), played("r1", "2026-11-05", null, result(3, 1)),
    { ...newRecord("open", "2026-11-06", result(1, 1), "Rui") },
  ];
  assert.deepEqual(byName(records, "2026-11-20"), [
    { name: "Ana", month: { days: 2, won: 0, lost: 1, tied: 1 }, all: { days: 3, won: 1, lost: 1, tied: 1 } },
    { name: "Sem nome", month: { days: 1, won: 1, lost: 0, tied: 0 }, all: { days: 1, won: 1, lost: 0, tied: 0 } },
  ], "a challenge not played yet counts nowhere");
  assert.equal(figuresText({ days: 3, won: 1, lost: 1, tied: 1 }), "3 dias (1 ganho, 1 perdido, 1 empatado)");
  assert.equal(figuresText({ days: 0, won: 0, lost: 0, tied: 0 }), "nenhum dia");
});

test("the days against each opponent level are kept with the archive's results, counted this month and since the first, and travel in the export", () => {
  const run = { floorReached: 2, total: 130, won: false };
  const outcomes = outcomesOf(run, OPPONENTS.map((o, i) => (i === 1 ? { ...o, floor: 2, total: 130 } : o)));
  assert.deepEqual(outcomes, { caloiro: "won", doutor: "tied", dux: "lost" });
  const archive = new ArchiveStore(new GameStorage(new MemoryBackend()));
  archive.addDaily("2026-10-31", { floorReached: 1, total: 5, won: false });
  archive.addDaily("2026-11-02", run);
  archive.addDaily("2026-11-03", run); // its opponents never came: counted nowhere
  assert.ok(setOpponents(archive, "2026-10-31", { caloiro: "lost", doutor: "lost", dux: "lost" }, { daily: true }));
  assert.ok(setOpponents(archive, "2026-11-02", outcomes, { daily: true }));
  assert.equal(setOpponents(archive, "2026-11-02", { caloiro: "lost", doutor: "lost", dux: "lost" }, { daily: true }), false, "given once");
  const figures = opponentFigures(archive.load().daily, "2026-11-20");
  assert.deepEqual(figures.map(({ level, month, all }) => [level, monthAndAllText({ month, all })]), [
    ["caloiro", "este mês, 1 dia (1 ganho, 0 perdidos); desde o início, 2 dias (1 ganho, 1 perdido)."],
    ["doutor", "este mês, 1 dia (0 ganhos, 0 perdidos, 1 empatado); desde o início, 2 dias (0 ganhos, 1 perdido, 1 empatado)."],
    ["dux", "este mês, 1 dia (0 ganhos, 1 perdido); desde o início, 2 dias (0 ganhos, 2 perdidos)."],
  ]);
  const line = exportStats(addRun(emptyStats(), "2026-11-02", run), archiveResults(archive.load()), []);
  const parsed = parseStatsExport(line, "2026-12-01");
  assert.ok(parsed.ok, parsed.message);
  assert.deepEqual(parsed.archive.daily["2026-11-02"].opponents, outcomes);
  const forged = JSON.parse(Buffer.from(line.split(":")[1], "base64").toString());
  forged.arquivo.daily["2026-11-02"].opponents.dux = "<b>";
  assert.equal(parseStatsExport(exportLine(forged), "2026-12-01").ok, false, "an outcome that was never written is refused");
});

test("the run's replay code is kept with its result, so that the table links it on other pages, and an import checks it", () => {
  const archive = new ArchiveStore(new GameStorage(new MemoryBackend()));
  archive.addResult(DATE, { floorReached: 2, total: 67, won: false });
  const check = codeProblem; // the end chunk's whole check (the first visit's bundle checks only the shape)
  assert.equal(setCode(archive, DATE, CODE.slice(0, -1) + "A", { check }), false, "a changed code is not the run's");
  assert.equal(setCode(archive, "2026-11-16", CODE, { check }), false, "nor a code of another day's result");
  assert.equal(setCode(archive, DATE, "<b>", {}), false, "nor text that is no code at all");
  assert.ok(setCode(archive, DATE, CODE, { check }));
  assert.equal(archive.load().results[DATE].code, CODE);
  const line = exportStats(emptyStats(), archiveResults(archive.load()), []);
  assert.equal(parseStatsExport(line, "2026-12-01").archive.results[DATE].code, CODE, "it travels in the export");
  const forged = JSON.parse(Buffer.from(line.split(":")[1], "base64").toString());
  forged.arquivo.results[DATE].total = 68;
  assert.equal(parseStatsExport(exportLine(forged), "2026-12-01").ok, false, "a code that is not the result's is refused");
});
