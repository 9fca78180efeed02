// What the player reads about learning from a run, and what is kept of it: the par
// line, the share text with the par, the analysis summary sentence, the verdict, the
// statistics' par count (old saves still load), the guide's words and flag, and the
// page's side of the analysis worker.
import assert from "node:assert/strict";
import { test } from "node:test";

import { AnalysisClient } from "../../../site_src/js/ui/shared/analysis_client.js";
import {
  adviceLine, analysisSummary, biggestGain, commonWordsText, parVerdict, wordStart,
} from "../../../site_src/js/ui/analysis/analysis_text.js";
import { shareText } from "../../../site_src/js/ui/game/share.js";
import { parLine, withPar } from "../../../site_src/js/ui/shared/par_text.js";
import { GameStorage, addRun, emptyStats, isValidStats } from "../../../site_src/js/ui/shared/storage.js";
import { addParBeaten } from "../../../site_src/js/ui/shared/stats_later.js";
import { exportStats, parseStatsExport } from "../../../site_src/js/ui/shared/stats_import.js";
import { LAST_STEPS, guideSteps } from "../../../site_src/js/ui/guide/walkthrough_steps.js";
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
    "A Torre · 01/12/2026", "Cheguei ao 1.º andar com 0 pontos.", `1.º andar 🟥 0/${constants.targets[0]}`,
    "Par do dia: 3.º andar, 171 pontos", "https://example.org/"]);
  assert.equal(withPar(shareText(summary, "2026-12-01", constants), PAR).split("\n").at(-1), "Par do dia: 3.º andar, 171 pontos");
});

const EMPTY = Array(49).fill(null);
const tile = (square, letter) => ({ square, letter, blank: false });
const play = (words, points, tiles) => ({ words, points, tiles });
const row = (floor, number, yours, common, best, board = EMPTY) => ({ floor, number, board,
  yours: yours === null ? null : play(["A"], yours, []), common, best });
const CASTO = play(["CASTO"], 31, ["B3", "C3", "D3", "E3", "F3"].map((sq, i) => tile(sq, "CASTO"[i])));
const PRAXE = play(["PRAXE"], 62, ["B2", "B3", "B4", "B5", "B6"].map((sq, i) => tile(sq, "PRAXE"[i])));

test("the summary names the first common-word play that would have climbed the lost floor, and where it goes", () => {
  const analysis = { run: { won: false, floorReached: 1, total: 20, floors: [constants.targets[0] - 23] }, par: PAR,
    plays: [row(1, 1, 10, null, PRAXE), row(1, 2, 10, CASTO, PRAXE), row(1, 3, null, CASTO, PRAXE)],
    firstCommonClimb: { index: 1, floor: 1, number: 2, floorScore: 10, target: constants.targets[0] } };
  assert.equal(analysisSummary(analysis, constants),
    "Ficou a 23 pontos do 2.º andar. Na 2.ª jogada do 1.º andar, CASTO (palavra comum) em B3 daria 31 pontos e subiria de andar.");
  const last = { ...analysis, run: { won: false, floorReached: 5, total: 900, floors: [1, 1, 1, 1, constants.targets[4] - 5] },
    plays: analysis.plays.map((r) => ({ ...r, floor: 5 })), firstCommonClimb: { ...analysis.firstCommonClimb, floor: 5 } };
  assert.equal(adviceLine(last, constants), "Na 2.ª jogada do 5.º andar, CASTO (palavra comum) em B3 daria 31 pontos e subiria a torre toda.");
});

