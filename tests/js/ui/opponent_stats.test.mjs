// The computer opponents in the statistics (issue 29 §4, §6): the days each level was beaten
// and the best patente, counted as the par is (once a day, the day's counted run only), kept,
// exported and imported with every field checked; statistics and exports from before them still work.

import assert from "node:assert/strict";
import { test } from "node:test";

import { OPPONENT_LEVELS } from "../../../site_src/js/engine/index.js";
import { GameStorage, addRun, emptyStats, isValidStats } from "../../../site_src/js/ui/shared/storage.js";
import { addOpponentsBeaten } from "../../../site_src/js/ui/shared/stats_later.js";
import { exportStats, parseStatsExport } from "../../../site_src/js/ui/shared/stats_import.js";
import { MemoryBackend, exportLine } from "../helpers/memory-storage.mjs";
import { statsProblemSentence } from "../../../site_src/js/ui/shared/storage_notices.js";

const TODAY = "2026-12-01";
const RUN = { won: false, floorReached: 3, total: 150 };
const played = (stats, date) => addRun(stats, date, RUN);
// Two days counted: Caloiro beaten on both, Veterano on the second.
const BEATEN = addOpponentsBeaten(played(addOpponentsBeaten(played(emptyStats(), "2026-11-29"), "2026-11-29", ["caloiro"]),
  "2026-11-30"), "2026-11-30", ["caloiro", "doutor"]);
// Statistics as the game wrote them before the opponents: no field of theirs.
const OLD = { v: 1, runs: 2, wins: 0, floors: [0, 0, 2, 0, 0], best: 150, streak: 2, bestStreak: 2, lastDate: "2026-11-30",
  parBeaten: 1, parDate: "2026-11-30" };

test("new statistics have no opponent beaten and no patente", () => {
  assert.deepEqual(emptyStats().opponentsBeaten, { caloiro: 0, doutor: 0, dux: 0 });
  assert.equal(emptyStats().opponentsDate, null);
  assert.equal(emptyStats().bestPatente, null);
});

test("the levels beaten count once per day, only for the day's counted run, and the best patente is the highest ever beaten", () => {
  assert.deepEqual(BEATEN.opponentsBeaten, { caloiro: 2, doutor: 1, dux: 0 });
  assert.equal(BEATEN.opponentsDate, "2026-11-30");
  assert.equal(BEATEN.bestPatente, "doutor");
  assert.equal(addOpponentsBeaten(BEATEN, "2026-11-30", ["dux"]), BEATEN, "the end screen shown again");
  assert.equal(addOpponentsBeaten(BEATEN, "2026-11-29", ["dux"]), BEATEN, "a day whose run was not the one counted");
  const today = played(BEATEN, TODAY);
  assert.equal(addOpponentsBeaten(today, TODAY, []), today, "no level beaten: nothing to count");
  const dux = addOpponentsBeaten(today, TODAY, ["dux"]);
  assert.deepEqual(dux.opponentsBeaten, { caloiro: 2, doutor: 1, dux: 1 });
  assert.equal(dux.bestPatente, "dux", "Dux beaten without Veterano on the same day");
  const lower = addOpponentsBeaten(played(dux, "2026-12-02"), "2026-12-02", ["caloiro"]);
  assert.equal(lower.bestPatente, "dux", "a later day's lower patente keeps the best");
  assert.equal(isValidStats(lower), true);
});

test("statistics from before the opponents stay valid, read as none beaten, and count the next day's", () => {
  assert.equal(isValidStats(OLD), true);
  const storage = new GameStorage(new MemoryBackend({ "torre.estatisticas": JSON.stringify(OLD) }));
  assert.deepEqual(storage.loadStats(), { stats: OLD, problem: null });
  const counted = addOpponentsBeaten(played(OLD, TODAY), TODAY, ["doutor"]);
  assert.deepEqual(counted.opponentsBeaten, { caloiro: 0, doutor: 1, dux: 0 });
  assert.equal(counted.bestPatente, "doutor");
  assert.equal(isValidStats(counted), true);
});

