// Issue 41, "done when": random sequences of plays, damages, a storage that fills and frees, clock
// jumps forward and back and imports never lose or shorten a saved run, nor a damaged value,
// without a copy. The stores are driven as the pages drive them (runStore, carryEarlierRun,
// GameStorage.all); a seeded generator makes every failure reproducible (its seed is in the message).
import assert from "node:assert/strict";
import { test } from "node:test";

import { ArchiveStore, carryEarlierRun, runStore } from "../../../site_src/js/ui/shared/archive_store.js";
import { ChallengeStore } from "../../../site_src/js/ui/shared/challenge_store.js";
import { nextDate, previousDate } from "../../../site_src/js/ui/shared/lisbon_date.js";
import { GameStorage, addRun } from "../../../site_src/js/ui/shared/storage.js";
import { MemoryBackend } from "../helpers/memory-storage.mjs";
import { importResults } from "../../../site_src/js/ui/shared/archive_later.js";

/** A small seeded generator (mulberry32): the same seed, the same sequence, on every machine. */
function generator(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n | 0;
  };
}

const ACTIONS = [{ type: "pass" }, { type: "shuffle" }, { type: "recall" }];
const DAMAGE_KEYS = ["torre.estatisticas", "torre.desafios"];
const startsWith = (log, start) => start.length <= log.length && start.every((a, i) => JSON.stringify(a) === JSON.stringify(log[i]));

/** Every action log of `date` the device still holds, under any key (the day's save, the archive, the copies). */
function logsOf(backend, date) {
  const logs = [];
  for (const [key, raw] of backend.map) {
    let data;
    try {
      data = JSON.parse(raw);
    } catch {
      continue;
    }
    if (key === "torre.corrida" && data?.date === date) logs.push(data.actions);
    if (key === "torre.arquivo" && data?.runs?.[date]) logs.push(data.runs[date].actions);
    if (key.endsWith(`.posta-de-parte.${date}`)) logs.push(data.actions);
  }
  return logs;
}

function run(seed, steps = 60) {
  const pick = generator(seed);
  const backend = new MemoryBackend();
  const storage = new GameStorage(backend);
  const archive = new ArchiveStore(storage);
  const challenges = new ChallengeStore(storage);
  let today = "2026-12-01";
  const played = new Map(); // date → the log the page holds in memory
  const saved = new Map(); // date → the longest log a save was told was stored
  const damaged = []; // texts put in by the outside, which must stay somewhere
  for (let step = 0; step < steps; step += 1) {
    const move = pick(10);
    if (move <= 3) { // a play on today's tower, saved as the page saves it
      const log = [...(played.get(today) ?? runStore({ storage, archive }).loadRun(today).actions ?? []), ACTIONS[pick(3)]];
      played.set(today, log);
      if (runStore({ storage, archive, wordList: "0123456789" }).saveRun(today, log)) saved.set(today, log);
    } else if (move === 4) { // the storage fills up, or frees
      backend.full = pick(2) ? new Set([...backend.map.keys(), "torre.arquivo", "torre.corrida", ...DAMAGE_KEYS,
        ...Array.from({ length: 5 }, (_, i) => `torre.arquivo.danificado${i ? `.${i + 1}` : ""}`)]) : new Set();
    } else if (move === 5) { // midnight, or the clock set back
      today = pick(3) ? nextDate(today) : previousDate(today);
      played.clear(); // a reload: what the page held is what it reads back
      carryEarlierRun(storage, archive, today);
    } else if (move === 6) { // the outside damages a value
      const key = DAMAGE_KEYS[pick(DAMAGE_KEYS.length)];
      const text = `{"estrago": ${step}`;
      const before = damaged.indexOf(backend.map.get(key));
      if (before >= 0) damaged.splice(before, 1); // the outside wrote over its own damage: not the game's loss
      backend.map.set(key, text);
      damaged.push(text);
    } else if (move === 7) { // a run ends and is counted
      const { stats } = storage.loadStats();
      storage.all(() => storage.saveStats(addRun(stats, today, { floorReached: 1, total: 0, won: false }))
        && archive.addDaily(today, { floorReached: 1, total: 0, won: false }));
    } else if (move === 8) { // an import: statistics and archive days, all or nothing
      const { stats } = storage.loadStats();
      storage.all(() => storage.saveStats(stats) && importResults(archive, { results: { [previousDate(today)]: { floor: 2, total: 30, won: false } } }));
    } else { // the challenges' store is read and written back
      challenges.save(challenges.load());
    }
  }
  for (const [date, log] of saved) {
    assert.ok(logsOf(backend, date).some((kept) => startsWith(kept, log)),
      `seed ${seed}: the run of ${date} saved with ${log.length} actions is lost or shortened`);
  }
  const texts = [...backend.map.values()];
  for (const text of damaged) assert.ok(texts.includes(text), `seed ${seed}: the damaged text ${text} was written over uncopied`);
}

test("random plays, damages, a full storage, clock jumps and imports never lose a run or a damaged value uncopied", () => {
  for (let seed = 1; seed <= 300; seed += 1) run(seed);
});
