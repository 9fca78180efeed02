// Treino's storage and Sugestão's rules: a practice run is saved under its own key, apart
// from today's run, the daily statistics and the archive; it resumes only on the tower it
// was played on; results count once; after the last tower comes the first. Sugestão shows
// the common-word play, then the best, then hides; any action forgets it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { PracticeStore, nextPractice, practiceKey, practiceRunStore } from "../../../site_src/js/ui/treino/practice.js";
import { Suggestion, hintOf, suggestionText } from "../../../site_src/js/ui/treino/suggestion.js";
import { GameStorage } from "../../../site_src/js/ui/shared/storage.js";
import { practiceFigures } from "../../../site_src/js/ui/shared/stats_later.js";
import { practiceFiles } from "../../../site_src/js/ui/shared/loader.js";
import { MemoryBackend } from "../helpers/memory-storage.mjs";

const BAG = "AEIOU";
const ACTIONS = [{ type: "shuffle" }, { type: "pass" }];

test("a practice run is saved under torre.treino only: today's run, the statistics and the archive stay as they were", () => {
  const backend = new MemoryBackend({ "torre.corrida": "x", "torre.estatisticas": "y", "torre.arquivo": "z" });
  const store = new PracticeStore(new GameStorage(backend));
  const run = practiceRunStore(store, 3, BAG, "0123456789");
  run.saveRun(practiceKey(3), ACTIONS);
  store.addResult(3, { floorReached: 2, total: 90, won: false });
  assert.deepEqual([...backend.map.keys()].sort(), ["torre.arquivo", "torre.corrida", "torre.estatisticas", "torre.treino"]);
  assert.deepEqual(["torre.corrida", "torre.estatisticas", "torre.arquivo"].map((k) => backend.getItem(k)), ["x", "y", "z"]);
  assert.deepEqual(run.loadRun(practiceKey(3)), { status: "ok", actions: ACTIONS, wordList: "0123456789" });
  assert.equal(store.current(1000), 3);
});

test("a practice run resumes only on the tower it was played on, and never on a tower that changed", () => {
  const store = new PracticeStore(new GameStorage(new MemoryBackend()));
  store.saveRun(5, ACTIONS, null, BAG);
  assert.equal(store.loadRun(6, BAG).status, "none");
  assert.equal(store.loadRun(5, "UOIEA").status, "corrupt");
  assert.match(store.loadRun(5, "UOIEA").reason, /mudou/);
  store.clearRun();
  assert.equal(store.loadRun(5, BAG).status, "none");
});

test("a practice tower's result counts once, and its figures count towers, climbs, the best total and where they ended", () => {
  const storage = new GameStorage(new MemoryBackend());
  const store = new PracticeStore(storage);
  assert.equal(store.addResult(1, { floorReached: 5, total: 600, won: true }), true);
  assert.equal(store.addResult(1, { floorReached: 1, total: 10, won: false }), false);
  store.addResult(2, { floorReached: 3, total: 200, won: false });
  const figures = { towers: 2, wins: 1, best: 600, floors: [0, 0, 1, 0, 1] };
  assert.deepEqual(practiceFigures(store.load()), figures);
  assert.deepEqual(practiceFigures(storage.readJson("torre.treino")), figures, "what every game page's Estatísticas reads");
  assert.deepEqual(practiceFigures(new GameStorage(new MemoryBackend({ "torre.treino": "{" })).readJson("torre.treino")),
    { towers: 0, wins: 0, best: 0, floors: [0, 0, 0, 0, 0] });
});

test("the practice figures leave out any result no run could have written", () => {
  const results = { 1: { floor: 2, total: 80, won: false }, 2: { floor: 9, total: 700, won: false },
    3: { floor: 3, total: 900, won: true }, 4: { floor: 1, total: -5, won: false }, 5: null, 6: { floor: 5, total: 300, won: true } };
  assert.deepEqual(practiceFigures({ v: 1, results }), { towers: 2, wins: 1, best: 300, floors: [0, 1, 0, 0, 1] });
});

test("after the last practice tower comes the first; a number past a smaller site's last starts again at 1", () => {
  assert.equal(nextPractice(1, 1000), 2);
  assert.equal(nextPractice(1000, 1000), 1);
  const store = new PracticeStore(new GameStorage(new MemoryBackend()));
  store.saveRun(1000, ACTIONS, null, BAG);
  assert.equal(store.moveOn(1000), 1);
  assert.equal(store.load().run, null);
  store.saveRun(900, ACTIONS, null, BAG);
  assert.equal(store.current(500), 1);
});

