// The chosen opponent's line during a run: the choice remembered on the device (a damaged or
// unknown value reads as the Veterano), what the line says after n turns (numbers only), and
// what a screen reader hears when the opponent climbs.
import assert from "node:assert/strict";
import { test } from "node:test";

import { AnalysisClient } from "../../../site_src/js/ui/shared/analysis_client.js";
import { GameStorage } from "../../../site_src/js/ui/shared/storage.js";
import { OPPONENT_KEY, chooseOpponent, chosenOpponent } from "../../../site_src/js/ui/shared/opponent_choice.js";
import { START, climbText, climbed, standingAfter, standingText } from "../../../site_src/js/ui/game/opponent_line_text.js";
import { MemoryBackend } from "../helpers/memory-storage.mjs";

const storageWith = (entries, full = []) => new GameStorage(new MemoryBackend(entries, full));

test("the chosen opponent is remembered on the device, and the Veterano is the default", () => {
  const storage = storageWith({});
  assert.equal(chosenOpponent(storage), "doutor");
  assert.equal(chooseOpponent(storage, "dux"), true);
  assert.equal(storage.read(OPPONENT_KEY), "dux");
  assert.equal(chosenOpponent(storage), "dux");
});

test("a damaged or unknown choice reads as the Veterano, and an unknown level is never stored", () => {
  for (const damaged of ["reitor", "", "DUX", "{\"level\":\"dux\"}", "caloiro "]) {
    assert.equal(chosenOpponent(storageWith({ [OPPONENT_KEY]: damaged })), "doutor", damaged);
  }
  const storage = storageWith({ [OPPONENT_KEY]: "caloiro" });
  assert.equal(chooseOpponent(storage, "reitor"), false);
  assert.equal(chosenOpponent(storage), "caloiro");
});

test("a choice the browser refuses to store lasts only the page", () => {
  assert.equal(chooseOpponent(storageWith({}, [OPPONENT_KEY]), "dux"), false);
});

const standings = [START, { floor: 2, total: 62, won: false }, { floor: 2, total: 81, won: false }, { floor: 5, total: 494, won: true }];

test("after n turns the line says the opponent's floor and total then; after its run ends, its end holds", () => {
  assert.equal(standingText("doutor", standingAfter(standings, 0)), "Veterano: 1.º andar, 0");
  assert.equal(standingText("doutor", standingAfter(standings, 2)), "Veterano: 2.º andar, 81");
  assert.equal(standingText("dux", standingAfter(standings, 3)), "Dux: subiu a torre toda, 494");
  assert.equal(standingText("dux", standingAfter(standings, 9)), "Dux: subiu a torre toda, 494");
  assert.equal(standingText("caloiro", null), "Caloiro: a calcular…");
  assert.equal(standingText("caloiro", null, true), "Caloiro: indisponível");
});

test("a climb is heard once, as a sentence, and more points on the same floor are not a climb", () => {
  assert.equal(climbed(standings[0], standings[1]), true);
  assert.equal(climbed(standings[1], standings[2]), false);
  assert.equal(climbed(null, standings[1]), false);
  assert.equal(climbed(standings[2], standings[3]), true);
  assert.equal(climbText("doutor", standings[1]), "O Veterano subiu ao 2.º andar, com 62 pontos.");
  assert.equal(climbText("dux", standings[3]), "O Dux subiu a torre toda, com 494 pontos.");
});

test("the page asks the worker for the standings alone, and a browser without workers is told apart", async () => {
  const sent = [];
  const worker = () => {
    const listeners = [];
    return {
      addEventListener: (type, fn) => type === "message" && listeners.push(fn),
      postMessage(data) {
        sent.push(data);
        queueMicrotask(() => listeners.forEach((fn) => fn({ data: { id: data.id, ok: true, result: { dux: standings } } })));
      },
    };
  };
  const request = { day: { date: "2026-12-01" }, constants: {}, dawgUrl: "/p.dawg", commonUrl: "/c.dawg" };
  assert.deepEqual(await new AnalysisClient("/a.js", worker).standings(request), { dux: standings });
  assert.deepEqual(sent, [{ id: 1, kind: "standings", ...request }]);
  await assert.rejects(new AnalysisClient("/a.js").standings(request), { message: /não consegue calcular as corridas do Caloiro, do Veterano e do Dux/ });
});
