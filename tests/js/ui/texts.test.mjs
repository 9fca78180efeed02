// What the page says in Portuguese that depends on the run: the warning before
// a pass and what Espreitar showed. Pure functions of the state, tested here
// without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";

import { passWarning } from "../../../site_src/js/ui/game.js";
import { peekText } from "../../../site_src/js/ui/status_view.js";
import { loadConstants, setup } from "../helpers/engine-setup.mjs";

const constants = loadConstants();

test("passing with plays to spare says how many are left", () => {
  const state = setup({ hand: "SEUTAMOR", playsLeft: 3 });
  assert.equal(passWarning(state, constants), "Passar gasta uma jogada sem pontos (fica com 2 jogadas neste andar).");
  assert.equal(passWarning({ ...state, playsLeft: 2 }, constants),
    "Passar gasta uma jogada sem pontos (fica com 1 jogada neste andar).");
});

test("passing the last play warns that the run ends", () => {
  const state = setup({ hand: "SEUTAMOR", playsLeft: 1 });
  assert.equal(passWarning(state, constants), "É a última jogada deste andar: se passar, a corrida acaba aqui.");
});

test("passing the last play while holding mais uma jogada says to use it first", () => {
  const state = setup({ hand: "SEUTAMOR", playsLeft: 1, helps: ["jogada"] });
  assert.equal(passWarning(state, constants),
    "É a última jogada deste andar: se passar, a corrida acaba aqui. Ainda tem a ajuda «Mais uma jogada»: use-a antes.");
});

test("espreitar shows the next tiles, or says the bag is empty", () => {
  assert.equal(peekText(["E", "Ç", "A"]), "No saco, a seguir: E Ç A");
  assert.equal(peekText([]), "O saco está vazio.");
  assert.equal(peekText(null), "");
});
