// What the player reads about learning from a run, and what is kept of it: the par
// line, the share text with the par, the analysis summary sentence, the verdict, the
// statistics' par count (old saves still load), the guide's words and flag, and the
// page's side of the analysis worker.
import assert from "node:assert/strict";
import { test } from "node:test";

import { AnalysisClient } from "../../../site_src/js/ui/analysis_client.js";
import { analysisSummary, biggestMiss, parLine, parVerdict } from "../../../site_src/js/ui/analysis_text.js";
import { shareText, withPar } from "../../../site_src/js/ui/share.js";
import { GameStorage, addParBeaten, addRun, emptyStats, exportStats, isValidStats, parseStatsExport } from "../../../site_src/js/ui/storage.js";
import { LAST_STEPS, guideSteps } from "../../../site_src/js/ui/walkthrough_steps.js";
import { loadConstants } from "../helpers/engine-setup.mjs";

const constants = loadConstants();
const PAR = { floor: 3, total: 171, won: false };

test("the par line names the floor and the points, or the whole tower", () => {
  assert.equal(parLine(PAR), "Par do dia: 3.º andar, 171 pontos");
  assert.equal(parLine({ floor: 5, total: 776, won: true }), "Par do dia: torre toda, 776 pontos");
  assert.equal(parLine({ floor: 1, total: 1, won: false }), "Par do dia: 1.º andar, 1 ponto");
});

test("the share text gains the par line before its link, and at the end without one", () => {
  const summary = { won: false, floorReached: 1, total: 0, floors: [0], trunfoEmoji: [] };
  const text = shareText(summary, "2026-12-01", constants, "https://example.org/");
  assert.deepEqual(withPar(text, PAR).split("\n"), [
    "A Torre · 01/12/2026", "Fiquei no 1.º andar: 0 pontos", `1.º andar 🟥 0/${constants.targets[0]}`,
    "Par do dia: 3.º andar, 171 pontos", "https://example.org/"]);
  assert.equal(withPar(shareText(summary, "2026-12-01", constants), PAR).split("\n").at(-1), "Par do dia: 3.º andar, 171 pontos");
});

const row = (floor, yours, best) => ({ floor, number: 1, board: [], yours: yours === null ? null : { words: ["A"], points: yours, tiles: [] },
  best: best === null ? null : { words: ["B"], points: best, tiles: [{ square: "A1", letter: "B", blank: false }] } });

test("the summary says how far the next floor was and the best play that got away", () => {
  const floors = [30, 60, constants.targets[2] - 23];
  const analysis = { run: { won: false, floorReached: 3, total: 150, floors }, par: PAR,
    plays: [row(1, 30, 40), row(3, 10, 212), row(3, null, 100)] };
  assert.equal(analysisSummary(analysis, constants), "Ficou a 23 pontos do 4.º andar; a melhor jogada no 3.º andar valia 212 pontos.");
  assert.equal(biggestMiss(analysis.plays), analysis.plays[1]);
});

test("the summary agrees in number, names the top of the tower, and praises a run of best plays", () => {
  const target = constants.targets[4];
  const oneShort = { run: { won: false, floorReached: 5, total: 900, floors: [1, 1, 1, 1, target - 1] }, par: PAR,
    plays: [row(5, 20, 20), row(5, null, null)] };
  assert.equal(analysisSummary(oneShort, constants), "Ficou a 1 ponto do topo da torre; fez sempre a melhor jogada possível.");
  const won = { run: { won: true, floorReached: 5, total: 1, floors: [] }, par: PAR, plays: [row(5, 0, 1)] };
  assert.equal(analysisSummary(won, constants), "Subiu a torre toda com 1 ponto; a melhor jogada no 5.º andar valia 1 ponto.");
});

test("the verdict says beaten, equalled or not beaten", () => {
  const run = { won: false, floorReached: 3, total: 171 };
  assert.equal(parVerdict(run, PAR, true), "Bateu o par do dia.");
  assert.equal(parVerdict(run, PAR, false), "Igualou o par do dia, sem o bater.");
  assert.equal(parVerdict({ ...run, total: 10 }, PAR, false), "Não bateu o par do dia.");
});

test("statistics saved before the par count still load, and count it as 0", () => {
  const old = { v: 1, runs: 4, wins: 0, floors: [1, 2, 1, 0, 0], best: 90, streak: 2, bestStreak: 3, lastDate: "2026-11-30" };
  assert.equal(isValidStats(old), true);
  const oldExport = `TORRE-ESTATISTICAS-1:${Buffer.from(JSON.stringify(old)).toString("base64")}`;
  assert.deepEqual(parseStatsExport(oldExport), { ok: true, stats: old });
  const counted = addParBeaten(addRun(old, "2026-12-01", { floorReached: 4, won: false, total: 200 }), "2026-12-01");
  assert.equal(counted.parBeaten, 1);
  assert.equal(isValidStats(counted), true);
  assert.deepEqual(parseStatsExport(exportStats(counted)), { ok: true, stats: counted });
  assert.equal(isValidStats({ ...emptyStats(), parBeaten: -1 }), false);
  assert.equal(isValidStats({ ...emptyStats(), parDate: "ontem" }), false);
});

