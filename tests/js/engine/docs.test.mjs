// docs/engine.md's preview example is the engine's real answer (issue 15: every example real).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { preview } from "../../../site_src/js/engine/index.js";
import { E, ROOT, placeAll, setup, wordChecker } from "../helpers/engine-setup.mjs";

test("the preview example of docs/engine.md is what preview gives", () => {
  const text = readFileSync(join(ROOT, "docs", "engine.md"), "utf8").replace(/\s*\n\s*/g, " ");
  const shown = JSON.parse(text.match(/and the breakdown \(checked by [^)]*\) `(\[[^`]*\])`/)[1]);
  const state = setup({ board: [E, E, E, "..TUNA.", E, E, E], hand: "SEUTAMOR", squares: { G4: "3L", G5: "2P" }, dobro: true });
  const placed = placeAll(state, [["G4", "S"], ["G5", "E"]]);
  const result = preview(placed, wordChecker(["TUNAS", "SE"], ["TUNAS"]));
  assert.deepEqual(result.breakdown, shown);
  assert.match(text, new RegExp(`\`points\` ${result.points}, \`multiplier\` ${result.multiplier}`));
});

test("the firstCommonClimb example of docs/engine.md is what firstCommonClimb gives", async () => {
  const { firstCommonClimb } = await import("../../../site_src/js/engine/analysis.js");
  const text = readFileSync(join(ROOT, "docs", "engine.md"), "utf8").replace(/\s*\n\s*/g, " ");
  const shown = text.match(/so `firstCommonClimb` is `(\{[^`]*\})` \(checked by/)[1];
  const common = (points) => ({ words: ["X"], points, tiles: [] });
  const plays = [
    { floor: 1, number: 1, yours: { points: 12 }, common: common(12) },
    { floor: 1, number: 2, yours: { points: 9 }, common: common(31) },
    { floor: 1, number: 3, yours: null, common: common(50) },
  ];
  const befores = [0, 12, 21].map((floorScore) => ({ floorScore, target: 60 }));
  const found = firstCommonClimb(plays, befores, { phase: "lost", floor: 0 });
  const asText = `{${Object.entries(found).map(([k, v]) => `${k}: ${v}`).join(", ")}}`;
  assert.equal(asText, shown);
});