test("without a climb the summary names the common-word play that gave most over the one made, a pass said as a pass", () => {
  const floors = [30, 60, constants.targets[2] - 23];
  const run = { won: false, floorReached: 3, total: 150, floors };
  const analysis = { run, par: PAR, firstCommonClimb: null,
    plays: [row(1, 1, 30, CASTO, PRAXE), row(3, 1, 12, CASTO, PRAXE), row(3, 2, 0, null, PRAXE)] };
  assert.equal(analysisSummary(analysis, constants),
    "Ficou a 23 pontos do 4.º andar. Na 1.ª jogada do 3.º andar, CASTO (palavra comum) em B3 daria 31 pontos, mais 19 pontos do que a sua jogada.");
  assert.equal(biggestGain(analysis.plays, "common"), analysis.plays[1]);
  const passed = { ...analysis, plays: [row(2, 3, null, play(["CASTO", "OS"], 28, CASTO.tiles), PRAXE)] };
  assert.equal(adviceLine(passed, constants), "Na 3.ª jogada do 2.º andar, CASTO e OS (palavras comuns) em B3 dariam 28 pontos; nessa jogada, passou.");
  const none = { ...analysis, plays: [row(1, 1, 40, CASTO, PRAXE), row(1, 2, null, null, PRAXE)] };
  assert.equal(adviceLine(none, constants), "Com palavras comuns, nenhuma jogada valia mais do que as suas.");
  for (const text of [analysisSummary(analysis, constants), adviceLine(passed, constants)]) assert.doesNotMatch(text, /melhor jogada/);
});

const EFICAZ = play(["EFICAZ"], 75, ["B2", "C2", "D2", "E2", "F2", "G2"].map((sq, i) => tile(sq, "EFICAZ"[i])));
const ESVAZIO = play(["ESVAZIO"], 153, ["A4", "B4", "C4", "D4", "E4", "F4", "G4"].map((sq, i) => tile(sq, "ESVAZIO"[i])));

test("a run lost on floor 2 is advised first about floor 2: the play in any words that would have climbed it", () => {
  const target = constants.targets[1];
  const run = { won: false, floorReached: 2, total: 200, floors: [constants.targets[0], target - 40] };
  const analysis = { run, par: PAR, firstCommonClimb: null,
    firstBestClimb: { index: 2, floor: 2, number: 2, floorScore: 20, target },
    plays: [row(1, 1, 12, EFICAZ, EFICAZ), row(2, 1, 20, CASTO, CASTO), row(2, 2, 10, play(["ASA"], 15, CASTO.tiles), ESVAZIO)] };
  assert.equal(analysisSummary(analysis, constants),
    "Ficou a 40 pontos do 3.º andar. Na 2.ª jogada do 2.º andar, ESVAZIO em A4 daria 153 pontos e subiria de andar.");
  const common = { ...analysis, firstCommonClimb: { ...analysis.firstBestClimb, index: 1, number: 1, floorScore: 0 } };
  assert.equal(adviceLine(common, constants), "Na 1.ª jogada do 2.º andar, CASTO (palavra comum) em B3 daria 31 pontos e subiria de andar.",
    "a climb in common words comes before one in any words");
  const noClimb = { ...analysis, firstBestClimb: null };
  assert.equal(adviceLine(noClimb, constants),
    "Na 1.ª jogada do 2.º andar, CASTO (palavra comum) em B3 daria 31 pontos, mais 11 pontos do que a sua jogada.",
    "without a climb, the lost floor's biggest gain before floor 1's bigger one");
  const onlyFloor1 = { ...noClimb, plays: [noClimb.plays[0], row(2, 1, 31, CASTO, CASTO)] };
  assert.equal(adviceLine(onlyFloor1, constants),
    "Na 1.ª jogada do 1.º andar, EFICAZ (palavra comum) em B2 daria 75 pontos, mais 63 pontos do que a sua jogada.",
    "nothing better on the lost floor: then the other floors");
});

test("an analysis without common plays names the best play that gave most, which play and where; or praises the run", () => {
  const won = { run: { won: true, floorReached: 5, total: 1, floors: [] }, par: PAR, firstCommonClimb: null,
    plays: [row(5, 1, 0, null, play(["PRAXE"], 1, PRAXE.tiles))] };
  assert.equal(analysisSummary(won, constants), "Subiu a torre toda com 1 ponto. Na 1.ª jogada do 5.º andar, PRAXE em B2 daria 1 ponto, mais 1 ponto do que a sua jogada.");
  const perfect = { ...won, plays: [row(5, 1, 20, null, play(["PRAXE"], 20, PRAXE.tiles)), row(5, 2, null, null, null)] };
  assert.equal(adviceLine(perfect, constants), "Fez sempre a melhor jogada possível.");
});

