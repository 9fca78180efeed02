// The day's table as shared (issue 41 item 7): «Partilhar o quadro» writes one line in which a
// sender's name, which is only what they wrote, can never read as the player's row, a computer
// opponent or a challenge without a name.
import assert from "node:assert/strict";
import { test } from "node:test";

import { nameProblem } from "../../../site_src/js/ui/shared/challenge_name.js";
import { newRecord } from "../../../site_src/js/ui/shared/challenge_records.js";
import { dayTable, tableShareText } from "../../../site_src/js/ui/shared/day_table.js";

const result = (floor, total, won = false) => ({ floor, total, won });
const DOUTOR = { level: "doutor", ...result(2, 130), code: "doutor-code" };

test("the shared line marks every sender's name as not verified, so none reads as the player, an opponent or an unnamed challenge", () => {
  // Before, challengers named «eu», «Dux» or «Desafio 2» read exactly like those rows.
  const date = "2026-11-30";
  const named = (name, floor, total) => newRecord(`${name}-code`, date, result(floor, total), name);
  const records = [named("eu", 3, 201), named("Dux", 2, 150), newRecord("unnamed-code", date, result(2, 140)), named("Desafio 2", 1, 9)];
  const rows = dayTable(date, result(3, 160), records, [DOUTOR]);
  assert.equal(tableShareText(date, rows), "A Torre · 30/11/2026 — 1.º eu (nome não verificado) — 3.º andar, 201 · 2.º eu — 3.º andar, 160"
    + " · 3.º Dux (nome não verificado) — 2.º andar, 150 · 4.º Desafio 3 — 2.º andar, 140 · 5.º Veterano — 2.º andar, 130"
    + " · 6.º Desafio 2 (nome não verificado) — 1.º andar, 9");
  assert.notEqual(nameProblem("eu (nome não verificado)"), null, "no name can carry the mark itself");
});
