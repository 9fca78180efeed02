// Nothing a player saved is lost or frozen (issue 22): an import is refused, naming
// the field, when it holds what the game could never have written; a damaged archive
// is copied aside before anything replaces it, its readable days kept.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ArchiveStore, dayResult } from "../../../site_src/js/ui/shared/archive_store.js";
import { GameStorage, addRun, emptyStats } from "../../../site_src/js/ui/shared/storage.js";
import { exportStats, parseStatsExport } from "../../../site_src/js/ui/shared/stats_import.js";
import { MemoryBackend, exportLine } from "../helpers/memory-storage.mjs";
import { statsProblemSentence } from "../../../site_src/js/ui/shared/storage_notices.js";

const TODAY = "2026-12-01";
const SUMMARY = { won: false, floorReached: 3, total: 150 };
const PLAYED = addRun(addRun(emptyStats(), "2026-11-29", SUMMARY), "2026-11-30", { won: true, floorReached: 5, total: 420 });

test("damaged statistics promise a copy only when the copy was written", () => {
  const kept = new GameStorage(new MemoryBackend({ "torre.estatisticas": "[1,2" }));
  assert.match(statsProblemSentence(kept.loadStats().problem), /\(ficou guardada uma cópia do original à parte\)\.$/);
  const backend = new MemoryBackend({ "torre.estatisticas": "[1,2" }, ["torre.estatisticas.danificadas"]);
  const refused = new GameStorage(backend).loadStats();
  assert.deepEqual(refused.stats, emptyStats());
  assert.match(statsProblemSentence(refused.problem), /não foi possível guardar uma cópia delas à parte .*: ficam como estão/);
  assert.doesNotMatch(statsProblemSentence(refused.problem), /ficou guardada/);
  assert.equal(refused.problem, "kept");
  assert.equal(backend.getItem("torre.estatisticas"), "[1,2", "not copied, not written over (issue 41 item 4)");
});

test("every damaged value gets its own copy, the same value one only, and at most five", () => {
  const backend = new MemoryBackend();
  const storage = new GameStorage(backend);
  for (let i = 1; i <= 5; i += 1) assert.equal(storage.keepDamaged("torre.x.danificado", `estrago ${i}`), true);
  assert.equal(storage.keepDamaged("torre.x.danificado", "estrago 3"), true, "already kept");
  assert.deepEqual(["torre.x.danificado", "torre.x.danificado.2", "torre.x.danificado.5"].map((k) => backend.getItem(k)),
    ["estrago 1", "estrago 2", "estrago 5"]);
  assert.equal(storage.keepDamaged("torre.x.danificado", "estrago 6"), false, "bounded: no sixth copy");
  assert.equal(backend.getItem("torre.x.danificado.6"), null);
});

test("an import whose every field the game could have written is accepted", () => {
  assert.deepEqual(parseStatsExport(exportStats(PLAYED), TODAY), { ok: true, stats: PLAYED });
  assert.deepEqual(parseStatsExport(exportStats(emptyStats()), TODAY), { ok: true, stats: emptyStats() });
  const par = { ...PLAYED, parBeaten: 1, parDate: "2026-11-30" };
  assert.deepEqual(parseStatsExport(exportStats(par), TODAY), { ok: true, stats: par });
  const today = addRun(PLAYED, TODAY, SUMMARY);
  assert.equal(parseStatsExport(exportStats(today), TODAY).ok, true, "today's run is not in the future");
});

test("importing an empty or blank box says that nothing was pasted, and how to paste the line", () => {
  for (const text of ["", "   ", "\n\t \n"]) {
    const parsed = parseStatsExport(text, TODAY);
    assert.equal(parsed.ok, false, JSON.stringify(text));
    assert.match(parsed.message, /^Não colou nada: /, JSON.stringify(text));
    assert.equal(parsed.detail, null, "nothing for «Detalhes»");
    assert.match(parsed.message, /«Exportar»/, "how: export on the other device");
  }
  assert.equal(parseStatsExport("texto qualquer", TODAY).message, "Este texto não é uma exportação de estatísticas de A Torre.");
});

