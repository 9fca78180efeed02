// Practice towers (dist/treino/NNNN.json, docs/days-format.md "Practice towers"): a day
// file whose `date` is replaced by `treino`, the number. The engine plays them like days;
// a shuffle is seeded with "treino-<n>", never with a date.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { apply, newRun, playOut, replay, summary } from "../../../site_src/js/engine/index.js";
import { parActions } from "../../../site_src/js/engine/par.js";
import { towerKey } from "../../../site_src/js/engine/day.js";
import { distDir, loadDay, dayNames, loadDistConstants, realWords } from "../helpers/real-dist.mjs";

const practice = (n) => JSON.parse(readFileSync(join(distDir(), "treino", `${String(n).padStart(4, "0")}.json`), "utf8"));

test("a practice tower is played out to its end by the engine like a day, and replays from its log", () => {
  const constants = loadDistConstants();
  const { words } = realWords();
  const tower = practice(1);
  const { actions, state } = playOut(tower, constants, words, parActions);
  assert.ok(state.phase === "won" || state.phase === "lost");
  const again = replay(tower, constants, actions, words);
  assert.ok(again.ok);
  assert.deepEqual(summary(again.state), summary(state));
});

test("a practice tower's shuffle is seeded with treino-<n>, so it differs from the day's with the same bag", () => {
  const constants = loadDistConstants();
  const tower = practice(17);
  assert.equal(towerKey(tower), "treino-17");
  const day = { ...loadDay(dayNames()[0]) };
  assert.equal(towerKey(day), day.date);
  const asDay = { date: day.date, ...Object.fromEntries(Object.entries(tower).filter(([k]) => k !== "treino")) };
  const shuffledPractice = apply(newRun(tower, constants), { type: "shuffle" }).state.hand.map((t) => t.letter).join("");
  const shuffledAsDay = apply(newRun(asDay, constants), { type: "shuffle" }).state.hand.map((t) => t.letter).join("");
  assert.notEqual(shuffledPractice, shuffledAsDay);
});

test("a tower file needs a date or a practice number of 1 or more", () => {
  const constants = loadDistConstants();
  const tower = practice(2);
  for (const treino of [0, -1, 1.5, "2", null]) {
    assert.throws(() => newRun({ ...tower, treino }, constants), { name: "DayFileError" });
  }
  const { treino, ...nameless } = tower;
  assert.equal(treino, 2);
  assert.throws(() => newRun(nameless, constants), /falta a data/);
  assert.throws(() => newRun({ ...tower, date: "treino-2" }, constants), /falta a data/);
  assert.throws(() => newRun({ ...tower, floors: [] }, constants), /torre de treino n\.º 2 está danificado/);
});
