// Every torre.* value goes through one module, GameStorage (storage.js), which keeps the rules no
// store may forget (issue 41, item 4): a kept value that cannot be read whole is never written
// over nor removed until its text is copied aside; a copy is never written over; a key no one
// declared is refused; and no other module touches localStorage.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";

import { ArchiveStore } from "../../../site_src/js/ui/shared/archive_store.js";
import { ChallengeStore } from "../../../site_src/js/ui/shared/challenge_store.js";
import { DAMAGED_COPIES, GameStorage, emptyStats } from "../../../site_src/js/ui/shared/storage.js";
import { PracticeStore } from "../../../site_src/js/ui/treino/practice.js";
import { MemoryBackend } from "../helpers/memory-storage.mjs";
import { importResults } from "../../../site_src/js/ui/shared/archive_later.js";

const copiesOf = (key) => Array.from({ length: DAMAGED_COPIES }, (_, i) => (i === 0 ? key : `${key}.${i + 1}`));
const FIVE_HELD = (key) => Object.fromEntries(copiesOf(key).map((k, i) => [k, `estrago antigo ${i + 1}`]));
const SUMMARY = { floorReached: 2, total: 80, won: false };

// Each kept value, its copies' key, how a store writes it next, and the store that reads it.
const KEPT = {
  "torre.estatisticas": { copies: "torre.estatisticas.danificadas", write: (storage) => storage.saveStats(emptyStats()) },
  "torre.arquivo": { copies: "torre.arquivo.danificado", write: (storage) => new ArchiveStore(storage).addDaily("2026-12-01", SUMMARY) },
  "torre.treino": { copies: "torre.treino.danificado", write: (storage) => new PracticeStore(storage).saveRun(1, [{ type: "pass" }], null, "ABC") },
  "torre.desafios": { copies: "torre.desafios.danificados", write: (storage) => new ChallengeStore(storage).save([]) },
  "torre.corrida": { copies: "torre.corrida.danificada", write: (storage) => storage.saveRun("2026-12-01", [{ type: "pass" }]) },
};
const DAMAGED = '{"v":1,"isto está cortado';

function device(entries, full = []) {
  const backend = new MemoryBackend(entries, full);
  const storage = new GameStorage(backend);
  const told = [];
  storage.onRefused = (key) => told.push(key);
  return { backend, storage, told };
}

for (const [key, { copies, write }] of Object.entries(KEPT)) {
  test(`a sixth damaged ${key} is not written over when five copies are held, and that is said once`, () => {
    const { backend, storage, told } = device({ ...FIVE_HELD(copies), [key]: DAMAGED });
    assert.equal(write(storage), false);
    assert.equal(write(storage), false);
    assert.equal(backend.getItem(key), DAMAGED, "the damaged text is still there");
    assert.deepEqual(told, [key], "said once");
  });

  test(`a damaged ${key} is not written over when the storage is too full for its copy`, () => {
    const { backend, storage } = device({ [key]: DAMAGED }, copiesOf(copies));
    assert.equal(write(storage), false);
    assert.equal(backend.getItem(key), DAMAGED);
  });

  test(`a damaged ${key} is copied aside before the next write replaces it`, () => {
    const { backend, storage, told } = device({ [key]: DAMAGED });
    assert.equal(write(storage), true);
    assert.equal(backend.getItem(copies), DAMAGED);
    assert.notEqual(backend.getItem(key), DAMAGED);
    assert.deepEqual(told, []);
  });
}

test("a damaged daily save is not removed when no copy of it can be made", () => {
  const { backend, storage } = device({ ...FIVE_HELD("torre.corrida.danificada"), "torre.corrida": DAMAGED });
  assert.equal(storage.keepDamagedRun(), false);
  assert.equal(storage.clearRun(), false);
  assert.equal(backend.getItem("torre.corrida"), DAMAGED);
});

test("a copy is never written over by another", () => {
  const save = (actions) => JSON.stringify({ v: 1, date: "2026-12-01", actions });
  const { backend, storage } = device({ "torre.corrida": save([{ type: "pass" }]) });
  assert.equal(storage.setRunAside("2026-12-01"), true);
  backend.setItem("torre.corrida", save([{ type: "shuffle" }]));
  assert.equal(storage.setRunAside("2026-12-01"), false, "the first copy of that day stays");
  assert.equal(JSON.parse(backend.getItem("torre.corrida.posta-de-parte.2026-12-01")).actions[0].type, "pass");
});

test("a torre.* key no module declared is refused, and said as a bug", () => {
  const { backend, storage } = device({});
  const errors = [];
  const original = console.error;
  console.error = (message) => errors.push(message);
  try {
    assert.equal(storage.write("torre.novo", "x"), false);
  } finally {
    console.error = original;
  }
  assert.equal(backend.getItem("torre.novo"), null);
  assert.match(errors[0], /torre\.novo is not a key this version keeps/);
});

/** Every .js file under `dir`. */
function scripts(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? scripts(path) : name.endsWith(".js") ? [path] : [];
  });
}

test("no module but storage.js's GameStorage and browser.js's handle on it touches localStorage", () => {
  const root = new URL("../../../site_src/js/", import.meta.url).pathname;
  const code = (path) => readFileSync(path, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
  const touching = scripts(root).filter((path) => /localStorage|\.setItem\(|\.removeItem\(|\.getItem\(/.test(code(path)))
    .map((path) => relative(root, path)).sort();
  assert.deepEqual(touching, ["ui/shared/browser.js", "ui/shared/storage.js"]);
});

// Issue 41, item 12: with a full storage an import was half stored (statistics replaced, archive days not).
test("several writes are all or nothing: when one is refused, those before it are put back", () => {
  const before = JSON.stringify({ ...emptyStats(), runs: 0 });
  const { backend, storage } = device({ "torre.estatisticas": before }, ["torre.arquivo"]);
  const archive = new ArchiveStore(storage);
  const played = { ...emptyStats(), runs: 1, floors: [0, 1, 0, 0, 0], best: 80, streak: 1, bestStreak: 1, lastDate: "2026-11-30" };
  const stored = storage.all(() => storage.saveStats(played) && importResults(archive, { results: { "2026-11-20": { floor: 1, total: 0, won: false } } }));
  assert.equal(stored, false);
  assert.equal(backend.getItem("torre.estatisticas"), before, "the statistics put back");
  assert.equal(backend.getItem("torre.arquivo"), null);
  backend.full.clear();
  assert.equal(storage.all(() => storage.saveStats(played) && importResults(archive, { results: {} })), true);
  assert.equal(JSON.parse(backend.getItem("torre.estatisticas")).runs, 1);
});