test("the game page keeps the practice tower the player is on, so that /treino/ opens offline after a first visit", () => {
  const urls = { practice: "/treino/", practiceTotal: 500 };
  const files = (raw) => practiceFiles(urls, new GameStorage(new MemoryBackend(raw === undefined ? {} : { "torre.treino": raw })));
  assert.deepEqual(files(undefined), ["/treino/0001.json"], "no practice yet: the first tower");
  assert.deepEqual(files('{"v":1,"current":17,"run":null,"results":{}}'), ["/treino/0017.json"]);
  assert.deepEqual(files('{"v":1,"current":900}'), ["/treino/0001.json"], "past a smaller site's last: the first");
  assert.deepEqual(files("{"), ["/treino/0001.json"]);
  assert.deepEqual(practiceFiles({ practice: null }, null), [], "a page without data-treino keeps none");
});

test("damaged practice saves are dropped, never thrown", () => {
  for (const raw of ["{", "null", '{"v":2}', '{"v":1,"current":-3,"run":{"number":1},"results":{"x":{},"2":{"floor":0}}}']) {
    const backend = new MemoryBackend({ "torre.treino": raw });
    const practice = new PracticeStore(new GameStorage(backend)).load();
    assert.deepEqual(practice, { v: 1, current: 1, run: null, results: {} });
    assert.equal(backend.getItem("torre.treino.danificado"), raw, "copied aside before anything replaces it");
  }
});

test("a damaged practice save is repaired once: its readable results kept, the sentence says whether the copy was written", () => {
  const raw = '{"v":1,"current":2,"run":null,"results":{"1":{"floor":3,"total":150,"won":false},"2":{"floor":0}}}';
  const backend = new MemoryBackend({ "torre.treino": raw });
  const store = new PracticeStore(new GameStorage(backend));
  assert.match(store.repair(), /ficou o que se conseguiu ler \(ficou guardada uma cópia do original à parte\)\.$/);
  assert.deepEqual(JSON.parse(backend.getItem("torre.treino")).results, { 1: { floor: 3, total: 150, won: false } });
  assert.equal(store.repair(), null, "said once");
  const refused = new PracticeStore(new GameStorage(new MemoryBackend({ "torre.treino": raw }, ["torre.treino.danificado"])));
  assert.match(refused.repair(), /não foi possível guardar uma cópia do original/);
});

const PLAY = { tiles: [{ square: "C3", letter: "C", blank: false }, { square: "D3", letter: "A", blank: true }],
  points: 12, words: [{ word: "CAS", points: 12 }] };

test("a suggestion marks its squares and exactly the hand tiles it uses, a blank for a blank letter", () => {
  const hand = [{ id: 1, letter: "A" }, { id: 2, letter: "C" }, { id: 3, letter: "?" }, { id: 4, letter: "C" }];
  const hint = hintOf(PLAY, hand);
  assert.deepEqual([...hint.squares], [["C3", "C"], ["D3", "A"]]);
  assert.deepEqual([...hint.tiles].sort(), [2, 3]);
  assert.match(suggestionText(PLAY, "common"), /palavras comuns\): CAS em C3 e D3, por 12 pontos/);
});

test("Sugestão shows the common-word play first, then the best, then hides; an action makes it ask again", async () => {
  const said = [];
  let asked = 0;
  const best = { ...PLAY, points: 30, words: ["CASO"] };
  const suggestion = new Suggestion(async () => { asked += 1; return { common: PLAY, best }; },
    { say: (text) => said.push(text) });
  const hints = [];
  const game = { actions: [], state: { hand: [{ id: 2, letter: "C" }, { id: 3, letter: "?" }] }, inPlay: () => true,
    setHint: (hint) => hints.push(hint) };
  await suggestion.next(game);
  await suggestion.next(game);
  await suggestion.next(game);
  assert.equal(asked, 1, "one question per position");
  assert.deepEqual(hints.map((h) => h && [...h.squares.keys()].join()), ["C3,D3", "C3,D3", null]);
  assert.match(said[1], /com palavras comuns/);
  assert.match(said[3], /a melhor jogada\): CASO/);
  game.actions.push({ type: "shuffle" });
  suggestion.forget();
  await suggestion.next(game);
  assert.equal(asked, 2);
  assert.match(said.at(-1), /com palavras comuns/);
});

test("with no common-word play, Sugestão says so and points to the best play", async () => {
  const said = [];
  const suggestion = new Suggestion(async () => ({ common: null, best: PLAY }), { say: (text) => said.push(text) });
  const game = { actions: [], state: { hand: [] }, inPlay: () => true, setHint: () => {} };
  await suggestion.next(game);
  assert.match(said.at(-1), /Não há jogada só com palavras comuns/);
});
