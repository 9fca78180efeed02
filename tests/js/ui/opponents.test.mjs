// What the end screen says about the day's three computer opponents: the line with the
// run against all three (beat none, some, all; ties; an opponent that climbed the whole
// tower), the day's patente, the levels beaten and the names of the replay links; and
// what the end screen does when the analysis brings them (page.onOpponents for daily runs).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  beatenLevels, longestStandings, opponentsLine, patenteLine, replayLinkText, standingsLine,
} from "../../../site_src/js/ui/game/opponents_text.js";
import { fillOpponents } from "../../../site_src/js/ui/game/run_end.js";

const run = { won: false, floorReached: 3, total: 150 };
const opponent = (level, floor, total, beaten, won = false) => ({ level, floor, total, won, beaten, code: "1x" });
const caloiro = opponent("caloiro", 1, 22, true);
const doutor = opponent("doutor", 3, 120, true);
const dux = opponent("dux", 5, 412, false);

test("a run that beat some opponents names them and says where the others got", () => {
  assert.equal(opponentsLine(run, [caloiro, doutor, dux]),
    "Ganhou ao Caloiro e ao Veterano; o Dux chegou ao 5.º andar com 412 pontos.");
  assert.equal(opponentsLine(run, [caloiro, opponent("doutor", 4, 200, false), dux]),
    "Ganhou ao Caloiro; o Veterano chegou ao 4.º andar com 200 pontos e o Dux chegou ao 5.º andar com 412 pontos.");
});

test("a run that beat none says where each of the three got", () => {
  const first = { won: false, floorReached: 1, total: 0 };
  assert.equal(opponentsLine(first, [opponent("caloiro", 1, 9, false), opponent("doutor", 3, 141, false), dux]),
    "O Caloiro chegou ao 1.º andar com 9 pontos, o Veterano chegou ao 3.º andar com 141 pontos e o Dux chegou ao 5.º andar com 412 pontos.");
});

test("a run that beat all three says so", () => {
  assert.equal(opponentsLine({ won: true, floorReached: 5, total: 500 }, [caloiro, doutor, opponent("dux", 5, 412, true)]),
    "Ganhou ao Caloiro, ao Veterano e ao Dux!");
});

test("an opponent that climbed the whole tower subiu a torre toda", () => {
  assert.equal(opponentsLine(run, [caloiro, doutor, opponent("dux", 5, 494, false, true)]),
    "Ganhou ao Caloiro e ao Veterano; o Dux subiu a torre toda com 494 pontos.");
});

test("an equal height and total is a tie, neither beaten nor ahead", () => {
  assert.equal(opponentsLine(run, [caloiro, opponent("doutor", 3, 150, false), dux]),
    "Ganhou ao Caloiro; empatou com o Veterano; o Dux chegou ao 5.º andar com 412 pontos.");
  const tiedWin = { won: true, floorReached: 5, total: 494 };
  assert.equal(opponentsLine(tiedWin, [caloiro, doutor, opponent("dux", 5, 494, false, true)]),
    "Ganhou ao Caloiro e ao Veterano; empatou com o Dux.");
  const nothing = { won: false, floorReached: 1, total: 0 };
  assert.equal(opponentsLine(nothing, [opponent("caloiro", 1, 0, false), opponent("doutor", 1, 0, false), dux]),
    "Empatou com o Caloiro e o Veterano; o Dux chegou ao 5.º andar com 412 pontos.");
});

test("the same floor with fewer points is not a tie", () => {
  assert.equal(opponentsLine(run, [caloiro, opponent("doutor", 3, 151, false), opponent("dux", 5, 494, false, true)]),
    "Ganhou ao Caloiro; o Veterano chegou ao 3.º andar com 151 pontos e o Dux subiu a torre toda com 494 pontos.");
});