test("an import with a last day that is not a real date or has not come yet is refused, naming the field", () => {
  for (const [lastDate, says] of [["9999-12-31", /último dia contado é um dia que ainda não chegou \(9999-12-31\)/],
    ["2026-12-02", /ainda não chegou/], ["2026-99-99", /último dia contado não é uma data do calendário/],
    ["2026-02-30", /não é uma data do calendário/]]) {
    const parsed = parseStatsExport(exportLine({ ...PLAYED, lastDate }), TODAY);
    assert.equal(parsed.ok, false, lastDate);
    assert.match(parsed.detail, says, lastDate);
    assert.match(parsed.message, /^O texto foi recusado: /);
    assert.doesNotMatch(parsed.message, /dia|\d/, "the field is for «Detalhes»");
  }
  const par = parseStatsExport(exportLine({ ...PLAYED, parBeaten: 1, parDate: "2027-01-01" }), TODAY);
  assert.match(par.detail, /último dia com o par batido é um dia que ainda não chegou/);
});

test("an import with counts that are not whole, are absurd or do not add up is refused, naming the field", () => {
  const cases = [
    [{ runs: 1e308 }, /número de corridas é grande de mais/],
    [{ runs: 2.5 }, /número de corridas não é um número inteiro/],
    [{ best: "420" }, /melhor pontuação não é um número inteiro/],
    [{ best: 1e9 }, /melhor pontuação é grande de mais/],
    [{ wins: 3 }, /torres subidas é maior do que o número de corridas/],
    [{ floors: [0, 0, 1, 0, 2] }, /a soma da lista dos andares onde as corridas acabaram não é o número de corridas/],
    [{ floors: [0, 0, 2, 0] }, /andares onde as corridas acabaram não tem 5 números/],
    [{ bestStreak: 7 }, /máximo de dias seguidos é maior do que o número de corridas/],
    [{ streak: 2, bestStreak: 1 }, /número de dias seguidos é maior do que o máximo de dias seguidos/],
    [{ parBeaten: 5, parDate: "2026-11-30" }, /número de dias com o par batido é maior/],
    [{ v: 2 }, /versão do formato/],
    [{ extra: 1 }, /campo que o jogo não conhece \(«extra»\)/],
    [{ toString: 1 }, /campo que o jogo não conhece \(«toString»\)/],
    [{ parBeaten: 1 }, /último dia com o par batido não condiz com o número de dias com o par batido/],
    [{ parBeaten: 0, parDate: "2026-11-30" }, /último dia com o par batido não condiz/],
    [{ parBeaten: 1, parDate: "2026-12-01" }, /último dia com o par batido é posterior ao último dia contado/],
  ];
  for (const [change, says] of cases) {
    const parsed = parseStatsExport(exportLine({ ...PLAYED, ...change }), TODAY);
    assert.equal(parsed.ok, false, JSON.stringify(change));
    assert.match(parsed.detail, says, JSON.stringify(change));
  }
  assert.match(parseStatsExport(exportLine({ ...emptyStats(), lastDate: "2026-11-30" }), TODAY).detail, /último dia contado indica um dia, mas não há corridas/);
});

test("an import whose archive days are not real, not yet come or not possible is refused, naming the field", () => {
  const good = { floor: 2, total: 40, won: false };
  const cases = [
    [{ results: { "2026-99-99": good } }, /dias do arquivo tem um dia inválido: 2026-99-99 não é uma data/],
    [{ results: { "2030-01-01": good } }, /2030-01-01 é um dia que ainda não chegou/],
    [{ daily: { "2026-11-01": { ...good, total: "40" } } }, /2026-11-01 tem uma pontuação/],
    [{ results: { "2026-11-01": { ...good, floor: 9 } } }, /andar que não existe/],
    [{ results: { "2026-11-01": { ...good, won: true } } }, /subida sem chegar ao último andar/],
    [{ results: "x" }, /lista dos dias do arquivo não é uma lista válida/],
  ];
  for (const [arquivo, says] of cases) {
    const parsed = parseStatsExport(exportLine({ ...PLAYED, arquivo }), TODAY);
    assert.equal(parsed.ok, false, JSON.stringify(arquivo));
    assert.match(parsed.detail, says, JSON.stringify(arquivo));
  }
});

