// A run as a whole: the day file checked, plain-JSON state, the summary.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { apply, newRun, preview, replay, summary } from "../../../site_src/js/engine/index.js";
import { distDir } from "../helpers/real-dist.mjs";
import { applyOk, E, loadConstants, loadFixtureDay, placeAll, setup, wordChecker } from "../helpers/engine-setup.mjs";

const constants = loadConstants();
const day = loadFixtureDay();

test("a new run is plain JSON that survives a round trip", () => {
  const state = newRun(day, constants);
  assert.deepEqual(JSON.parse(JSON.stringify(state)), state);
});

// Issue 13 item 11: the whole day is checked at newRun, never a TypeError later on.
const floors = (change) => ({ ...day, floors: day.floors.map((floor, i) => (i === 1 ? change(floor) : floor)) });
const BROKEN_DAYS = [
  ["floors that are not floors", { ...day, floors: [day.floors[0], null, {}, "x", 7] }, /o 2\.º andar não é válido/],
  ["four floors", { ...day, floors: day.floors.slice(1) }, /devia ter 5 andares/],
  ["an opener with a letter no tile has", floors((f) => ({ ...f, opener: "KIWI" })), /abertura do 2\.º andar/],
  ["an opener longer than the board", floors((f) => ({ ...f, opener: "ABCDEFGH" })), /abertura do 2\.º andar/],
  ["a floor without squares", floors((f) => ({ opener: f.opener })), /faltam as casas especiais do 2\.º andar/],
  ["a special square off the board", floors((f) => ({ ...f, squares: { ...f.squares, "2P": ["C2", "H9"] } })), /«H9»/],
  ["a special square on a corner", floors((f) => ({ ...f, squares: { ...f.squares, "2P": ["C2", "A1"] } })), /«A1»/],
  ["a special square under the opener", floors((f) => ({ ...f, squares: { ...f.squares, "2P": ["C2", "D4"] } })), /«D4»/],
  ["a square of two kinds", floors((f) => ({ ...f, squares: { ...f.squares, "2P": [f.squares["2L"][0], "E2"] } })), /não é válida/],
  ["too few 3L squares", floors((f) => ({ ...f, squares: { ...f.squares, "3L": ["B5"] } })), /devia ter 2 casas 3L/],
  ["a short bag", { ...day, bag: day.bag.slice(1) }, /saco devia ter 117 peças/],
  ["a bag with K", { ...day, bag: "K" + day.bag.slice(1) }, /letra «K»/],
  ["a bag of the wrong mix", { ...day, bag: "A" + day.bag.slice(1) }, /devia ter 14/],
  ["helps that run out", { ...day, helps: day.helps.slice(0, 40) }, /ajudas é curta de mais/],
  ["an unknown help", { ...day, helps: ["voar", ...day.helps] }, /ordem das ajudas não é válida/],
  ["no offers", { ...day, offers: undefined }, /faltam os trunfos propostos/],
  ["an offer missing", { ...day, offers: { ...day.offers, cabra: undefined } }, /«cabra»/],
  ["an offer of a held trunfo", { ...day, offers: { ...day.offers, cabra: ["cabra", "grelo", "fitas"] } }, /«cabra»/],
  ["no date", { ...day, date: 20261115 }, /falta a data/],
  ["not an object", "dia", /não é um objeto JSON/],
];

for (const [what, broken, detail] of BROKEN_DAYS) {
  test(`a day with ${what} is refused at newRun, its detail in portuguese for a developer`, () => {
    assert.throws(() => newRun(broken, constants), (error) => {
      assert.equal(error.name, "DayFileError");
      assert.match(error.message, /^O ficheiro da torre( de \d\d\/\d\d\/\d{4})? está danificado: /);
      assert.match(error.detail, detail);
      return true;
    });
  });
}

test("the fixture day and every day of the build pass the check", () => {
  assert.ok(newRun(day, constants));
  const folder = join(distDir(), "dias");
  const files = readdirSync(folder).filter((name) => /^\d{4}-\d{2}-\d{2}\.json$/.test(name));
  assert.ok(files.length >= 400);
  for (const name of files) newRun(JSON.parse(readFileSync(join(folder, name), "utf8")), constants);
});

