// Node half of bench/dawg.py: load time and lookups per second of our DAWG reader,
// of a Set built from palavras.txt and of dawg-lookup's PTrie, on the same queries.
// Usage: node bench/dawg.mjs palavras.dawg palavras.txt coimbra.txt packed-out.txt
// Prints one JSON object; bench/dawg.py turns it into the table.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Dawg } from "../site_src/js/dawg.js";

const require = createRequire(import.meta.url);
const { Trie, PTrie } = require("dawg-lookup");

const [dawgPath, wordsPath, coimbraPath, packedOut] = process.argv.slice(2);
const dawgBytes = readFileSync(dawgPath);
const buffer = dawgBytes.buffer.slice(dawgBytes.byteOffset, dawgBytes.byteOffset + dawgBytes.byteLength);
const text = readFileSync(wordsPath, "utf8") + readFileSync(coimbraPath, "utf8");
const words = text.split("\n").filter(Boolean);
const ALPHABET = "ABCDEFGHIJLMNOPQRSTUVXZ";

// Half real words, half one-letter changes of them (mostly not words); built once, shared.
const queries = [];
for (let i = 0; i < words.length; i++) {
  const word = words[(i * 7919) % words.length];
  queries.push(word.slice(0, word.length));
  const at = i % word.length;
  queries.push(word.slice(0, at) + ALPHABET[(i * 31) % ALPHABET.length] + word.slice(at + 1));
}
const lowerQueries = queries.map((q) => q.toLowerCase());

function timeOnce(fn) {
  const start = performance.now();
  const value = fn();
  return [performance.now() - start, value];
}

function loadTimes(fn, repeats) {
  const [first] = timeOnce(fn);
  const times = [];
  for (let i = 0; i < repeats; i++) times.push(timeOnce(fn)[0]);
  times.sort((a, b) => a - b);
  return { firstMs: first, medianMs: times[times.length >> 1] };
}

const packStart = performance.now();
const packed = new Trie(words.map((w) => w.toLowerCase()).join(" ")).pack();
const packMs = performance.now() - packStart;
writeFileSync(packedOut, packed);

const load = {
  dawg: loadTimes(() => new Dawg(buffer), 200),
  set: loadTimes(() => new Set(text.split("\n").filter(Boolean)), 20),
  dawgLookup: loadTimes(() => new PTrie(packed), 20),
};

const dawg = new Dawg(buffer);
const set = new Set(words);
const ptrie = new PTrie(packed);
const REPEATS = 5; // each round asks every query this many times (dawg-lookup: once)
const contenders = {
  dawg: () => { let n = 0; for (let r = 0; r < REPEATS; r++) for (const q of queries) if (dawg.contains(q)) n++; return n / REPEATS; },
  set: () => { let n = 0; for (let r = 0; r < REPEATS; r++) for (const q of queries) if (set.has(q)) n++; return n / REPEATS; },
  dawgLookup: () => { let n = 0; for (const q of lowerQueries) if (ptrie.isWord(q)) n++; return n; },
};
const asked = { dawg: REPEATS * queries.length, set: REPEATS * queries.length, dawgLookup: queries.length };

// Rounds interleaved, best round kept: the machine is shared, the best is the least disturbed.
const best = { dawg: Infinity, set: Infinity, dawgLookup: Infinity };
const hits = {};
for (let round = 0; round < 9; round++) {
  for (const [name, fn] of Object.entries(contenders)) {
    if (name === "dawgLookup" && round > 2) continue; // ~100× slower; three rounds suffice
    const [ms, found] = timeOnce(fn);
    best[name] = Math.min(best[name], ms);
    hits[name] = found;
  }
}
const perSecond = Object.fromEntries(Object.entries(best).map(([k, ms]) => [k, asked[k] / (ms / 1000)]));

console.log(JSON.stringify({ queries: queries.length, hits, load, lookupsPerSecond: perSecond, packMs }));