const GOOD_DAY = { floor: 2, total: 40, won: false };
const DAMAGED_ARCHIVES = {
  "another version": JSON.stringify({ v: 2, runs: {}, results: { "2026-11-03": GOOD_DAY } }),
  "cut short": JSON.stringify({ v: 1, runs: {}, results: { "2026-11-03": GOOD_DAY } }).slice(0, 40),
  "a total that is text": JSON.stringify({ v: 1, runs: { "2026-11-04": { actions: [{ type: "pass" }] } },
    results: { "2026-11-02": { ...GOOD_DAY, total: "40" }, "2026-11-03": GOOD_DAY } }),
};

test("a damaged archive is copied aside, its readable days kept, and the player told once", () => {
  for (const [what, raw] of Object.entries(DAMAGED_ARCHIVES)) {
    const backend = new MemoryBackend({ "torre.arquivo": raw });
    const store = new ArchiveStore(new GameStorage(backend));
    const problem = store.repair();
    assert.match(problem, /^Os dias do arquivo guardados neste aparelho estavam danificados: .*\(ficou guardada uma cópia do original à parte\)\.$/, what);
    assert.equal(backend.getItem("torre.arquivo.danificado"), raw, what);
    const kept = store.load();
    if (what !== "cut short") assert.deepEqual(dayResult(kept, "2026-11-03"), GOOD_DAY, what);
    assert.equal(dayResult(kept, "2026-11-02"), null, what);
    assert.equal(new ArchiveStore(new GameStorage(backend)).repair(), null, `${what}: the readable days were written back, said once`);
  }
  const store = new ArchiveStore(new GameStorage(new MemoryBackend({ "torre.arquivo": DAMAGED_ARCHIVES["a total that is text"] })));
  assert.deepEqual(store.load().runs["2026-11-04"].actions, [{ type: "pass" }], "an unfinished day is kept too");
});

test("a damaged archive is never overwritten before its copy is made, even by a save without a repair first", () => {
  for (const [what, raw] of Object.entries(DAMAGED_ARCHIVES)) {
    const backend = new MemoryBackend({ "torre.arquivo": raw });
    new ArchiveStore(new GameStorage(backend)).saveRun("2026-11-05", [{ type: "pass" }], null);
    assert.equal(backend.getItem("torre.arquivo.danificado"), raw, what);
    assert.equal(JSON.parse(backend.getItem("torre.arquivo")).runs["2026-11-05"].actions.length, 1, what);
  }
});

test("a damaged archive whose copy the browser refused is said so, and left as it was", () => {
  const raw = DAMAGED_ARCHIVES["a total that is text"];
  const backend = new MemoryBackend({ "torre.arquivo": raw }, ["torre.arquivo.danificado"]);
  const problem = new ArchiveStore(new GameStorage(backend)).repair();
  assert.match(problem, /não foi possível guardar uma cópia do original/);
  assert.doesNotMatch(problem, /ficou guardada/);
  assert.equal(backend.getItem("torre.arquivo"), raw, "without a copy, the repair writes nothing over it");
});

test("a sound archive is neither copied nor rewritten, and an empty device has nothing to repair", () => {
  const raw = JSON.stringify({ v: 1, runs: {}, results: { "2026-11-03": GOOD_DAY }, daily: {} });
  const backend = new MemoryBackend({ "torre.arquivo": raw });
  assert.equal(new ArchiveStore(new GameStorage(backend)).repair(), null);
  assert.equal(backend.getItem("torre.arquivo.danificado"), null);
  assert.equal(new ArchiveStore(new GameStorage(new MemoryBackend())).repair(), null);
});