test("tiles of a climbed floor leave the game with its board", () => {
  const state = setup({ board: [E, E, E, ".CASA..", E, E, E], hand: "SEUTAMOR", floorScore: constants.targets[0] });
  const played = placeAll(state, [["F4", "S"]]);
  const next = applyOk(played, { type: "play" }, wordChecker(["CASAS"])).state;
  const before = played.board.filter(Boolean).map((c) => c.id);
  assert.deepEqual(next.retired.sort((a, b) => a - b), [...before, played.pending[0].id].sort((a, b) => a - b));
  assert.ok(next.board.every((c) => !c || c.opener));
});

test("preview is refused outside the play phase", () => {
  const state = setup({ hand: "SEUTAMOR", phase: "lost" });
  assert.equal(preview(state, wordChecker([])).code, "bad_phase");
});

test("every refusal carries a portuguese message", () => {
  const state = setup({ hand: "SEUTAMOR" });
  const result = apply(state, { type: "place", tile: -1, square: "A1" });
  assert.equal(result.code, "not_in_hand");
  assert.equal(result.message, "Essa peça não está na sua mão.");
});

test("the preview names the words that don't exist, singular or plural", () => {
  const state = setup({ board: [E, E, E, ".DOS...", E, E, E], hand: "EUSTAMOR" });
  const placed = placeAll(state, [["B5", "E"], ["C5", "U"]]); // EU across, DE and OU down
  assert.equal(preview(placed, wordChecker(["EU", "DE"])).message, "Não vale: OU.");
  assert.equal(preview(placed, wordChecker(["EU"])).message, "Não valem: DE, OU.");
});

test("a coimbra word that climbs with 10 to spare earns two helps in the day's order", () => {
  const state = setup({ board: [E, E, E, ".FAD...", E, E, E], hand: "OSEUTAMR", floorScore: constants.targets[0] });
  const { state: next, events } = applyOk(placeAll(state, [["E4", "O"]]), { type: "play" }, wordChecker([], ["FADO"]));
  assert.deepEqual(events.filter((e) => e.type === "helpEarned").map((e) => e.id), day.helps.slice(0, 2));
  assert.deepEqual(next.helps, day.helps.slice(0, 2));
});

test("summary reports floors, total, the best play and the trunfos", () => {
  const state = setup({
    hand: "SEUTAMOR", phase: "lost", floor: 2, total: 140, floorScores: [30, 70, 40], trunfos: ["cabra", "fitas"],
    history: [
      { floor: 0, words: [{ word: "CASA", points: 30, coimbra: false }], points: 30, tiles: 2, placed: [] },
      { floor: 1, pass: true },
      { floor: 1, words: [{ word: "FADO", points: 40, coimbra: true }, { word: "DE", points: 5, coimbra: false }], points: 70, tiles: 2, placed: [] },
      { floor: 2, words: [{ word: "TUNA", points: 70, coimbra: true }], points: 40, tiles: 1, placed: [] },
    ],
  });
  assert.deepEqual(summary(state), {
    won: false, floorReached: 3, total: 140, floors: [30, 70, 40],
    bestPlay: { words: ["FADO", "DE"], points: 70 }, trunfos: ["cabra", "fitas"], plays: 4,
    floorCount: constants.floors, trunfoEmoji: ["🔔", "🎀"],
  });
});

test("summary of a run with no word play has no best play", () => {
  assert.equal(summary(newRun(day, constants)).bestPlay, null);
});

test("replay of a run's actions gives the same state as live play", () => {
  const start = newRun(day, constants);
  const actions = [{ type: "shuffle" }, { type: "place", tile: start.hand[1].id, square: "B3" }, { type: "pass" },
    { type: "exchange", tiles: [start.hand[0].id] }];
  let state = start;
  for (const action of actions) state = applyOk(state, action, wordChecker([])).state;
  assert.deepEqual(replay(day, constants, actions, wordChecker([])), { ok: true, state });
});