test("the patente is the strongest level beaten, even when a weaker one was not", () => {
  assert.equal(patenteLine([caloiro, doutor, dux]), "Categoria do dia: Veterano.");
  assert.equal(patenteLine([caloiro, { ...doutor, beaten: false }, dux]), "Categoria do dia: Caloiro.");
  assert.equal(patenteLine([{ ...caloiro, beaten: false }, doutor, dux]), "Categoria do dia: Veterano.");
  assert.equal(patenteLine([caloiro, doutor, { ...dux, beaten: true }]), "Categoria do dia: Dux.");
});

test("beating none gives no patente, said kindly", () => {
  assert.equal(patenteLine([{ ...caloiro, beaten: false }, { ...doutor, beaten: false }, dux]),
    "Categoria do dia: nenhuma, desta vez.");
});

test("the levels beaten are their ids, weakest first", () => {
  assert.deepEqual(beatenLevels([caloiro, doutor, dux]), ["caloiro", "doutor"]);
  assert.deepEqual(beatenLevels([{ ...caloiro, beaten: false }, doutor, { ...dux, beaten: true }]), ["doutor", "dux"]);
  assert.deepEqual(beatenLevels([{ ...caloiro, beaten: false }, { ...doutor, beaten: false }, dux]), []);
});

test("each opponent's replay link is named after it", () => {
  assert.deepEqual(["caloiro", "doutor", "dux"].map(replayLinkText),
    ["Ver a corrida do Caloiro", "Ver a corrida do Veterano", "Ver a corrida do Dux"]);
});

test("under the card, the block says where each opponent got, not again whom the run beat nor the category", () => {
  assert.equal(standingsLine([opponent("caloiro", 1, 9, true), opponent("doutor", 3, 141, false), opponent("dux", 5, 494, false, true)]),
    "O Caloiro chegou ao 1.º andar com 9 pontos, o Veterano chegou ao 3.º andar com 141 pontos e o Dux subiu a torre toda com 494 pontos.");
});

test("the longest standings line, whose copy keeps the block's place, is as long as any shown", () => {
  const longest = longestStandings();
  for (const won of [[false, false, false], [true, true, true], [false, true, false]]) {
    const opponents = ["caloiro", "doutor", "dux"].map((level, i) => opponent(level, won[i] ? 5 : 4, 999, false, won[i]));
    assert.ok(standingsLine(opponents).length <= longest.length, standingsLine(opponents));
  }
});

/** A stand-in for the end screen's block (end_view.js opponentsBlock): what it was told. */
function fakeBlock() {
  const told = [];
  return { told, show: (shownRun, opponents) => told.push(["show", shownRun, opponents]), fail: () => told.push(["fail"]) };
}

const analysis = { run, opponents: [caloiro, { ...doutor, beaten: false }, dux] };

test("a daily run's beaten levels go to the page's onOpponents when the analysis arrives", async () => {
  const calls = [];
  const page = { date: "2026-12-01", onOpponents: (...args) => calls.push(args) };
  const block = fakeBlock();
  await fillOpponents(page, Promise.resolve(analysis), true, block);
  assert.deepEqual(calls, [["2026-12-01", ["caloiro"]]]);
  assert.deepEqual(block.told, [["show", run, analysis.opponents]]);
});

test("a run that does not count as daily shows its opponents without telling the page", async () => {
  const calls = [];
  const block = fakeBlock();
  await fillOpponents({ date: "2026-11-30", onOpponents: (...args) => calls.push(args) }, Promise.resolve(analysis), false, block);
  assert.deepEqual(calls, []);
  assert.equal(block.told[0][0], "show");
});

test("a page without onOpponents, a failed analysis or one without opponents are no trouble", async () => {
  const block = fakeBlock();
  await fillOpponents({ date: "2026-12-01" }, Promise.resolve(analysis), true, block);
  const failed = fakeBlock();
  await fillOpponents({ date: "2026-12-01", onOpponents: () => assert.fail("no opponents") },
    Promise.reject(new Error("no worker")), true, failed);
  const without = fakeBlock();
  await fillOpponents({ date: "2026-12-01", onOpponents: () => assert.fail("no opponents") },
    Promise.resolve({ run }), true, without);
  assert.deepEqual([block.told[0][0], failed.told, without.told], ["show", [["fail"]], [["fail"]]]);
});