test("statistics with the opponents' fields are valid only as the game could have written them", () => {
  const bad = [
    { opponentsBeaten: { ...BEATEN.opponentsBeaten, reitor: 1 } },
    { opponentsBeaten: { caloiro: 2, doutor: 1 } },
    { opponentsBeaten: { caloiro: 1.5, doutor: 1, dux: 0 } },
    { opponentsBeaten: { caloiro: -1, doutor: 1, dux: 0 } },
    { opponentsBeaten: { caloiro: 3, doutor: 1, dux: 0 } },
    { opponentsBeaten: [2, 1, 0] },
    { bestPatente: "dux" },
    { bestPatente: "caloiro" },
    { bestPatente: "reitor" },
    { bestPatente: null },
    { opponentsDate: "ontem" },
    { opponentsDate: null },
    { opponentsDate: undefined },
  ];
  assert.equal(isValidStats(BEATEN), true);
  for (const change of bad) assert.equal(isValidStats({ ...BEATEN, ...change }), false, JSON.stringify(change));
  assert.equal(isValidStats({ ...emptyStats(), opponentsDate: TODAY }), false, "a day with nothing beaten");
  const storage = new GameStorage(new MemoryBackend({ "torre.estatisticas": JSON.stringify({ ...BEATEN, bestPatente: "dux" }) }));
  assert.match(statsProblemSentence(storage.loadStats().problem), /danificadas/);
});

test("an export with the opponents' figures imports on another device as it was", () => {
  const line = exportStats(BEATEN);
  assert.deepEqual(parseStatsExport(line, TODAY), { ok: true, stats: BEATEN });
  const other = new GameStorage(new MemoryBackend());
  other.saveStats(parseStatsExport(line, TODAY).stats);
  assert.deepEqual(other.loadStats(), { stats: BEATEN, problem: null });
  assert.deepEqual(parseStatsExport(exportStats(emptyStats()), TODAY), { ok: true, stats: emptyStats() });
});

test("an export from before the opponents still imports, and reads as none beaten", () => {
  assert.deepEqual(parseStatsExport(exportLine(OLD), TODAY), { ok: true, stats: OLD });
});

test("an import whose opponents' figures could not have been written is refused, naming the field", () => {
  const cases = [
    [{ opponentsBeaten: { ...BEATEN.opponentsBeaten, reitor: 1 } }, /a contagem dos dias em que ganhou a cada adversário tem um adversário que o jogo não conhece \(«reitor»\)/],
    [{ opponentsBeaten: { caloiro: 2, doutor: 1 } }, /cada adversário não diz os dias do Dux/],
    [{ opponentsBeaten: { caloiro: 2.5, doutor: 1, dux: 0 } }, /cada adversário tem um número de dias do Caloiro que não é um número inteiro maior ou igual a 0/],
    [{ opponentsBeaten: { caloiro: "2", doutor: 1, dux: 0 } }, /cada adversário tem um número de dias do Caloiro que não é/],
    [{ opponentsBeaten: { caloiro: 2, doutor: 3, dux: 0 } }, /cada adversário tem mais dias do Veterano do que corridas/],
    [{ opponentsBeaten: [2, 1, 0] }, /cada adversário não é uma contagem por adversário/],
    [{ opponentsBeaten: null }, /cada adversário não é uma contagem por adversário/],
    [{ bestPatente: "reitor" }, /melhor categoria não é um adversário que o jogo conheça/],
    [{ bestPatente: "dux" }, /melhor categoria não condiz com a contagem dos dias em que ganhou a cada adversário/],
    [{ bestPatente: "caloiro" }, /melhor categoria não condiz/],
    [{ bestPatente: null }, /melhor categoria não condiz/],
    [{ opponentsDate: null }, /último dia em que ganhou a um adversário não condiz com a melhor categoria/],
    [{ opponentsDate: "2026-02-30" }, /último dia em que ganhou a um adversário não é uma data do calendário/],
    [{ opponentsDate: "2027-01-01" }, /último dia em que ganhou a um adversário é um dia que ainda não chegou/],
    [{ opponentsDate: TODAY }, /último dia em que ganhou a um adversário é posterior ao último dia contado/],
    [{ opponentsDate: undefined }, /último dia em que ganhou a um adversário falta/],
    [{ bestPatente: undefined }, /melhor categoria falta/],
  ];
  for (const [change, says] of cases) {
    const parsed = parseStatsExport(exportLine({ ...BEATEN, ...change }), TODAY);
    assert.equal(parsed.ok, false, JSON.stringify(change));
    assert.match(parsed.detail, says, JSON.stringify(change));
  }
  const { opponentsDate, bestPatente, ...noDates } = BEATEN; // eslint-disable-line no-unused-vars
  assert.match(parseStatsExport(exportLine(noDates), TODAY).detail, /último dia em que ganhou a um adversário falta/);
});

test("the statistics know every opponent level, weakest first", () => {
  assert.deepEqual(Object.keys(emptyStats().opponentsBeaten), OPPONENT_LEVELS);
});