test("a play's word starts where its line's word does: tiles before it on the board count, a single tile reads across first", () => {
  const board = EMPTY.slice();
  board[3 * 7 + 2] = "D"; // C4
  board[3 * 7 + 3] = "O"; // D4
  assert.equal(wordStart([tile("E4", "S")], board, constants), "C4", "DOS across");
  assert.equal(wordStart([tile("D5", "S")], board, constants), "D4", "OS down: nothing beside D5 across");
  assert.equal(wordStart([tile("C3", "A"), tile("C5", "O")], board, constants), "C3", "A, D, O down");
  assert.equal(wordStart(CASTO.tiles, EMPTY, constants), "B3");
  assert.equal(commonWordsText(["A", "B", "C"]), "A, B e C (palavras comuns)");
});

test("the verdict says beaten, equalled or not beaten", () => {
  const run = { won: false, floorReached: 3, total: 171 };
  assert.equal(parVerdict(run, PAR, true), "Bateu-o.");
  assert.equal(parVerdict(run, PAR, false), "Empatou com ele: não o bateu.");
  assert.equal(parVerdict({ ...run, total: 10 }, PAR, false), "Não o bateu.");
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

test("the guide names gestures for the device: no keys and no clicks on a touch-only screen, no taps elsewhere", () => {
  const touch = guideSteps({ target: 25, playsLeft: 3 }, "FADO", true).map((s) => s.text).join(" ");
  const pointer = guideSteps({ target: 25, playsLeft: 3 }, "FADO", false).map((s) => s.text).join(" ");
  assert.doesNotMatch(touch, /setas|Enter|teclado|[Cc]li(que|car)/);
  assert.match(touch, /toque numa casa/);
  assert.doesNotMatch(pointer, /[Tt]oque|[Tt]ocar/);
  assert.match(pointer, /use as setas e escreva/);
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

test("the page's analysis client asks the worker for a suggestion each time, with its word lists", async () => {
  const sent = [];
  const client = new AnalysisClient("/a.js", fakeWorker((data) => {
    sent.push(data);
    return { ok: true, result: { common: null, best: { words: ["PRAXE"], points: 62, tiles: [] } } };
  }));
  const state = { phase: "play", hand: [] };
  const asked = { state, dawgUrl: "/p.dawg", commonUrl: "/c.dawg" };
  assert.deepEqual(await client.suggest(asked), { common: null, best: { words: ["PRAXE"], points: 62, tiles: [] } });
  await client.suggest(asked);
  assert.equal(sent.length, 2, "a suggestion is never kept");
  assert.deepEqual(sent[0], { id: 1, kind: "suggest", state, dawgUrl: "/p.dawg", commonUrl: "/c.dawg" });
  await client.analyse({ ...REQUEST, commonUrl: "/c.dawg" });
  assert.equal(sent[2].commonUrl, "/c.dawg", "the analysis sends the common list too");
  const broken = new AnalysisClient("/a.js", fakeWorker(() => ({}), true));
  await assert.rejects(broken.suggest(asked), { message: "A procura de uma sugestão falhou; o resto do jogo funciona na mesma." });
  await assert.rejects(new AnalysisClient("/a.js").suggest(asked), { message: /Este navegador não consegue procurar sugestões/ });
});

test("the guide ends by offering both: a practice tower first, or today's tower", () => {
  const steps = guideSteps({ target: 25, playsLeft: 3 }, "FADO");
  for (const id of LAST_STEPS) {
    const step = steps.find((s) => s.id === id);
    assert.match(step.text, /torre de hoje ou treinar primeiro: nas torres de treino/, id);
    assert.match(step.text, /Sugestão/, id);
  }
  assert.deepEqual(LAST_STEPS, steps.slice(-2).map((s) => s.id));
});