test("a beaten par counts once per day, and only for the day's counted run", () => {
  let stats = addRun(emptyStats(), "2026-12-01", { floorReached: 4, won: false, total: 200 });
  stats = addParBeaten(stats, "2026-12-01");
  assert.equal(addParBeaten(stats, "2026-12-01"), stats, "the end screen shown again");
  assert.equal(stats.parBeaten, 1);
  assert.equal(addParBeaten(stats, "2026-11-30").parBeaten, 1, "a day whose run was not the one counted");
  stats = addParBeaten(addRun(stats, "2026-12-02", { floorReached: 4, won: false, total: 200 }), "2026-12-02");
  assert.equal(stats.parBeaten, 2);
});

function memory() {
  const items = new Map();
  return { getItem: (k) => (items.has(k) ? items.get(k) : null), setItem: (k, v) => items.set(k, String(v)), removeItem: (k) => items.delete(k) };
}

test("a first visit is a device with no run, no statistics and the guide not yet seen", () => {
  const storage = new GameStorage(memory());
  assert.equal(storage.isNewPlayer(), true);
  assert.equal(storage.guideSeen(), false);
  storage.markGuideSeen();
  assert.equal(storage.guideSeen(), true);
  const played = new GameStorage(memory());
  played.saveRun("2026-12-01", [{ type: "pass" }]);
  assert.equal(played.isNewPlayer(), false);
  assert.equal(new GameStorage(null).guideSeen(), false, "storage blocked: the guide may show, nothing breaks");
});

test("the guide names the floor's target and plays in the right number, and the opening word", () => {
  const steps = guideSteps({ target: 25, playsLeft: 3 }, "FADO");
  assert.deepEqual(steps.map((s) => s.id), ["alvo", "pecas", "previsao", "jogar", "subir", "fim"]);
  assert.match(steps[0].text, /faça 25 pontos em 3 jogadas/);
  assert.match(guideSteps({ target: 1, playsLeft: 1 }, "")[0].text, /faça 1 ponto em 1 jogada\./);
  assert.match(steps[1].text, /passe por FADO/);
  assert.match(guideSteps({ target: 25, playsLeft: 3 }, "")[1].text, /passe pelas letras do tabuleiro/);
  for (const step of steps) assert.ok(step.targets.length > 0 && step.title && step.text, step.id);
});

/** A stand-in Worker: answers each message with `reply(data)`, or fails to start. */
function fakeWorker(reply, fail = false) {
  return () => {
    const listeners = { message: [], error: [] };
    return {
      addEventListener: (type, fn) => listeners[type].push(fn),
      terminate() {},
      postMessage(data) {
        queueMicrotask(() => {
          if (fail) listeners.error.forEach((fn) => fn({ message: "boom" }));
          else listeners.message.forEach((fn) => fn({ data: { id: data.id, ...reply(data) } }));
        });
      },
    };
  };
}

const REQUEST = { date: "2026-12-01", day: {}, constants: {}, dawgUrl: "/p.dawg", actions: [{ type: "pass" }] };

test("the page's analysis client answers once per day and log, and says in Portuguese when the worker fails", async () => {
  let asked = 0;
  const client = new AnalysisClient("/a.js", fakeWorker(() => ({ ok: true, result: { n: ++asked } })));
  assert.deepEqual(await client.analyse(REQUEST), { n: 1 });
  assert.deepEqual(await client.analyse({ ...REQUEST }), { n: 1 }, "kept, not asked again");
  const refused = new AnalysisClient("/a.js", fakeWorker(() => ({ ok: false, message: "Não foi possível analisar esta corrida." })));
  await assert.rejects(refused.analyse(REQUEST), { name: "AnalysisError", message: "Não foi possível analisar esta corrida." });
  const broken = new AnalysisClient("/a.js", fakeWorker(() => ({}), true));
  await assert.rejects(broken.analyse(REQUEST), { message: "A análise da corrida falhou; o resto do jogo funciona na mesma." });
  const none = new AnalysisClient("/a.js"); // node has no Worker, like an old browser
  await assert.rejects(none.analyse(REQUEST), { message: /Este navegador não consegue fazer a análise da corrida/ });
});

test("the guide ends by offering both: a practice tower first, or today's tower", () => {
  const steps = guideSteps({ target: 25, playsLeft: 3 }, "FADO");
  for (const id of LAST_STEPS) {
    const step = steps.find((s) => s.id === id);
    assert.match(step.text, /torre de hoje, ou treinar primeiro numa torre de treino/, id);
    assert.match(step.text, /Sugestão/, id);
  }
  assert.deepEqual(LAST_STEPS, steps.slice(-2).map((s) => s.id));
});
